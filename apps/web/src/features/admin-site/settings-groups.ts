import { SETTING_KEYS, type SettingKey, type SiteImageKind } from '@stagepass/shared';

/**
 * The settings screen's tabs (/admin/settings): every setting of spec §3/§9 in one of them, each
 * field with its label (the accessible name e2e uses) and how it is edited. A setting added to
 * packages/shared/src/settings.ts without a place here still shows, in the "Other" tab, edited by
 * the type of its default.
 */
export type SettingInputKind = 'text' | 'email' | 'switch' | 'integer' | 'percent' | 'money' | 'gateway' | 'taxEngine' | 'saleKinds' | 'secret' | 'image' | 'countries' | 'places' | 'menus';

export interface SettingFieldDef {
  key: SettingKey;
  label: string;
  kind: SettingInputKind;
  /** Help under the field. */
  extra?: string;
  /** `image`: which kind of site picture an upload makes. */
  imageKind?: SiteImageKind;
}

export interface SettingsGroup {
  id: string;
  title: string;
  lead: string;
  fields: SettingFieldDef[];
}

export const SETTINGS_GROUPS: SettingsGroup[] = [
  {
    id: 'general',
    title: 'General',
    lead: 'The site’s name and pictures, shown in the header, the browser tab and e-mails.',
    fields: [
      { key: 'siteName', label: 'Site name', kind: 'text' },
      { key: 'logoUrl', label: 'Logo (light theme)', kind: 'image', imageKind: 'logo', extra: 'PNG, JPEG or WebP; shown at most 600×200.' },
      { key: 'darkmodeLogoUrl', label: 'Logo (dark theme)', kind: 'image', imageKind: 'logo' },
      { key: 'favicon', label: 'Favicon', kind: 'image', imageKind: 'favicon', extra: 'Made into a 64×64 PNG.' },
      { key: 'gaCode', label: 'Google Analytics id', kind: 'text', extra: 'G-… or UA-…; empty for none.' },
      { key: 'contactEmail', label: 'Contact e-mail', kind: 'email', extra: 'Where contact-form messages go. Empty: every administrator.' },
    ],
  },
  {
    id: 'menus',
    title: 'Menus',
    lead: 'Links in the header and the footer. Published static pages marked “Show in footer” are added to the footer by themselves.',
    fields: [{ key: 'menus', label: 'Menu links', kind: 'menus' }],
  },
  {
    id: 'access',
    title: 'Access',
    lead: 'Who can use the site, and from where.',
    fields: [
      { key: 'maintenanceMode', label: 'Maintenance mode', kind: 'switch', extra: 'Everyone but administrators sees the maintenance page.' },
      { key: 'blockedCountries', label: 'Blocked countries', kind: 'countries', extra: 'Visitors from these countries see “Not available in your region”.' },
      { key: 'minimumAge', label: 'Minimum age', kind: 'integer', extra: 'Every sign-up confirms being at least this old. Raised: accounts confirm again with the next terms they accept.' },
      { key: 'ageVerificationPlaces', label: 'Age verification places', kind: 'places', extra: 'Countries (GB) or US states (US-UT, US-LA) where fans verify their age before seeing adult creators. A state lists its whole country: addresses tell only the country.' },
      { key: 'ageDocumentRetentionDays', label: 'Keep age verification pictures (days)', kind: 'integer', extra: '0: the ID photo and selfie are deleted as soon as the age is decided.' },
      { key: 'requireEmailVerification', label: 'Require e-mail verification', kind: 'switch' },
      { key: 'requireCreatorVerification', label: 'Require creator verification', kind: 'switch', extra: 'Creators sell, are paid and request payouts only once their identity documents are approved.' },
      { key: 'fanToFanMessages', label: 'Fans may message fans', kind: 'switch' },
      { key: 'clientPasswordHashing', label: 'Hash passwords in the browser', kind: 'switch' },
      { key: 'takedownStrikeLimit', label: 'Takedown strikes before suspension', kind: 'integer', extra: 'A creator whose content this many takedown notices hid (not restored by a counter-notice) is suspended. 1–100.' },
      { key: 'takedownWaitDays', label: 'Counter-notice wait (days)', kind: 'integer', extra: 'Content a counter-notice answers comes back after this many days unless the claimant tells you they filed an action. 0–60.' },
      { key: 'watermarkVisible', label: 'Visible watermark on paid pictures (default)', kind: 'switch', extra: "For creators who have not chosen: each fan's copy shows the creator's address and the fan's username." },
      { key: 'watermarkPosition', label: 'Watermark position (default)', kind: 'text', extra: 'One of: top-left, top-right, bottom-left, bottom-right, center, tiled.' },
      { key: 'watermarkOpacity', label: 'Watermark opacity, % (default)', kind: 'integer', extra: '10–90.' },
      { key: 'forensicMarkDefault', label: 'Invisible forensic mark (default)', kind: 'switch', extra: "Each fan's copy carries an invisible code the leak tracer reads. Creators and single items may turn it off." },
    ],
  },
  {
    id: 'money',
    title: 'Money',
    lead: 'Price limits, commission, free subscriptions, the card payment gateway and the sales tax engine.',
    fields: [
      { key: 'minimumSubscriptionPrice', label: 'Minimum subscription price', kind: 'money' },
      { key: 'maximumSubscriptionPrice', label: 'Maximum subscription price', kind: 'money' },
      { key: 'minimumWalletPrice', label: 'Minimum wallet top-up', kind: 'money' },
      { key: 'maximumWalletPrice', label: 'Maximum wallet top-up', kind: 'money' },
      { key: 'minimumTipPrice', label: 'Minimum tip', kind: 'money' },
      { key: 'maximumTipPrice', label: 'Maximum tip', kind: 'money' },
      { key: 'minimumMessagePrice', label: 'Minimum message price', kind: 'money' },
      { key: 'maximumMessagePrice', label: 'Maximum message price', kind: 'money' },
      { key: 'minimumPayoutAmount', label: 'Minimum payout', kind: 'money' },
      { key: 'commissionPercentage', label: 'Site commission (%)', kind: 'percent' },
      { key: 'referralsEnabled', label: 'Creator referrals', kind: 'switch', extra: "On: a creator who signs up through another creator's referral link earns the referrer a share of the site's commission on their sales (Money → Referrals)." },
      { key: 'referralSharePercentage', label: "Referrer's share of the commission (%)", kind: 'percent' },
      { key: 'referralMonths', label: 'Referral length (months from sign-up)', kind: 'integer' },
      { key: 'disputeLocksContent', label: 'Lock content while a payment is disputed', kind: 'switch', extra: 'On: a fan’s subscription paid by a disputed card payment is suspended until the dispute closes (lost: it ends). Off: what was bought stays usable.' },
      { key: 'bundlesEnabled', label: 'Subscription bundles', kind: 'switch', extra: 'On: creators may sell 3-, 6- and 12-month bundles of a tier at a discount, paid up front. Off: no new bundles are sold; running ones keep their terms.' },
      { key: 'bundleMaxDiscountPercent', label: 'Largest bundle discount (%)', kind: 'integer', extra: 'A bundle set above it is sold at this discount.' },
      { key: 'freeSubscriptionEnabled', label: 'Free subscriptions', kind: 'switch' },
      { key: 'freeSubscriptionDuration', label: 'Free subscription length (days)', kind: 'integer' },
      { key: 'paymentGateway', label: 'Payment gateway', kind: 'gateway' },
      { key: 'stripePublishableKey', label: 'Stripe publishable key', kind: 'text' },
      { key: 'stripeSecretKey', label: 'Stripe secret key', kind: 'secret' },
      { key: 'stripeWebhookSecret', label: 'Stripe webhook secret', kind: 'secret' },
      { key: 'salesTaxEngine', label: 'Sales tax engine', kind: 'taxEngine' },
      { key: 'stripeTaxInclusive', label: 'Stripe Tax: prices include the tax', kind: 'switch', extra: 'Off: the tax is added on top of every price (“$9.95 + $1.89 VAT”). On: it is inside the price.' },
      { key: 'stripeTaxKinds', label: 'Stripe Tax: kinds of sale taxed', kind: 'saleKinds', extra: 'The other kinds are sold without tax while Stripe Tax is in force.' },
    ],
  },
  {
    id: 'sign-in',
    title: 'Sign-in',
    lead: 'Social sign-in and the bot check on public forms.',
    fields: [
      { key: 'googleLoginEnabled', label: 'Sign in with Google', kind: 'switch' },
      { key: 'googleClientId', label: 'Google client id', kind: 'text' },
      { key: 'googleClientSecret', label: 'Google client secret', kind: 'secret' },
      { key: 'twitterLoginEnabled', label: 'Sign in with X (Twitter)', kind: 'switch' },
      { key: 'twitterConsumerKey', label: 'Twitter consumer key', kind: 'secret' },
      { key: 'twitterConsumerSecret', label: 'Twitter consumer secret', kind: 'secret' },
      { key: 'recaptchaEnabled', label: 'reCAPTCHA', kind: 'switch', extra: 'The contact form asks for it while on.' },
      { key: 'recaptchaSiteKey', label: 'reCAPTCHA site key', kind: 'text' },
      { key: 'recaptchaSecretKey', label: 'reCAPTCHA secret key', kind: 'secret' },
    ],
  },
  {
    id: 'live',
    title: 'Live video',
    lead: 'Agora instead of the built-in Janus server for live streams, how long a stream waits for a creator whose connection dropped, and when viewers watch over HLS (large audiences).',
    fields: [
      { key: 'liveReconnectGraceSeconds', label: 'Wait for a dropped creator (seconds)', kind: 'integer', extra: 'Viewers see that the connection dropped; a creator back within this time carries on in the same stream, otherwise it ends. 10–600.' },
      { key: 'liveHlsDefault', label: 'Play public streams over HLS by default', kind: 'switch', extra: 'Public and ticketed streams play over HLS for every viewer: any audience size, a few seconds behind live. Private shows stay on WebRTC.' },
      { key: 'liveWebrtcViewersPerServer', label: 'WebRTC viewers per live video server', kind: 'integer', extra: 'How many viewers one built-in live video server (Janus) carries over WebRTC; past every server’s limit, viewers watch over HLS. 1–5000.' },
      { key: 'liveRecordingEnabled', label: 'Creators may record replays', kind: 'switch', extra: 'A recorded stream becomes a draft video in the creator’s vault (built-in live video server only).' },
      { key: 'agoraEnable', label: 'Use Agora', kind: 'switch' },
      { key: 'agoraAppId', label: 'Agora app id', kind: 'text' },
      { key: 'agoraCertificate', label: 'Agora app certificate', kind: 'secret' },
    ],
  },
].map((g) => ({ ...g, fields: (g.fields as SettingFieldDef[]).filter((f) => (SETTING_KEYS as string[]).includes(f.key)) }));

/** Settings without a place above (added later to shared): edited by the type of their value. */
export function otherFields(values: Record<string, { value: unknown; secret: boolean; description: string }>): SettingFieldDef[] {
  const placed = new Set(SETTINGS_GROUPS.flatMap((g) => g.fields.map((f) => f.key)));
  return SETTING_KEYS.filter((k) => !placed.has(k) && values[k]).map((k) => {
    const v = values[k]!;
    const kind: SettingInputKind = v.secret ? 'secret' : typeof v.value === 'boolean' ? 'switch' : typeof v.value === 'number' ? 'percent' : 'text';
    return { key: k, label: v.description || k, kind };
  });
}
