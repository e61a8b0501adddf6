import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { usernameSchema, type CreateFeedInput, type Locale } from '@stagepass/shared';
import { seedReferrals } from './demo-referrals';
import { seedTracking } from './demo-tracking';
import { seedPromotions } from './demo-promotions';
import { seedPostOrganizing } from './demo-post-organizing';
import { seedAutoMessages } from './demo-auto-messages';
import { seedCalendar } from './demo-calendar';
import { seedFans } from './demo-fans';
import { seedStatistics } from './demo-statistics';
import { seedStatisticsHistory } from './demo-statistics-history';
import { seedTipMenu } from './demo-tipmenu';
import type { Root } from '../root';
import type { UserRow } from '../modules/users/users.tables';
import { users } from '../modules/users/users.tables';
import { performerProfiles } from '../modules/performers/performers.tables';
import { feeds } from '../modules/feeds/feeds.tables';
import { comments } from '../modules/comments/comments.tables';
import { conversationMembers } from '../modules/messages/messages.tables';
import { demoMediaMaker, type DemoMediaMaker, type DemoMediaOptions } from './demo-media';
import { seedCatalogue } from './demo-catalogue';
import { seedConsole, seedLegal } from './demo-console';
import { seedAge } from './demo-age';
import { seedPrivacy } from './demo-privacy';
import { seedScreening } from './demo-screening';
import { seedProtection } from './demo-protection';
import { seedTakedowns } from './demo-takedowns';
import { seedReleases } from './demo-releases';
import { seedLive } from './demo-live';
import { seedDisputes } from './demo-disputes';
import { seedReconciliation } from './demo-reconciliation';
import { seedTaxDetails } from './demo-taxes';
import { seedSalesTax } from './demo-sales-tax';
import { seedTiers } from './demo-tiers';
import { seedBundles } from './demo-bundles';

export const DEMO_PASSWORD = 'stagepass-demo';

type Colors = [string, string];
interface DemoCreator {
  bio: string;
  colors: Colors;
  cover: Colors;
  pricing: { monthlyPrice: number; freeSubscriptionEnabled: boolean; freeSubscriptionDays?: number };
}
interface DemoAccount {
  key: 'fan' | 'fanEs' | 'admin' | 'luna' | 'iris' | 'marco';
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The account's saved language (none: the browser's). */
  locale?: Locale;
  creator?: DemoCreator;
}

/**
 * The demo accounts (README "Demo accounts"). Usernames must pass `usernameSchema` — never a
 * reserved word such as `creator` or `admin`, which would shadow the web's /creator and /admin
 * routes (a unit test checks). The e-mails are what people log in with.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { key: 'fan', username: 'fan', email: 'fan@example.com', firstName: 'Frankie', lastName: 'Fan' },
  // The same kind of fan with Spanish set (issue 34 §3): the site, its e-mails and notifications in Spanish.
  { key: 'fanEs', username: 'fan-es', email: 'fan-es@example.com', firstName: 'Sofía', lastName: 'Fan', locale: 'es' },
  { key: 'admin', username: 'operator', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin' },
  {
    key: 'luna', username: 'luna', email: 'creator@example.com', firstName: 'Luna', lastName: 'Rivers',
    creator: {
      bio: 'Singer-songwriter sharing acoustic sessions, studio diaries and the odd cover. Subscribe for weekly new songs.',
      colors: ['#7c4dff', '#ff6f91'], cover: ['#2b1055', '#7597de'],
      pricing: { monthlyPrice: 9.95, freeSubscriptionEnabled: true, freeSubscriptionDays: 7 },
    },
  },
  {
    key: 'iris', username: 'iris', email: 'iris@example.com', firstName: 'Iris', lastName: 'Vale',
    creator: {
      bio: 'Film photographer. Rooftops, night markets and the people in between. Full-resolution sets for subscribers.',
      colors: ['#11998e', '#38ef7d'], cover: ['#0f2027', '#2c5364'],
      pricing: { monthlyPrice: 4.99, freeSubscriptionEnabled: false },
    },
  },
  {
    key: 'marco', username: 'marco', email: 'marco@example.com', firstName: 'Marco', lastName: 'Diaz',
    creator: {
      bio: 'Beat maker and producer. Loops, stems and behind-the-scenes of every track I finish.',
      colors: ['#f7971e', '#ffd200'], cover: ['#41295a', '#2f0743'],
      pricing: { monthlyPrice: 6.99, freeSubscriptionEnabled: true, freeSubscriptionDays: 3 },
    },
  },
];

/** What a demo post is made of; media are generated when the post is created. */
interface PostSpec {
  text: string;
  visibility: CreateFeedInput['visibility'];
  price?: number;
  photos?: Array<[string, string?]>;
  video?: string;
  audio?: boolean;
  teaser?: string;
  poll?: { question: string; options: string[] };
  /** Days ago it was published (spreads the posts over the last weeks); negative = scheduled that many days ahead. */
  daysAgo: number;
}

const LUNA_POSTS: PostSpec[] = [
  { text: 'Welcome to my page! New songs every week, studio diaries and live sessions. The full tour dates are at https://example.com/tour', visibility: 'free', daysAgo: 20 },
  { text: 'Sunday acoustic session: three takes, one guitar, zero edits.', visibility: 'free', photos: [['Acoustic session', 'take 1'], ['Acoustic session', 'take 2'], ['Acoustic session', 'take 3']], daysAgo: 14 },
  { text: 'A little soundcheck from last night.', visibility: 'free', video: 'Soundcheck', daysAgo: 11 },
  { text: 'Demo of a new song, rough and early. Tell me what you think.', visibility: 'free', audio: true, daysAgo: 9 },
  { text: 'Which cover should I record next?', visibility: 'free', poll: { question: 'Next cover?', options: ['Jolene', 'Landslide', 'Dreams'] }, daysAgo: 6 },
  { text: 'Studio diary, day 4: the vocal booth finally sounds right.', visibility: 'subscribers', photos: [['Studio diary', 'day 4']], daysAgo: 4 },
  { text: 'Subscribers first: the full rehearsal of the new single.', visibility: 'subscribers', video: 'Rehearsal', daysAgo: 2 },
  { text: 'Bonus track, unreleased. Pay-per-view for everyone who wants to own it.', visibility: 'ppv', price: 4.99, audio: true, teaser: 'Bonus track', daysAgo: 1 },
  { text: 'Tour announcement coming this weekend.', visibility: 'free', photos: [['Tour 2027', 'soon']], daysAgo: -3 },
];
const IRIS_POSTS: PostSpec[] = [
  { text: 'Night market, two rolls of film.', visibility: 'free', photos: [['Night market', 'frame 12'], ['Night market', 'frame 27']], daysAgo: 12 },
  { text: 'Rooftop series, full resolution for subscribers.', visibility: 'subscribers', photos: [['Rooftops', 'no. 3']], daysAgo: 5 },
  { text: 'Developing day. Shooting schedule for the month is up.', visibility: 'free', daysAgo: 3 },
];
const MARCO_POSTS: PostSpec[] = [
  { text: 'Fresh loop from this morning, free for everyone.', visibility: 'free', audio: true, daysAgo: 10 },
  { text: 'Behind the scenes of the new beat.', visibility: 'free', photos: [['Studio', 'late night']], daysAgo: 7 },
  { text: 'Stems of the last track, for subscribers.', visibility: 'subscribers', audio: true, daysAgo: 2 },
];

/**
 * Demo data, through the same services the API uses (so media is processed, money goes through
 * the sandbox gateway and the ledger, counters move): the fan (test card, $50 wallet), the
 * operator, three creators with avatars, covers, bios, prices and posts of every kind (media made
 * on the spot), and the fan following one creator, subscribed to another, with a tip, likes, a comment
 * and a bookmark; Luna has a welcome video; the catalogue (videos, galleries, shop, an order: demo-catalogue.ts); live streaming (Luna's private show rate, a past ticketed stream with chat and a tip: demo-live.ts); card disputes and a refund of two more fans' payments (demo-disputes.ts); a clean reconciliation run of the demo's period (demo-reconciliation.ts). Never in production. Idempotent: every step checks what exists, so a second
 * run changes nothing (and a run cut short is completed by the next one).
 */
/**
 * The demo operator's TOTP secret (base32), published in the README so anyone trying the demo (in
 * any authenticator app) and the e2e tests can compute the codes. Demo only: a real operator sets
 * 2FA up on the account page with a secret of their own.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'STAGEPASSDEMOADMIN2FA7OTPSECRET2';

export async function seedDemo(ctx: Root, log?: FastifyBaseLogger, opts: { tmpDir?: string; media?: DemoMediaOptions } = {}) {
  if (ctx.config.NODE_ENV === 'production') throw new Error('Demo data is never seeded in production');
  const started = Date.now();
  const feedsService = ctx.feeds;
  // One maker (one temp directory) shared by the creators seeded side by side: keep the promise,
  // not its result, or each concurrent first caller makes its own directory and only one is removed.
  let media: Promise<DemoMediaMaker> | null = null;
  const maker = () => (media ??= demoMediaMaker(opts.tmpDir, opts.media));
  const account: Partial<Record<DemoAccount['key'], { user: UserRow; created: boolean }>> = {};
  try {
    for (const a of DEMO_ACCOUNTS) {
      try {
        account[a.key] = await ensureAccount(ctx, a);
      } catch (err) {
        // Someone registered that username on this site: leave their account alone, skip ours.
        if ((err as { statusCode?: number }).statusCode !== 409) throw err;
        log?.warn(`demo account ${a.email} skipped: the username ${a.username} is taken`);
      }
    }
    if (account.admin?.created) await ctx.db.update(users).set({ roles: ['user', 'admin'] }).where(eq(users.id, account.admin.user.id));
    // The operator console needs 2FA: the demo operator has it on with a published secret (README).
    const admin = account.admin;
    if (admin && (admin.created || admin.user.roles.includes('admin')) && !admin.user.twoFactorEnabled) {
      await ctx.twoFactor.enableWithKnownSecret(admin.user.id, DEMO_ADMIN_TOTP_SECRET);
    }

    // Creators: profile, pictures and prices when new; posts when they have none yet.
    await Promise.all(
      DEMO_ACCOUNTS.filter((a) => a.creator && account[a.key]).map(async (a) => {
        const { user, created } = account[a.key]!;
        const c = a.creator!;
        if (created) {
          // Demo creators are verified (performers README "Verification"): they sell from the start.
          await ctx.db.update(performerProfiles).set({ bio: c.bio, languages: ['en'], verificationStatus: 'approved', verificationNote: 'Demo creator', reviewedAt: new Date() }).where(eq(performerProfiles.userId, user.id));
          const m = await maker();
          const [avatar, cover] = await Promise.all([m.avatar(c.colors, a.firstName[0]!), m.cover(c.cover)]);
          await ctx.users.setAvatar(user.id, avatar);
          await ctx.users.setCover(user.id, cover);
          await ctx.pricing.updatePricing(user, c.pricing);
          // Luna greets visitors with a welcome video above her posts.
          if (a.key === 'luna') await ctx.performers.setWelcomeVideo(user.id, await m.video(c.colors, 'Hi, I am Luna', 4));
        }
        const [has] = await ctx.db.select({ id: feeds.id }).from(feeds).where(eq(feeds.performerId, user.id)).limit(1);
        if (!has) {
          const posts = a.key === 'luna' ? LUNA_POSTS : a.key === 'iris' ? IRIS_POSTS : MARCO_POSTS;
          await createPosts(ctx.db, feedsService, user, posts, c.colors, await maker());
        }
      }),
    );

    // The Spanish-speaking fan follows Luna: a home feed to read (her posts stay as she wrote them, in English).
    if (account.fanEs?.created && account.luna) await ctx.follows.follow(account.fanEs.user, account.luna.user.id);
    if (account.fan && account.luna && account.iris) {
      await seedFan(ctx, account.fan, account.luna.user, account.iris.user);
      await seedMessages(ctx, account.fan.user, account.luna.user, account.iris.user, await maker());
      const colors = (key: DemoAccount['key']) => DEMO_ACCOUNTS.find((a) => a.key === key)!.creator!.colors;
      const sandbox = (await ctx.payments.gatewayName()) === 'sandbox';
      await seedCatalogue(ctx, { fan: account.fan.user, luna: account.luna.user, iris: account.iris.user, lunaColors: colors('luna'), irisColors: colors('iris'), maker, sandbox });
      await seedLive(ctx, { fan: account.fan.user, luna: account.luna.user, admin: account.admin?.user ?? null, sandbox, maker, lunaColors: colors('luna') });
      if (account.admin && account.marco) await seedConsole(ctx, { admin: account.admin.user, fan: account.fan.user, marco: account.marco.user, colors: colors('luna'), maker });
    }
    // Subscription tiers: three per creator, two more fans on Luna's higher tiers, her tier-locked posts (demo-tiers.ts).
    await seedTiers(ctx, {
      creators: (['luna', 'iris', 'marco'] as const).filter((k) => account[k]).map((k) => ({ key: k, user: account[k]!.user })),
      luna: account.luna?.user ?? null, password: DEMO_PASSWORD, sandbox: (await ctx.payments.gatewayName()) === 'sandbox',
    });
    // Subscription bundles: Luna's 3/6/12-month bundles, Nora on a 12-month one (demo-bundles.ts).
    await seedBundles(ctx, { luna: account.luna?.user ?? null, password: DEMO_PASSWORD, sandbox: (await ctx.payments.gatewayName()) === 'sandbox' });
    if (account.admin) await seedLegal(ctx, { admin: account.admin.user, accounts: Object.values(account).map((x) => x.user) });
    if (account.admin) await seedScreening(ctx, { admin: account.admin.user });
    if (account.admin && account.luna) await seedTakedowns(ctx, { admin: account.admin.user, luna: account.luna.user });
    // Content protection: a subscribers-only photo of Luna, the demo fan's marked copy and a leak of it that traces to the fan (demo-protection.ts).
    if (account.luna && account.fan) await seedProtection(ctx, { luna: account.luna.user, fan: account.fan.user });
    if (account.admin && account.luna) await seedReleases(ctx, { admin: account.admin.user, luna: account.luna.user });
    if (account.admin) await seedAge(ctx, { iris: account.iris?.user ?? null, password: DEMO_PASSWORD, maker });
    // The console's Disputes and Payments pages: an open dispute, a lost one and a refund (demo-disputes.ts).
    if (account.admin && account.marco && account.iris) await seedDisputes(ctx, { admin: account.admin.user, marco: account.marco.user, iris: account.iris.user, password: DEMO_PASSWORD });
    // Sales tax: the operator's rules and a taxed fan (Carla, California), so the tax report has figures (demo-sales-tax.ts).
    if (account.admin && account.luna && account.iris) await seedSalesTax(ctx, { admin: account.admin.user, luna: account.luna.user, iris: account.iris.user, password: DEMO_PASSWORD });
    // Creator referrals: Marco joined through Luna's link and the fan tips him (demo-referrals.ts).
    if (account.fan && account.luna && account.marco) await seedReferrals(ctx, { fan: account.fan.user, luna: account.luna.user, marco: account.marco.user, sandbox: (await ctx.payments.gatewayName()) === 'sandbox' });
    // Tracking links: Luna's three links with past clicks, and two fans who signed up through one (demo-tracking.ts).
    if (account.luna) await seedTracking(ctx, { luna: account.luna.user, password: DEMO_PASSWORD, sandbox: (await ctx.payments.gatewayName()) === 'sandbox' });
    // Promotions: Luna's "50 % off for 3 months" and a trial link; Olive claimed the promotion (demo-promotions.ts).
    if (account.luna) await seedPromotions(ctx, { luna: account.luna.user, password: DEMO_PASSWORD, sandbox: (await ctx.payments.gatewayName()) === 'sandbox' });
    // Pinned, expiring and labelled posts: Luna's labels on posts, videos and galleries, 3 pinned posts, one expiring (demo-post-organizing.ts).
    if (account.luna) await seedPostOrganizing(ctx, { luna: account.luna.user, maker });
    // Automatic messages: Luna's paid welcome and "we miss you" messages, with figures (demo-auto-messages.ts).
    if (account.luna) await seedAutoMessages(ctx, { luna: account.luna.user, fan: account.fan?.user ?? null, sandbox: (await ctx.payments.gatewayName()) === 'sandbox' });
    // The calendar: Luna's planned week — scheduled posts, a mass message, a planned stream (demo-calendar.ts).
    if (account.luna) await seedCalendar(ctx, { luna: account.luna.user });
    // Fans: Luna's private names and notes for two fans; totals come from the handlers (demo-fans.ts).
    if (account.luna) await seedFans(ctx, { luna: account.luna.user });
    // Luna's audience and content history over 90 days: listeners, follows, trials, older posts, likes, comments, unlocks, views (demo-statistics-history.ts).
    if (account.luna) await seedStatisticsHistory(ctx, { luna: account.luna.user, password: DEMO_PASSWORD, sandbox: (await ctx.payments.gatewayName()) === 'sandbox' });
    if (account.luna) await seedStatistics(ctx, { luna: account.luna.user, password: DEMO_PASSWORD, sandbox: (await ctx.payments.gatewayName()) === 'sandbox' });
    if (account.luna) await seedTipMenu(ctx, { luna: account.luna.user, password: DEMO_PASSWORD, sandbox: (await ctx.payments.gatewayName()) === 'sandbox' });
    if (account.fan) await seedPrivacy(ctx, { fan: account.fan.user });
    // Tax details (modules/taxes): the demo creators may request payouts; their statements show this year's sales.
    await seedTaxDetails(ctx, { luna: account.luna?.user, iris: account.iris?.user, marco: account.marco?.user });
    // Reconciliation (modules/payments README): a clean run of the demo's period, last — after every step that moved money.
    if (account.admin) await seedReconciliation(ctx, { admin: account.admin.user });
  } finally {
    await (await (media as Promise<DemoMediaMaker> | null))?.cleanup();
  }
  log?.info({ ms: Date.now() - started }, 'demo data ready: fan@example.com, creator@example.com (luna), admin@example.com (operator), password stagepass-demo');
}

/** The fan: card and wallet, follows Iris, subscribes to Luna, likes, comments on and bookmarks her posts. */
async function seedFan(ctx: Root, account: { user: UserRow; created: boolean }, luna: UserRow, iris: UserRow) {
  // The demo fan: a test card and $50 through the sandbox gateway, like anyone.
  const fan = account.user;
  const sandbox = (await ctx.payments.gatewayName()) === 'sandbox';
  if (account.created && sandbox) {
    await ctx.payments.addCard(fan, 'sandbox', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 4, cvc: '123', holderName: 'Frankie Fan' });
    await ctx.payments.topUp(fan, { amount: 50 }, 'demo-seed');
    // A tip with a message from the wallet, so wallet history, transactions and Luna's earnings
    // show more than the subscription.
    const tip = { price: 10, message: 'Thank you for the acoustic session!' };
    await ctx.wallet.charge(fan, 'tip', luna.id, tip, 'demo-seed-tip', JSON.stringify(tip), { requestCountry: null });
  }
  await ctx.follows.follow(fan, iris.id);
  // A paid monthly subscription to Luna, charged to the test card (subscribing again returns the
  // current subscription: no second payment).
  if (sandbox) await ctx.subscriptions.subscribe(fan, { performerId: luna.id, type: 'monthly' });
  const reactions = ctx.reactions;
  const lunaFeed = async (text: string) => {
    const [row] = await ctx.db.select({ id: feeds.id }).from(feeds).where(and(eq(feeds.performerId, luna.id), eq(feeds.text, text))).limit(1);
    return row?.id;
  };
  const session = await lunaFeed(LUNA_POSTS[1]!.text);
  const rehearsal = await lunaFeed(LUNA_POSTS[6]!.text);
  const soundcheck = await lunaFeed(LUNA_POSTS[2]!.text);
  for (const id of [session, soundcheck, sandbox ? rehearsal : undefined]) {
    if (id) await reactions.react(fan, { objectType: 'feed', objectId: id, action: 'like' });
  }
  if (rehearsal) await reactions.react(fan, { objectType: 'feed', objectId: rehearsal, action: 'bookmark' });
  if (session) {
    const [said] = await ctx.db.select({ id: comments.id }).from(comments).where(and(eq(comments.createdBy, fan.id), eq(comments.objectId, session))).limit(1);
    if (!said) await ctx.comments.create(fan, { objectType: 'feed', objectId: session, content: 'Take 2 is my favourite. Can you play it live next month?' });
  }
}

/**
 * Conversations: the fan and Luna (a free photo and a paid one, locked until the fan buys it), the
 * fan and Iris, a mass message from Luna to her subscribers, her VIP list with the fan in it, and a
 * vault folder with a caption. Once: skipped when the fan already has conversations.
 */
async function seedMessages(ctx: Root, fan: UserRow, luna: UserRow, iris: UserRow, m: DemoMediaMaker) {
  const [has] = await ctx.db.select({ c: conversationMembers.conversationId }).from(conversationMembers).where(eq(conversationMembers.userId, fan.id)).limit(1);
  if (has) return;
  const lunaColors = DEMO_ACCOUNTS.find((a) => a.key === 'luna')!.creator!.colors;
  const withLuna = await ctx.messages.open(fan, { source: 'performer', sourceId: luna.id });
  await ctx.messages.send(fan, withLuna._id, { text: 'Hi Luna! The acoustic session was beautiful. Any chance of an outtake?' });
  const [outtake, free] = await Promise.all([m.photo(lunaColors, 'Outtake', 'backstage, take 3'), m.photo(lunaColors, 'Soundcheck', 'for you')]);
  const paidFile = await ctx.messages.upload(luna, 'image', outtake);
  const freeFile = await ctx.messages.upload(luna, 'image', free);
  await ctx.messages.send(luna, withLuna._id, { text: 'Thank you! Here is one from soundcheck 🌙', fileIds: [freeFile.id] });
  await ctx.messages.send(luna, withLuna._id, { text: 'And the outtake you asked for, just for you.', fileIds: [paidFile.id], price: 4.99 });
  const withIris = await ctx.messages.open(fan, { source: 'performer', sourceId: iris.id });
  await ctx.messages.send(fan, withIris._id, { text: 'Hey Iris, when is the next tutorial coming out?' });
  await ctx.messages.send(iris, withIris._id, { text: 'Sunday! I am editing it right now.' });
  await ctx.messages.readAll(iris, withIris._id);
  // A mass message to Luna's subscribers (the fan is one), delivered here rather than by a job.
  const mass = await ctx.massMessages.create(luna, { text: 'New set this weekend: tune in Saturday at 8 pm!', audience: 'subscribers' });
  while ((await ctx.massMessages.deliverBatch(mass._id)) === 'more');
  const vip = await ctx.fanLists.create(luna, 'VIP');
  await ctx.fanLists.addMembers(luna, vip._id, [fan.id]);
  const folder = await ctx.vault.createFolder(luna, 'Backstage');
  await ctx.vault.update(luna, paidFile.id, { caption: 'Outtake, take 3', folderId: folder._id });
}

/** The account with this e-mail (kept as it is), or a new one with the demo password and a verified e-mail. */
async function ensureAccount(ctx: Root, a: DemoAccount): Promise<{ user: UserRow; created: boolean }> {
  const [existing] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${a.email}`).limit(1);
  if (existing) return { user: existing, created: false };
  const username = usernameSchema.parse(a.username);
  const isPerformer = Boolean(a.creator);
  const user = await ctx.auth.createAccount(
    {
      username, email: a.email, firstName: a.firstName, lastName: a.lastName, password: DEMO_PASSWORD, gender: isPerformer ? 'female' : 'male', country: 'US',
      // The demo accounts confirmed their age and accept the current terms (the seed publishes them first: seedLegal).
      ageConfirmed: true, acceptTerms: true, locale: a.locale,
      ...(isPerformer ? { orientation: 'straight' as const, dateOfBirth: '1995-04-12' } : {}),
    },
    { isPerformer, verifyEmail: false },
  );
  const [row] = await ctx.db.update(users).set({ verifiedEmail: true }).where(eq(users.id, user.id)).returning();
  return { user: row!, created: true };
}

/** Creates the posts in order (media generated and uploaded through the feed composer's service), then dates them. */
async function createPosts(db: Root['db'], svc: Root['feeds'], owner: UserRow, posts: PostSpec[], colors: Colors, m: DemoMediaMaker) {
  const day = 864e5;
  const created: Array<{ id: string; daysAgo: number }> = [];
  for (const p of posts) {
    const fileIds: string[] = [];
    const [photos, video, audio, teaser] = await Promise.all([
      Promise.all((p.photos ?? []).map(([title, sub]) => m.photo(colors, title, sub))),
      p.video ? m.video(colors, p.video) : null,
      p.audio ? m.audio(8, 196 + created.length * 20) : null,
      p.teaser ? m.video(colors, p.teaser, 2) : null,
    ]);
    for (const ph of photos) fileIds.push((await svc.upload(owner, 'photo', ph)).id);
    if (video) fileIds.push((await svc.upload(owner, 'video', video)).id);
    if (audio) fileIds.push((await svc.upload(owner, 'audio', audio)).id);
    const teaserId = teaser ? (await svc.upload(owner, 'teaser', teaser)).id : null;
    const pollId = p.poll ? (await svc.createPoll(owner, { ...p.poll, expiresAt: new Date(Date.now() + 14 * day).toISOString() }))._id : null;
    const feed = await svc.create(owner, {
      text: p.text, fileIds, teaserId, pollId, visibility: p.visibility, price: p.price ?? null,
      scheduleAt: p.daysAgo < 0 ? new Date(Date.now() - p.daysAgo * day).toISOString() : null,
    });
    created.push({ id: feed.id, daysAgo: p.daysAgo });
  }
  // Spread the published posts over the last weeks (the composer can only publish "now").
  for (const c of created.filter((x) => x.daysAgo > 0)) {
    const at = new Date(Date.now() - c.daysAgo * day);
    await db.update(feeds).set({ publishAt: at, createdAt: at, updatedAt: at }).where(inArray(feeds.id, [c.id]));
  }
}
