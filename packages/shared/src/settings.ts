import './zod-config';
import { z } from 'zod';
import { PURCHASABLE_KINDS } from './content-kinds';

/**
 * Every site setting: its validation, its default (spec §9, §3) and whether it is public (served
 * by GET /settings/public) or secret (never leaves the server, write-only through the admin API).
 * Prices are decimals in the site currency, as everywhere in the API.
 */
const price = z.number().positive().max(1_000_000).multipleOf(0.01);
/**
 * A menu link: an absolute http(s) URL or a path on this site (`/…`, not `//host` or `/\host`,
 * which browsers read as another host). Anything else (`javascript:`, `data:`…) is refused.
 */
export const MENU_PATH_PATTERN = /^(https?:\/\/[^\s/\\]+[^\s]*|\/(?![/\\])[^\s]*)$/i;
const menuItem = z.object({
  title: z.string().trim().min(1).max(60),
  path: z.string().trim().min(1).max(500).regex(MENU_PATH_PATTERN, 'Must be an http(s) URL or a path on this site starting with /'),
  section: z.enum(['header', 'footer']).default('header'),
  isNewTab: z.boolean().default(false),
});
export type MenuItem = z.infer<typeof menuItem>;
const url = z.union([z.literal(''), z.string().trim().max(2000).regex(/^(https?:\/\/|\/)/, 'Must be an http(s) URL or a path')]);
const countryCode = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Must be a two-letter ISO country code');

interface SettingDef<T extends z.ZodTypeAny> {
  schema: T;
  default: z.infer<T>;
  public: boolean;
  secret?: boolean;
  description: string;
}
const def = <T extends z.ZodTypeAny>(d: SettingDef<T>) => d;
/** The kinds of sale (the ledger's earning types, as in earnings.ts — not imported from there: it imports this file's importers). */
const SALE_KINDS = ['subscription', 'tip', ...PURCHASABLE_KINDS] as const;

export const SETTINGS = {
  siteName: def({ schema: z.string().trim().min(1).max(80), default: 'Stagepass', public: true, description: 'Site name shown in the header and titles' }),
  logoUrl: def({ schema: url, default: '/logo.svg', public: true, description: 'Logo (light theme)' }),
  darkmodeLogoUrl: def({ schema: url, default: '/logo-dark.svg', public: true, description: 'Logo (dark theme)' }),
  favicon: def({ schema: url, default: '/favicon.ico', public: true, description: 'Favicon address' }),
  menus: def({ schema: z.array(menuItem).max(50), default: [] as MenuItem[], public: true, description: 'Header and footer menu links' }),
  gaCode: def({ schema: z.string().trim().max(40).regex(/^$|^(G|UA)-[A-Z0-9-]+$/, 'Not a Google Analytics id'), default: '', public: true, description: 'Google Analytics measurement id' }),
  minimumAge: def({ schema: z.number().int().min(13).max(25), default: 18, public: true, description: 'The age every account confirms at sign-up (raising it asks accounts to confirm again with the next terms they accept)' }),
  ageVerificationPlaces: def({ schema: z.array(z.string().trim().toUpperCase().regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, 'A country code (GB) or a region code (US-UT)')).max(300), default: [] as string[], public: false, description: 'Countries (GB) and regions (US-UT) where fans verify their age before seeing adult content (modules/legal, age assurance)' }),
  ageDocumentRetentionDays: def({ schema: z.number().int().min(0).max(365), default: 0, public: false, description: 'Days the ID photo and selfie of an age verification are kept after the decision (0: deleted right away)' }),
  takedownStrikeLimit: def({ schema: z.number().int().min(1).max(100), default: 3, public: false, description: 'Takedown strikes (items hidden by a takedown notice, not restored) at which a creator\'s account is suspended (modules/takedowns)' }),
  watermarkVisible: def({ schema: z.boolean(), default: true, public: false, description: "Default for creators who have not chosen: paid and subscriber images show the creator's address and the viewer's username (modules/protection)" }),
  watermarkPosition: def({ schema: z.enum(['top-left', 'top-right', 'bottom-left', 'bottom-right', 'center', 'tiled']), default: 'bottom-right', public: false, description: 'Default place of the visible image watermark (modules/protection)' }),
  watermarkOpacity: def({ schema: z.number().int().min(10).max(90), default: 40, public: false, description: 'Default opacity of the visible image watermark, percent (modules/protection)' }),
  forensicMarkDefault: def({ schema: z.boolean(), default: true, public: false, description: "Default: every viewer's copy of a paid or subscriber image carries an invisible mark the leak tracer reads (modules/protection)" }),
  takedownWaitDays: def({ schema: z.number().int().min(0).max(60), default: 10, public: false, description: 'Days after a counter-notice before the items come back, unless the claimant answers (modules/takedowns)' }),
  requireEmailVerification: def({ schema: z.boolean(), default: false, public: true, description: 'Users must verify their e-mail before logging in' }),
  maintenanceMode: def({ schema: z.boolean(), default: false, public: true, description: 'Show the maintenance view to everyone but admins' }),
  clientPasswordHashing: def({ schema: z.boolean(), default: false, public: true, description: 'The web client hashes passwords (SHA-256) before sending them' }),
  stripePublishableKey: def({ schema: z.string().trim().max(200), default: '', public: true, description: 'Stripe publishable key' }),
  stripeSecretKey: def({ schema: z.string().trim().max(200), default: '', public: false, secret: true, description: 'Stripe secret key' }),
  stripeWebhookSecret: def({ schema: z.string().trim().max(200), default: '', public: false, secret: true, description: 'Stripe webhook signing secret' }),
  agoraAppId: def({ schema: z.string().trim().max(100), default: '', public: true, description: 'Agora app id' }),
  agoraCertificate: def({ schema: z.string().trim().max(100), default: '', public: false, secret: true, description: 'Agora app certificate' }),
  agoraEnable: def({ schema: z.boolean(), default: false, public: true, description: 'Use Agora for live video' }),
  liveReconnectGraceSeconds: def({ schema: z.number().int().min(10).max(600), default: 60, public: true, description: 'Seconds a live stream waits for its creator to come back after their connection drops' }),
  liveRecordingEnabled: def({ schema: z.boolean(), default: true, public: true, description: 'Creators may record their live streams (Janus): the recording becomes a draft video in their vault' }),
  liveHlsDefault: def({ schema: z.boolean(), default: false, public: true, description: 'Public and group streams play over HLS by default (a few seconds behind, any audience size); private shows stay WebRTC' }),
  liveWebrtcViewersPerServer: def({ schema: z.number().int().min(1).max(5000), default: 200, public: false, description: 'WebRTC viewers one live video server (Janus) carries; past every server\'s limit, viewers watch over HLS' }),
  paymentGateway: def({ schema: z.enum(['stripe', 'sandbox']), default: 'stripe', public: true, description: 'Card payment gateway' }),
  salesTaxEngine: def({ schema: z.enum(['rules', 'stripe_tax']), default: 'rules', public: true, description: 'Sales tax engine: the operator\'s tax rules, or Stripe Tax (only with the Stripe gateway)' }),
  stripeTaxInclusive: def({ schema: z.boolean(), default: false, public: false, description: 'Stripe Tax: prices include the tax (off: it is added on top)' }),
  stripeTaxKinds: def({ schema: z.array(z.enum(SALE_KINDS)).max(20).transform((k) => [...new Set(k)]), default: [...SALE_KINDS] as Array<(typeof SALE_KINDS)[number]>, public: false, description: 'Stripe Tax: the kinds of sale it taxes' }),
  freeSubscriptionEnabled: def({ schema: z.boolean(), default: true, public: true, description: 'Creators may offer free subscriptions' }),
  freeSubscriptionDuration: def({ schema: z.number().int().min(1).max(365), default: 1, public: true, description: 'Default free subscription length (days)' }),
  minimumSubscriptionPrice: def({ schema: price, default: 2.95, public: true, description: 'Lowest monthly subscription price' }),
  maximumSubscriptionPrice: def({ schema: price, default: 300, public: true, description: 'Highest monthly subscription price' }),
  bundlesEnabled: def({ schema: z.boolean(), default: true, public: true, description: 'Creators may offer 3-, 6- and 12-month subscription bundles at a discount (new bundle subscriptions; running ones keep their terms)' }),
  bundleMaxDiscountPercent: def({ schema: z.number().int().min(1).max(90), default: 50, public: true, description: 'Largest discount a creator may give on a subscription bundle (%)' }),
  minimumWalletPrice: def({ schema: price, default: 2.95, public: true, description: 'Smallest wallet top-up' }),
  maximumWalletPrice: def({ schema: price, default: 300, public: true, description: 'Largest wallet top-up' }),
  minimumTipPrice: def({ schema: price, default: 10, public: true, description: 'Smallest tip' }),
  maximumTipPrice: def({ schema: price, default: 10000, public: true, description: 'Largest tip' }),
  minimumMessagePrice: def({ schema: price, default: 1, public: true, description: 'Lowest price of paid media in a message' }),
  maximumMessagePrice: def({ schema: price, default: 500, public: true, description: 'Highest price of paid media in a message' }),
  fanToFanMessages: def({ schema: z.boolean(), default: false, public: true, description: 'Fans may message other fans (creators always message their fans)' }),
  requireCreatorVerification: def({ schema: z.boolean(), default: true, public: true, description: 'Creators must have their identity documents approved before they sell, are paid or request payouts' }),
  minimumPayoutAmount: def({ schema: price, default: 50, public: true, description: 'Smallest payout request' }),
  disputeLocksContent: def({ schema: z.boolean(), default: false, public: false, description: 'While a card payment is disputed, the subscription it paid for is suspended (off: what it bought stays usable)' }),
  commissionPercentage: def({ schema: z.number().min(0).max(100), default: 20, public: false, description: 'Site commission on sales (%)' }),
  referralsEnabled: def({ schema: z.boolean(), default: true, public: true, description: "Creator referrals: a creator who signs up through another's referral link earns the referrer a share of the site's commission on their sales (modules/referrals)" }),
  referralSharePercentage: def({ schema: z.number().min(0).max(100).multipleOf(0.01), default: 10, public: false, description: "The referrer's share of the site's commission on a referred creator's sales (%)" }),
  referralMonths: def({ schema: z.number().int().min(1).max(120), default: 12, public: false, description: "Months from a referred creator's sign-up during which their sales pay the referrer" }),
  blockedCountries: def({ schema: z.array(countryCode).max(300), default: [] as string[], public: false, description: 'ISO codes of countries the whole site is blocked in' }),
  googleLoginEnabled: def({ schema: z.boolean(), default: false, public: true, description: 'Allow sign-in with Google' }),
  googleClientId: def({ schema: z.string().trim().max(300), default: '', public: true, description: 'Google OAuth client id' }),
  googleClientSecret: def({ schema: z.string().trim().max(300), default: '', public: false, secret: true, description: 'Google OAuth client secret' }),
  twitterLoginEnabled: def({ schema: z.boolean(), default: false, public: true, description: 'Allow sign-in with Twitter/X' }),
  twitterConsumerKey: def({ schema: z.string().trim().max(300), default: '', public: false, secret: true, description: 'Twitter consumer (API) key' }),
  twitterConsumerSecret: def({ schema: z.string().trim().max(300), default: '', public: false, secret: true, description: 'Twitter consumer (API) secret' }),
  recaptchaEnabled: def({ schema: z.boolean(), default: false, public: true, description: 'Require reCAPTCHA on sign-up and login' }),
  recaptchaSiteKey: def({ schema: z.string().trim().max(300), default: '', public: true, description: 'reCAPTCHA site key' }),
  recaptchaSecretKey: def({ schema: z.string().trim().max(300), default: '', public: false, secret: true, description: 'reCAPTCHA secret key' }),
  contactEmail: def({ schema: z.union([z.literal(''), z.string().trim().max(254).pipe(z.email({ error: 'Enter a valid e-mail address' }))]), default: '', public: false, description: 'Where contact-form messages are e-mailed (empty: every administrator)' }),
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]['schema']>;
export type SettingsMap = { [K in SettingKey]: SettingValue<K> };

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];
export const PUBLIC_SETTING_KEYS = SETTING_KEYS.filter((k) => SETTINGS[k].public);
export const SECRET_SETTING_KEYS = SETTING_KEYS.filter((k) => 'secret' in SETTINGS[k] && SETTINGS[k].secret);
export const isSettingKey = (k: string): k is SettingKey => Object.prototype.hasOwnProperty.call(SETTINGS, k);

export const DEFAULT_SETTINGS = Object.fromEntries(
  SETTING_KEYS.map((k) => [k, SETTINGS[k].default]),
) as SettingsMap;

/**
 * GET /settings/public: the public keys, plus `paymentsSandbox` — derived, not stored: true when
 * payments go through the sandbox gateway (no Stripe keys), so the web shows a 'test payments' notice.
 */
export type PublicSettings = Pick<SettingsMap, (typeof PUBLIC_SETTING_KEYS)[number]> & { paymentsSandbox: boolean };

/** Pairs of (minimum, maximum) keys that must stay ordered. */
export const MIN_MAX_PAIRS: Array<[SettingKey, SettingKey]> = [
  ['minimumSubscriptionPrice', 'maximumSubscriptionPrice'],
  ['minimumWalletPrice', 'maximumWalletPrice'],
  ['minimumTipPrice', 'maximumTipPrice'],
];

/**
 * Cross-key rule: after setting `key` to `value` on top of `current`, every minimum must stay ≤ its
 * maximum. Returns an error text or null.
 */
export function checkSettingConsistency(current: SettingsMap, key: SettingKey, value: unknown): string | null {
  const next = { ...current, [key]: value } as SettingsMap;
  for (const [min, max] of MIN_MAX_PAIRS) {
    if ((next[min] as number) > (next[max] as number)) return `${min} must not be greater than ${max}`;
  }
  if (next.salesTaxEngine === 'stripe_tax' && !stripeGatewayConfigured(next)) return STRIPE_TAX_NEEDS_STRIPE;
  return null;
}

/** Stripe Tax needs the Stripe gateway: `paymentGateway` stripe with a secret key (else payments go through the sandbox). */
export const stripeGatewayConfigured = (s: Pick<SettingsMap, 'paymentGateway' | 'stripeSecretKey'>): boolean => s.paymentGateway === 'stripe' && !!s.stripeSecretKey;
export const STRIPE_TAX_NEEDS_STRIPE = 'Stripe Tax works only while the payment gateway is Stripe (with its secret key set): switch to the tax rules first, or set up Stripe';

export const settingKeysBodySchema = z.object({ keys: z.array(z.string().max(60)).min(1).max(100) });
export const settingValueBodySchema = z.object({ value: z.unknown() });
