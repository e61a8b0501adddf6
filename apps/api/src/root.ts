import type { FastifyBaseLogger } from 'fastify';
import { walletChargeSearchSchema } from '@stagepass/shared';
import { dataKeysFor, vapidKeysFor, type Config } from './config';
import { WebPushSender } from './platform/web-push';
import { openDatabase, runMigrations, type Database } from './db/client';
import { systemClock, type Clock } from './platform/clock';
import { Mailer } from './platform/mailer';
import { createStorage } from './platform/storage';
import { Queue } from './platform/queue';
import { CommitHooks } from './platform/commit-hooks';
import { Events } from './platform/events';
import { stripeGatewayFactory } from './platform/payments/stripe';
import type { PaymentGateway } from './platform/payments/gateway';
import { ContentKinds } from './platform/content-kinds';
import { Realtime } from './platform/realtime';
import { SessionCache } from './platform/auth';
import { CacheBus } from './platform/cache-bus';
import { DataKeyring } from './platform/encryption';
import { addSource, enableMetrics, metricsEnabled, trackDisk } from './platform/metrics';
import { startTracing, stopTracing, traceServices } from './platform/tracing';
import { trackLiveStreams } from './modules/streaming/streaming.metrics';
import { TAX_MESSAGES } from '@stagepass/shared';
import { SettingsService } from './modules/settings/settings.service';
import { GeoService } from './modules/geo/geo.service';
import { MediaService } from './modules/media/media.service';
import { defineMediaJobs } from './modules/media/media.jobs';
import { ContentPlaybackAccess, HlsDelivery, hlsKeyCipher } from './modules/media/media.hls';
import { ScreeningAdmin } from './modules/media/screening.admin';
import { UploadScreening } from './modules/media/screening.service';
import { httpContentScanner } from './platform/content-scanner';
import { registerScreeningReports } from './modules/reports/reports.handlers';
import { registerFeedScreeningHandlers } from './modules/feeds/feeds.handlers';
import { AuthService } from './modules/auth/auth.service';
import { SocialService } from './modules/auth/social.service';
import { TwoFactorService } from './modules/auth/two-factor.service';
import { registerAuthHandlers } from './modules/auth/auth.handlers';
import { LegalService } from './modules/legal/legal.service';
import { AgeService } from './modules/legal/age.service';
import { PrivacyService } from './modules/privacy/privacy.service';
import { AgeReview } from './modules/legal/age.review';
import { periodicSweep } from './platform/periodic';
import { CLIENT_RECORD_DAYS } from './platform/request-context';
import { manualAgeVerifier, webhookAgeVerifier } from './modules/legal/age.verifier';
import { UsersService } from './modules/users/users.service';
import { UserAccounts } from './modules/users/user-accounts';
import { AdminUsersService } from './modules/users/admin-users.service';
import { PerformersService } from './modules/performers/performers.service';
import { PerformerProfiles } from './modules/performers/performer-profiles';
import { PricingService } from './modules/performers/pricing.service';
import { VerificationService } from './modules/performers/verification.service';
import { CoPerformersService } from './modules/releases/coperformers.service';
import { ReleasesService } from './modules/releases/releases.service';
import { LedgerService } from './modules/ledger/ledger.service';
import { Idempotency } from './modules/ledger/idempotency';
import { LedgerSearch } from './modules/ledger/ledger.search';
import { FeedsService } from './modules/feeds/feeds.service';
import { feedKind } from './modules/feeds/feeds.kind';
import { ProductsService } from './modules/products/products.service';
import { productKind } from './modules/products/products.kind';
import { ProductDownloads } from './modules/products/products.downloads';
import { OrdersService } from './modules/orders/orders.service';
import { GalleriesService } from './modules/galleries/galleries.service';
import { PhotosService } from './modules/galleries/photos.service';
import { galleryKind, registerGalleryHandlers } from './modules/galleries/galleries.kind';
import { VideosService } from './modules/videos/videos.service';
import { videoKind } from './modules/videos/videos.kind';
import { defineVideoJobs } from './modules/videos/videos.schedule';
import { registerVideoHandlers } from './modules/videos/videos.handlers';
import { registerFollowHandlers } from './modules/follows/follows.handlers';
import { CartService, registerCartHandlers } from './modules/orders/cart.service';
import { MessagesService } from './modules/messages/messages.service';
import { messageKind } from './modules/messages/messages.kind';
import { MessageMediaChecks } from './modules/messages/messages.media';
import { MessagingSettingsService } from './modules/messages/messages.settings';
import { MassMessagesService } from './modules/messages/messages.mass';
import { FanListsService } from './modules/messages/messages.lists';
import { AutoMessagesService } from './modules/messages/messages.auto';
import { registerAutoMessageHandlers } from './modules/messages/messages.auto.handlers';
import { VaultService } from './modules/vault/vault.service';
import { StreamChatService } from './modules/streaming/stream-chat.service';
import { StreamModerationService } from './modules/streaming/stream-moderation.service';
import { entitlement as streamEntitlement } from './modules/streaming/streaming.policy';
import { PrivateShowCharger } from './modules/wallet/private-billing';
import { StreamingService } from './modules/streaming/streaming.service';
import { PlannedStreamsService } from './modules/streaming/planned-streams.service';
import { registerPlannedStreamHandlers } from './modules/streaming/planned-streams.handlers';
import { CalendarService } from './modules/calendar/calendar.service';
import { FeedCalendar } from './modules/feeds/feeds.calendar';
import { VideoCalendar } from './modules/videos/videos.calendar';
import { GalleryCalendar } from './modules/galleries/galleries.calendar';
import { MassMessageCalendar } from './modules/messages/messages.calendar';
import { streamKind } from './modules/streaming/streaming.kind';
import { registerStreamingHandlers } from './modules/streaming/streaming.handlers';
import { defineReplayJobs } from './modules/streaming/streaming.replays';
import { mediaTools } from './modules/media/media.processing';
import { HlsPackager } from './platform/live/hls-packager';
import { createLiveMedia } from './platform/live/janus-cluster';
import { AddressesService } from './modules/addresses/addresses.service';
import { defineFeedJobs } from './modules/feeds/feeds.schedule';
import { FollowsService } from './modules/follows/follows.service';
import { NotificationsService } from './modules/notifications/notifications.service';
import { performerKind } from './modules/follows/performer.kind';
import { BlocksService } from './modules/blocks/blocks.service';
import { ReactionsService } from './modules/reactions/reactions.service';
import { CommentsService } from './modules/comments/comments.service';
import { commentKind } from './modules/comments/comments.kind';
import { ReportsService } from './modules/reports/reports.service';
import { ModerationService } from './modules/reports/moderation.service';
import { ReportQueueService } from './modules/reports/report-queue.service';
import { TakedownsService } from './modules/takedowns/takedowns.service';
import { TakedownActionsService } from './modules/takedowns/takedown-actions.service';
import { defineTakedownJobs, registerTakedownHandlers } from './modules/takedowns/takedowns.handlers';
import { ProtectionService } from './modules/protection/protection.service';
import { TracerService } from './modules/protection/protection.tracer';
import { VideoProtection } from './modules/protection/protection.video';
import { VideoTracer } from './modules/protection/protection.video-tracer';
import { SearchService } from './modules/search/search.service';
import { CURRENCY, PaymentsService } from './modules/payments/payments.service';
import { DisputesService } from './modules/payments/disputes.service';
import { DisputesAdmin } from './modules/payments/disputes.admin';
import { RefundsService } from './modules/payments/refunds.service';
import { PaymentsAdmin } from './modules/payments/payments.admin';
import { ReconciliationService } from './modules/payments/reconciliation.service';
import { PaymentsPersonalData } from './modules/payments/payments.personal-data';
import { defineReconciliationJobs } from './modules/payments/reconciliation.jobs';
import { LedgerGateway } from './modules/ledger/ledger.gateway';
import { CouponsService } from './modules/coupons/coupons.service';
import { AuditLogService } from './modules/admin/audit-log.service';
import { ReferralsService } from './modules/referrals/referrals.service';
import { registerFansHandlers } from './modules/fans/fans.handlers';
import { FansService } from './modules/fans/fans.service';
import { registerTrackingHandlers } from './modules/tracking/tracking.handlers';
import { TrackingService } from './modules/tracking/tracking.service';
import { registerStatisticsHandlers } from './modules/statistics/statistics.handlers';
import { StatisticsService } from './modules/statistics/statistics.service';
import { PromotionsService } from './modules/promotions/promotions.service';
import { TipMenuService } from './modules/tipmenu/tipmenu.service';
import { LabelsService } from './modules/labels/labels.service';
import { DashboardService } from './modules/admin/dashboard.service';
import { PurchasesService } from './modules/purchases/purchases.service';
import { WalletService } from './modules/wallet/wallet.service';
import { SubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { TiersService } from './modules/subscriptions/tiers.service';
import { BundlesService } from './modules/subscriptions/bundles.service';
import { defineSubscriptionJobs } from './modules/subscriptions/subscriptions.jobs';
import { registerSubscriptionHandlers } from './modules/subscriptions/subscriptions.handlers';
import { registerNotificationHandlers } from './modules/notifications/notifications.handlers';
import { registerNotificationEmails } from './modules/notifications/notifications.email';
import { PushDevicesService, registerNotificationPushes } from './modules/notifications/notifications.push';
import { registerNewPostFanOut } from './modules/notifications/notifications.fanout';
import { registerGoLiveFanOut } from './modules/notifications/notifications.live';
import { EarningsService } from './modules/earnings/earnings.service';
import { MoneySummary } from './modules/earnings/money-summary';
import { StatementsService } from './modules/earnings/statements.service';
import { LedgerStatements } from './modules/ledger/ledger.statement';
import { LedgerTaxes } from './modules/ledger/ledger.taxes';
import { SalesTaxService } from './modules/taxes/sales-tax.service';
import { STRIPE_TAX_SYNC_JOB, defineSalesTaxJobs } from './modules/taxes/sales-tax.jobs';
import { PayoutsService } from './modules/payouts/payouts.service';
import { PayoutSettingsService } from './modules/payouts/payout-settings.service';
import { registerPayoutHandlers } from './modules/payouts/payouts.handlers';
import { TaxDetailsService } from './modules/taxes/taxes.service';
import { SitePagesService } from './modules/site/site.pages';
import { SitePromosService } from './modules/site/site.promos';
import { ContactService } from './modules/site/site.contact';
import { registerSiteHandlers } from './modules/site/site.handlers';
import { BackupArchives } from './modules/backup/backup.archives';
import { MailFailures } from './modules/system/mail-failures';
import { NodeRegistry } from './modules/system/system.nodes';
import { SystemService } from './modules/system/system.service';
import { gitCommit, packageVersion } from './modules/system/system.version';

/**
 * The composition root (with app.ts, which adds HTTP): builds the platform, then every service
 * once, in dependency order, each given its dependencies by name. Nothing reads services from a
 * shared object: app.ts hands each route plugin the services it uses, the worker only starts the
 * job handlers, and the test harness reads the result (`t.ctx`). See apps/api/README.md.
 */
export interface RootOptions {
  config: Config;
  log: FastifyBaseLogger;
  /** An already-open database (tests): left open on stop. Otherwise opened from config and migrated. */
  database?: Database;
  /** What this process is in the console's node list: an API node (default) or `npm run worker`. */
  role?: 'api' | 'worker';
}

/** The platform: infrastructure every module may use, built before any service. */
export async function buildPlatform({ config, log, database, role = 'api' }: RootOptions) {
  // Traces (OTEL_EXPORTER_OTLP_ENDPOINT) and the metrics' per-request and per-query hooks
  // (METRICS_PORT or METRICS_TOKEN) start before anything else runs: docs/operations.md.
  const tracing = await startTracing(config);
  if (metricsEnabled(config)) enableMetrics();
  const db = database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  if (!database) await runMigrations(db);
  // Transactions with after-commit hooks (platform/commit-hooks.ts): what domain events need to
  // queue their dispatch once the change they report has committed.
  const commits = new CommitHooks();
  const hooked = commits.wrap(db.db);
  // Background jobs (pg-boss on the same database): handlers run here unless WORKERS=0.
  const queue = new Queue(db, { workers: config.WORKERS, log });
  // Resolved sessions kept a few seconds, evicted at once on every node (platform/auth.ts).
  const sessions = new SessionCache({ ttlSeconds: config.SESSION_CACHE_SECONDS, redisUrl: config.REDIS_URL, commits, log });
  const realtime = new Realtime({ config, db: db.db, log, sessions });
  const liveMedia = createLiveMedia(config, log);
  // The gauges read on scrape (platform/metrics.ts): pool, sockets, Janus load, disk. Removed on stop.
  const untrackMetrics = [
    addSource('dbPool', () => {
      const state = (name: string, value: number) => ({ labels: { state: name }, value });
      if (db.pool) return [state('total', db.pool.totalCount), state('idle', db.pool.idleCount), state('waiting', db.pool.waitingCount)];
      const inFlight = db.pglite?.inFlight ?? 0;
      return [state('total', 1), state('idle', inFlight ? 0 : 1), state('waiting', Math.max(0, inFlight - 1))];
    }),
    addSource('sockets', () => [{ value: realtime.localSockets() }]),
    addSource('janusPeers', () => (liveMedia?.load() ?? []).flatMap((s) => [
      { labels: { server: s.server, role: 'publisher' }, value: s.publishers },
      { labels: { server: s.server, role: 'subscriber' }, value: s.subscribers },
    ])),
    addSource('janusUp', () => (liveMedia?.load() ?? []).map((s) => ({ labels: { server: s.server }, value: s.up ? 1 : 0 }))),
    trackDisk(config.DATA_DIR),
  ];
  return {
    tracing,
    untrackMetrics,
    config,
    log,
    role,
    database: db,
    db: hooked,
    commits,
    sessions,
    ownsDatabase: !database,
    clock: { now: systemClock.now } as Clock,
    mailer: new Mailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.outboxDir, log }),
    storage: await createStorage(config),
    queue,
    // Domain events with a transactional outbox (platform/events.ts; README "Domain events").
    events: new Events({ db: hooked, commits, queue, log, handlerWorkers: config.WORKERS > 0 ? config.EVENT_WORKERS : undefined }),
    stripe: stripeGatewayFactory(config.STRIPE_API_BASE),
    // The socket gateway (app.ts attaches it to the HTTP server); Redis adapter when REDIS_URL.
    realtime,
    // "Drop your copy" signals for in-process caches (settings, static pages), across nodes through Redis.
    cacheBus: new CacheBus({ redisUrl: config.REDIS_URL, log }),
    // The built-in live video SFU (platform/live/README.md): null without JANUS_URL (Agora or no live video).
    liveMedia,
    // Tax ids and bank details are sealed with DATA_ENCRYPTION_KEY (platform/encryption.ts); 503 without a key in production.
    dataKeys: new DataKeyring(() => dataKeysFor(config), TAX_MESSAGES.turnedOff),
    // Web Push (modules/notifications README "Web Push"): null when push is off (WEB_PUSH=false, or production without VAPID keys).
    pushSender: webPushSender(config),
  };
}
export type Platform = Awaited<ReturnType<typeof buildPlatform>>;

function webPushSender(config: Config): WebPushSender | null {
  const keys = vapidKeysFor(config);
  return keys ? new WebPushSender(keys, config.WEB_PUSH_CA) : null;
}

/** Every service, once, in dependency order (core → content → engagement → commerce). */
export function buildServices(p: Platform) {
  const { config, log, db, clock, mailer, storage, queue, realtime, events, commits, sessions } = p;
  // The content-kind registry (platform/content-kinds.ts): each content kind is registered right
  // after the service it needs; engagement and commerce services read it at request time.
  const contentKinds = new ContentKinds();
  // Core
  const settings = new SettingsService({ db, bus: p.cacheBus });
  const geo = new GeoService({ settings, dbPath: config.GEOIP_DB_PATH });
  const media = new MediaService({ config, db, queue, storage });
  // Auth writes accounts and creator profiles through their owners' writers (built first: the users
  // and performers services themselves depend on auth).
  const accounts = new UserAccounts({ db, sessions });
  const performerProfiles = new PerformerProfiles({ db });
  // Age and terms (modules/legal): the current versions from memory, dropped on every node by a publication.
  const legal = new LegalService({ accounts, bus: p.cacheBus, clock, db, settings });
  const twoFactor = new TwoFactorService({ accounts, clock, config, db, realtime, settings });
  // Tracking links (modules/tracking, built below): a sign-up's touches are attributed in the account's transaction.
  const auth = new AuthService({
    accounts, config, db, events, legal, log, mailer, performerProfiles, queue, realtime, sessions, settings, twoFactor,
    signUpAttribution: { attach: (tx, userId, touches) => tracking.attachSignUp(tx, userId, touches) },
  });
  const social = new SocialService({ auth, config, db, settings, log });
  // Creator referrals' share of a sale's commission (modules/referrals, built below; asked inside each sale's transaction).
  const ledger = new LedgerService({ settings, db, commits, events, realtime, log, referrals: { shareOf: (tx, performerId, commission) => referrals.shareOf(tx, performerId, commission) } });
  const idempotency = new Idempotency({ db });
  // Sales tax (modules/taxes README "Sales tax"): rules, the fan's place, each sale's tax; the report from the ledger's taxes account.
  // Stripe Tax and TaxRates go through the active gateway (payments, built below; asked at run time).
  const salesTax = new SalesTaxService({
    db, clock, commits, settings, currency: CURRENCY, ledgerTaxes: new LedgerTaxes({ db }),
    gateway: (): Promise<PaymentGateway> => payments.gateway(),
    queueSync: async () => void (await queue.send(STRIPE_TAX_SYNC_JOB, {})),
  });
  const users = new UsersService({ db, ledger, auth, media, sessions });
  // The operator's view of the ledger (GET /admin/transactions).
  const ledgerSearch = new LedgerSearch({ db, users });
  // Creator verification (KYC): the queue, and THE selling rule other modules are given as `sellers`.
  const verification = new VerificationService({ clock, db, events, media, settings, users });
  // Age assurance by country (modules/legal README "Age assurance"): the provider from AGE_VERIFIER.
  const ageVerifier = config.AGE_VERIFIER === 'webhook' && config.AGE_VERIFIER_URL && config.AGE_VERIFIER_SECRET
    ? webhookAgeVerifier({ url: config.AGE_VERIFIER_URL, secret: config.AGE_VERIFIER_SECRET, timeoutMs: config.PROVIDER_TIMEOUT_MS })
    : manualAgeVerifier;
  const age = new AgeService({ accounts, clock, db, events, media, settings, verifier: ageVerifier, urls: { web: config.PUBLIC_WEB_URL, api: config.PUBLIC_API_URL } });
  const ageReview = new AgeReview({ age, db, media });
  const sellers = verification;
  const performers = new PerformersService({ clock, db, users, media, auth, storage, verification, referralLinks: { attach: (tx, referredId, code) => referrals.attach(tx, referredId, code) } });
  // Co-performer consent records (modules/releases): the publish gate the content modules below call, and the records.
  const coPerformers = new CoPerformersService({ clock, contentKinds, db, events, users });
  const releases = new ReleasesService({ clock, config, coPerformers, db, events, storage });
  const pricing = new PricingService({ db, settings });
  // Content
  const feeds = new FeedsService({ clock, coPerformers, db, events, media, sellers, settings, users });
  contentKinds.register(feedKind({ db, feeds, media }));
  const products = new ProductsService({ db, media, sellers, users });
  // Digital products' downloads: the buyers' rights are the orders module's (commerce, built below; called only at request time).
  const productDownloads = new ProductDownloads({
    config, clock, db, media, storage, products,
    rights: { activeProductOrder: (userId, productId) => orders.activeProductOrder(userId, productId), countOrderDownload: (orderId) => orders.countOrderDownload(orderId) },
  });
  contentKinds.register(productKind({ db, products, media, downloads: productDownloads }));
  const galleries = new GalleriesService({ coPerformers, db, events, media, sellers, settings, users });
  const photos = new PhotosService({ db, galleries, media, users });
  contentKinds.register(galleryKind({ db, galleries, media, photos }));
  const videos = new VideosService({ coPerformers, db, events, media, sellers, settings, users });
  contentKinds.register(videoKind({ db, videos, media }));
  const labels = new LabelsService({ db, users });
  const messageChecks = new MessageMediaChecks({ media, sellers, settings });
  const messagingSettings = new MessagingSettingsService({ db });
  const messages = new MessagesService({ db, clock, commits, media, realtime, settings, users, checks: messageChecks });
  contentKinds.register(messageKind({ messages }));
  realtime.guardConversations((userId, conversationId) => messages.isMember(userId, conversationId));
  const massMessages = new MassMessagesService({ db, commits, events, queue, media, messages, checks: messageChecks, realtime, batchSize: config.FANOUT_BATCH_SIZE, log, nodeEnv: config.NODE_ENV });
  const fanLists = new FanListsService({ db, users });
  // Automatic messages (messages README "Automatic messages"): welcome and "we miss you", sent by event handlers and a sweep.
  const autoMessages = new AutoMessagesService({ db, clock, events, media, messages, checks: messageChecks, workers: () => queue.workers, log, nodeEnv: config.NODE_ENV });
  const vault = new VaultService({ db, media });
  // Stream chat and moderation (modules/streaming, README "Stream chat and moderation"): THE entitlement rule decides who reads and writes.
  const streamChat = new StreamChatService({
    db, clock, commits, realtime, users,
    entitlement: (d, viewer, stream) => streamEntitlement(d, viewer, stream, clock.now()),
    // Slow mode and tip goal changes reach the stream's room as 'stream/updated' (shaped by the streaming service, built below).
    streamUpdated: (row) => streaming.streams.pushUpdated(row, null),
  });
  // Private shows' per-minute charges: the wallet's MinuteCharger (platform/live/billing.ts) for the streaming module's
  // billing sweep — built here, from core services only, so the streaming service can be given it.
  // The spending pause is the payments module's fact (built below, with the commerce services; asked at each minute).
  const privateBilling = new PrivateShowCharger({ db, events, ledger, taxes: salesTax, spendingPaused: (userId, tx) => payments.spendingPaused(userId, tx) });
  // Live streams (modules/streaming): Janus or Agora, THE entitlement rule, private shows billed by privateBilling.
  const streaming = new StreamingService({
    db, clock, commits, coPerformers, events, realtime, queue, settings, users, sellers, messages, media: p.liveMedia, charger: privateBilling,
    config: { APP_SECRET: config.APP_SECRET, NODE_ENV: config.NODE_ENV }, log,
    // HLS for large audiences (modules/streaming README): the media pipeline's ffmpeg packages forwarded streams into the site's storage.
    hls: { packager: p.liveMedia ? new HlsPackager({ ffmpeg: mediaTools(config).ffmpeg, storage, log }) : null, storage, publicUrl: config.PUBLIC_API_URL },
  });
  contentKinds.register(streamKind({ chat: streamChat }));
  realtime.guardStreams((userId, streamId) => streaming.mayJoin(userId, streamId));
  // A ban or time-out removes the viewer from the creator's live stream at once.
  const streamModeration = new StreamModerationService({ db, clock, users, kick: (streamId, performerId, userId, until) => streaming.kick(streamId, performerId, userId, until) });
  // Planned streams and the creator's calendar (issue 31 §3, modules/calendar): each content module answers for its own dated items.
  const plannedStreams = new PlannedStreamsService({ clock, db });
  const calendar = new CalendarService({
    clock,
    sources: {
      post: new FeedCalendar({ clock, db }), video: new VideoCalendar({ clock, db }), gallery: new GalleryCalendar({ clock, db }),
      mass_message: new MassMessageCalendar({ clock, db, queue }), stream: plannedStreams,
    },
  });
  // Site content: the operator's static pages, promos and contact inbox (modules/site).
  const sitePages = new SitePagesService({ db, bus: p.cacheBus });
  const sitePromos = new SitePromosService({ clock, db, media });
  const contact = new ContactService({ clock, config, db, events, settings });
  // Engagement
  const blocks = new BlocksService({ db, events, realtime, users });
  const follows = new FollowsService({ db, events, media, users });
  const notifications = new NotificationsService({ db, users, commits, realtime, events, config, log });
  const pushDevices = new PushDevicesService({ db, clock, config, sender: p.pushSender });
  contentKinds.register(performerKind({ follows }));
  const reactions = new ReactionsService({ contentKinds, db, events });
  const comments = new CommentsService({ contentKinds, db, events, reactions, users });
  contentKinds.register(commentKind({ contentKinds }));
  const reports = new ReportsService({ contentKinds, db, users });
  const search = new SearchService({ contentKinds, db, follows });
  // Commerce
  const payments = new PaymentsService({ config, db, ledger, settings, taxes: salesTax, users, stripe: p.stripe });
  const coupons = new CouponsService({ clock, db, users });
  const purchases = new PurchasesService({ db });
  const addresses = new AddressesService({ db });
  // Orders are placed by the wallet (in its charge's transaction); their download rights serve the products module (productDownloads above).
  const orders = new OrdersService({ addresses, clock, contentKinds, db, events, ledger, media, users });
  // The fan's cart (kept on the server): products seen through the content-kind registry.
  const cart = new CartService({ contentKinds, db });
  const wallet = new WalletService({ addresses, contentKinds, coupons, db, events, idempotency, ledger, orders, payments, purchases, sellers, taxes: salesTax, users });
  // The tip menu (issue 31 §2): each order is a tip through the wallet.
  const tipMenu = new TipMenuService({ clock, db, idempotency, payments, users, wallet });
  // A creator's subscription tiers (issue 30 §1): which tier a subscribe is for, its price, the creator's CRUD.
  const tiers = new TiersService({ clock, db, pricing, settings });
  // A tier's 3-, 6- and 12-month bundles (issue 30 §2): the terms a bundle subscribe buys, the fan's renewal choice.
  const bundles = new BundlesService({ db, settings, tiers, payments });
  // Promotions and free-trial links (issue 30 §3): subscriptions ask them through their SubscriptionPromotions interface.
  const promotions = new PromotionsService({ clock, db, settings, tiers, users });
  const subscriptions = new SubscriptionsService({ bundles, clock, config, coupons, db, events, log, payments, pricing, promotions, sellers, settings, taxes: salesTax, tiers, users });
  // Card disputes (modules/payments README "Disputes"): the money side for both gateways' events; the
  // operator's side reads the fan's records through the services that own them.
  const disputes = new DisputesService({ clock, db, events, ledger, log, settings });
  const disputesAdmin = new DisputesAdmin({
    clock, db, disputes, ledger, payments, users,
    records: {
      sessions: (userId, limit) => auth.recentSessions(userId, limit, clock.now()),
      spending: (userId, since, limit) => wallet.search(userId, walletChargeSearchSchema.parse({ limit, fromDate: since.toISOString() })),
      deliveries: (userId, since, limit) => orders.deliveriesOf(userId, since, limit),
      subscription: (id) => subscriptions.brief(id),
    },
  });
  // Refunds to the card and the operator's view of card payments (modules/payments README "Refunds to the card").
  const refunds = new RefundsService({ clock, db, events, ledger, log, payments });
  const paymentsAdmin = new PaymentsAdmin({ db, disputes: disputesAdmin, ledger, payments, refunds, users });
  // Reconciliation (modules/payments README "Reconciliation"): the gateway's balance transactions against the ledger's gateway account.
  const reconciliation = new ReconciliationService({ clock, db, ledger: new LedgerGateway({ db }), log, payments, users });
  const earnings = new EarningsService({ db, ledger, users });
  // Creator referrals (modules/referrals): the ledger and creator sign-up call it through the narrow interfaces above.
  const referrals = new ReferralsService({ clock, db, earnings, settings, users });
  // Tracking links (modules/tracking): clicks, attribution (auth's sign-up calls it above), rollups kept by its event handlers.
  const tracking = new TrackingService({ clock, db });
  // Statistics (modules/statistics): read from the rollups its event handlers keep.
  const statistics = new StatisticsService({ clock, contentKinds, db });
  // A creator's fans (modules/fans): the creator_fans rollup its event handlers keep.
  const fans = new FansService({ db, users });
  // Creators' statements (earnings README "Statements"): summed by the ledger's read side of their earnings account.
  const statements = new StatementsService({ clock, db, ledger: new LedgerStatements({ db }), settings, users });
  // The console's home and audit log: read only, over other modules' tables.
  const dashboard = new DashboardService({ clock, db });
  const auditLog = new AuditLogService({ db, users, contentKinds });
  // Creators' tax details (modules/taxes): sealed; payouts need them.
  const taxDetails = new TaxDetailsService({ clock, db, keyring: p.dataKeys, users });
  const payouts = new PayoutsService({ clock, db, earnings, events, ledger, payments, sellers, settings, taxDetails, users });
  const payoutSettings = new PayoutSettingsService({ db, keyring: p.dataKeys, log, payments });
  // The console's Users section (core) reads an account's money through the commerce services.
  const moneySummary = new MoneySummary({ db, earnings, ledger, pricing, purchases, settings, subscriptions });
  const adminUsers = new AdminUsersService({ auth, db, events, money: moneySummary, realtime, sessions, users });
  // The console's Reports and Content sections (modules/reports): content through the registry; suspension through the Users section.
  const moderation = new ModerationService({ contentKinds, db, events, users });
  const reportQueue = new ReportQueueService({ db, events, moderation, reports, comments, accounts: adminUsers });
  // Takedowns (modules/takedowns): items hidden through moderation's hiding, strikes suspend through the Users section.
  const takedowns = new TakedownsService({ clock, contentKinds, db, events, moderation, settings });
  const takedownActions = new TakedownActionsService({ clock, contentKinds, db, events, moderation, settings, notices: takedowns, accounts: adminUsers });
  // Upload screening's console (modules/media README "Upload screening"); owners' names through the Reports section's cards.
  // Personal data (modules/privacy): exports by a job into private storage, account deletion.
  const paymentsPersonalData = new PaymentsPersonalData({ db });
  const privacy = new PrivacyService({
    db, clock, config, storage, queue, mailer, log, realtime, contentKinds, accounts, auth, twoFactor, ledger, notifications, subscriptions,
    exportSources: {
      disputesPage: (userId, last, limit) => paymentsPersonalData.disputesPage(userId, last, limit),
      refundsPage: (userId, last, limit) => paymentsPersonalData.refundsPage(userId, last, limit),
      paymentsPage: (userId, last, limit) => paymentsPersonalData.paymentsPage(userId, last, limit),
      signInsPage: (userId, last, limit) => auth.signInsPage(userId, last, limit),
      taxDetails: async (userId) => taxDetails.get(userId),
    },
    payments: { spendingPaused: (userId) => payments.spendingPaused(userId), forgetEvidence: (tx, userId) => paymentsPersonalData.forgetEvidence(tx, userId) },
  });
  // Content protection (modules/protection): per-viewer marks on private images and videos, the leak tracer.
  const protection = new ProtectionService({ clock, config, db, log, media, settings, storage, users });
  // Gallery ZIPs carry each viewer's marked copies (media's marker hook: galleries cannot call this module).
  media.useMarker((fileId, rendition, viewerId) => protection.markedJpeg(fileId, rendition, viewerId));
  const videoProtection = new VideoProtection({ db, log, media, protection, storage, tools: mediaTools(config), users });
  const videoTracer = new VideoTracer({ config, db, media, protection, storage, tools: mediaTools(config), videos: videoProtection });
  const tracer = new TracerService({ adminUsers, clock, config, db, media, protection, reports, storage, users, videos: videoTracer });
  // Encrypted HLS delivery (modules/media README "HLS"): the key is served after the content kinds' own policies say the viewer may play the file;
  // each viewer's segments are A or B by their forensic payload (README "Forensic A/B variants"), chosen by the protection module.
  const hlsDelivery = new HlsDelivery({
    storage, links: media.hlsLinks, cipher: hlsKeyCipher(config), access: new ContentPlaybackAccess({ db, contentKinds }),
    file: (id) => media.byId(id),
    viewer: (id) => users.byId(id).catch(() => null),
    signedUrl: (key, ttl) => media.signedUrl(key, ttl),
    variants: videoProtection,
  });
  // The console's System section (modules/system): this process in the node list, the mailer's failures, kept backups.
  const nodes = new NodeRegistry({ db, clock, log, role: p.role, version: packageVersion(), commit: gitCommit(), sockets: () => realtime.localSockets() });
  const mailFailures = new MailFailures({ db, clock, mailer });
  mailer.reportTo(mailFailures);
  const system = new SystemService({
    db, database: p.database, clock, log, queue, storage, media, nodes, version: packageVersion(), commit: gitCommit(),
    backups: new BackupArchives({ config, database: p.database }),
  });
  const screening = new ScreeningAdmin({ contentKinds, db, events, media, usernames: async (ids) => new Map([...(await moderation.owners(db, ids))].map(([id, o]) => [id, o.username])) });
  return {
    dashboard, auditLog,
    contentKinds, settings, geo, media, legal, age, ageReview, auth, social, twoFactor, ledger, idempotency, users, performers, verification, coPerformers, releases, pricing, feeds, galleries, photos, videos, labels, messages, messagingSettings, massMessages, fanLists, autoMessages, vault, streamChat, streamModeration, privateBilling, streaming, plannedStreams, calendar, blocks, follows, notifications, pushDevices, reactions, comments, reports, search,
    payments, disputes, disputesAdmin, refunds, paymentsAdmin, reconciliation, coupons, purchases, wallet, subscriptions, tiers, bundles, earnings, statements, payouts, payoutSettings, taxDetails, salesTax, referrals, tracking, statistics, fans, promotions, tipMenu, addresses, moneySummary, adminUsers, moderation, reportQueue, screening, takedowns, takedownActions, protection, videoProtection, tracer,
    products, orders, cart, productDownloads, sitePages, sitePromos, contact,
    ledgerSearch, privacy, hlsDelivery, nodes, mailFailures, system,
  };
}
export type Services = ReturnType<typeof buildServices>;

/** The platform, the services, and the background work they run (started on `start`, stopped on `stop`). */
export async function buildRoot(opts: RootOptions) {
  const platform = await buildPlatform(opts);
  const services = buildServices(platform);
  const { queue, storage, mailer, database, log, config } = platform;
  // With tracing on, each service method call is a span (platform/tracing.ts).
  traceServices(services);
  platform.untrackMetrics.push(trackLiveStreams(platform.db));
  platform.events.defineJobs();
  services.auth.defineJobs();
  services.privacy.defineJobs();
  services.system.defineJobs();
  // Event handlers, registered by the module that owns their effect (README "Domain events").
  registerAuthHandlers({ auth: services.auth, events: platform.events });
  registerPayoutHandlers({ db: platform.db, events: platform.events, mailer });
  registerSubscriptionHandlers({ clock: platform.clock, config, db: platform.db, events: platform.events, mailer, payments: services.payments });
  registerNotificationHandlers({ events: platform.events, notifications: services.notifications });
  registerStreamingHandlers({ events: platform.events, streaming: services.streaming });
  registerPlannedStreamHandlers({ events: platform.events, planned: services.plannedStreams });
  registerGalleryHandlers({ events: platform.events });
  registerVideoHandlers({ events: platform.events });
  registerFollowHandlers({ events: platform.events });
  registerAutoMessageHandlers({ events: platform.events, auto: services.autoMessages });
  registerTrackingHandlers({ events: platform.events, tracking: services.tracking });
  registerStatisticsHandlers({
    events: platform.events,
    sources: { attributedAt: (db, userId, performerId, at) => services.tracking.attributedAt(db, userId, performerId, at), promoted: (db, subscriptionId) => services.promotions.claimedBy(db, subscriptionId) },
  });
  registerFansHandlers({ events: platform.events, fans: services.fans });
  registerScreeningReports({ events: platform.events });
  registerFeedScreeningHandlers({ events: platform.events });
  registerCartHandlers({ events: platform.events });
  registerSiteHandlers({ config, contact: services.contact, db: platform.db, events: platform.events, mailer, settings: services.settings });
  registerTakedownHandlers({ config, db: platform.db, events: platform.events, mailer, settings: services.settings, users: services.users });
  registerNotificationEmails({ events: platform.events, queue, mailer, notifications: services.notifications, log });
  registerNotificationPushes({
    db: platform.db, events: platform.events, queue, sender: platform.pushSender, devices: services.pushDevices, notifications: services.notifications,
    siteName: () => services.settings.get('siteName'), log,
  });
  // A new post's audience, read a batch at a time through the services that own it.
  const audience = {
    activeSubscriberIds: (performerId: string, after: string | null, limit: number) => services.subscriptions.activeSubscriberIds(performerId, after, limit),
    followerIds: (performerId: string, after: string | null, limit: number) => services.follows.followerIds(performerId, after, limit),
  };
  registerGoLiveFanOut({ db: platform.db, contentKinds: services.contentKinds, events: platform.events, queue, notifications: services.notifications, audience, batchSize: config.FANOUT_BATCH_SIZE, log });
  registerNewPostFanOut({ db: platform.db, contentKinds: services.contentKinds, events: platform.events, queue, realtime: platform.realtime, notifications: services.notifications, audience, batchSize: config.FANOUT_BATCH_SIZE, log });
  const feedJobs = defineFeedJobs({ db: platform.db, events: platform.events, log, queue, config });
  const takedownJobs = defineTakedownJobs({ actions: services.takedownActions, log, queue, config });
  const videoJobs = defineVideoJobs({ db: platform.db, events: platform.events, log, queue, config });
  const scanner = config.CONTENT_SCANNER_URL ? httpContentScanner(config.CONTENT_SCANNER_URL, config.CONTENT_SCANNER_TIMEOUT_S, log) : null;
  const uploadScreening = new UploadScreening({ db: platform.db, events: platform.events, log, tools: mediaTools(config), scanner });
  const mediaJobs = defineMediaJobs({ db: platform.db, storage, config, log, queue, realtime: platform.realtime, screening: uploadScreening, marks: services.videoProtection });
  const massMessageJobs = services.massMessages.defineJobs();
  const autoMessageSweep = services.autoMessages.defineSweep();
  // Replays (modules/streaming README "Replays"): a recorded stream's end → a draft video through the media pipeline.
  const replays = defineReplayJobs({
    db: platform.db, events: platform.events, queue, media: services.media, videos: services.videos, live: platform.liveMedia,
    recordingsDir: config.JANUS_RECORDINGS_DIR ?? null, tools: mediaTools(config), ppRec: config.JANUS_PP_REC_PATH, log,
  });
  const subscriptionJobs = defineSubscriptionJobs({ subscriptions: services.subscriptions, log, queue, config });
  const reconciliationJobs = defineReconciliationJobs({ reconciliation: services.reconciliation, log, queue, config });
  const salesTaxJobs = defineSalesTaxJobs({ salesTax: services.salesTax, events: platform.events, log, queue, config });
  // Age verification pictures kept ageDocumentRetentionDays after the decision are deleted when due (hourly).
  // Expired data exports lose their file (hourly).
  const privacyExportSweep = periodicSweep({ name: 'privacy export sweep', everyMs: 3_600_000, log, enabled: () => queue.workers > 0 && config.NODE_ENV !== 'test', run: async () => void (await services.privacy.purgeExpired()) });
  // Kept clients (address, user agent) of card payments and sign-ins are cleared after CLIENT_RECORD_DAYS (hourly).
  const clientRecordsSweep = periodicSweep({
    name: 'client records sweep', everyMs: 3_600_000, log, enabled: () => queue.workers > 0 && config.NODE_ENV !== 'test',
    run: async () => {
      const before = new Date(platform.clock.now().getTime() - CLIENT_RECORD_DAYS * 86_400_000);
      await Promise.all([services.payments.purgeClientRecords(before), services.auth.purgeClientRecords(before)]);
    },
  });
  // The tracer's index of private images (modules/protection): files served marked are indexed at once; this catches the rest (every 6 h).
  const protectionIndexSweep = periodicSweep({ name: 'protection index backfill', everyMs: 6 * 3_600_000, log, enabled: () => queue.workers > 0 && config.NODE_ENV !== 'test', run: async () => void (await services.protection.backfill(), await services.videoProtection.backfill()) });
  // Marked images nobody fetched for 30 days leave the cache (modules/protection README "Cache"; daily).
  const markCacheSweep = periodicSweep({ name: 'marked image cache sweep', everyMs: 86_400_000, log, enabled: () => queue.workers > 0 && config.NODE_ENV !== 'test', run: async () => void (await services.protection.sweepMarks()) });
  const ageFilesSweep = periodicSweep({ name: 'age verification files sweep', everyMs: 3_600_000, log, enabled: () => queue.workers > 0 && config.NODE_ENV !== 'test', run: async () => void (await services.age.purgeFiles()) });
  const sealingSweep = async () => {
    try {
      const payout = await services.payoutSettings.sealingSweep();
      const tax = await services.taxDetails.resealSweep();
      if (payout.sealed || payout.resealed || tax) log.info({ plainSealed: payout.sealed, resealed: payout.resealed + tax }, 'sealed payout and tax details under the current DATA_ENCRYPTION_KEY');
    } catch (err) {
      log.error({ err }, 'sealing payout and tax details failed (they stay as they were; the next start tries again)');
    }
  };
  return {
    ...platform,
    ...services,
    replays,
    mediaJobs,
    sealingSweep,
    async start() {
      await queue.start();
      services.nodes.start();
      // Payout details saved in plain before encryption get sealed; after a key rotation, older values are sealed anew (README "Encryption at rest").
      await sealingSweep();
      mediaJobs.startSweeping();
      platform.events.startSweeping();
      subscriptionJobs.start();
      salesTaxJobs.start();
      await reconciliationJobs.start();
      feedJobs.start();
      takedownJobs.start();
      videoJobs.start();
      massMessageJobs.start();
      autoMessageSweep.start();
      ageFilesSweep.start();
      protectionIndexSweep.start();
      markCacheSweep.start();
      privacyExportSweep.start();
      clientRecordsSweep.start();
      services.streaming.start();
    },
    async stop() {
      await services.nodes.stop();
      await mediaJobs.stopSweeping();
      await platform.events.stopSweeping();
      await subscriptionJobs.stop();
      await salesTaxJobs.stop();
      await feedJobs.stop();
      await takedownJobs.stop();
      await videoJobs.stop();
      await massMessageJobs.stop();
      await autoMessageSweep.stop();
      await ageFilesSweep.stop();
      await protectionIndexSweep.stop();
      await markCacheSweep.stop();
      await privacyExportSweep.stop();
      await clientRecordsSweep.stop();
      await services.streaming.stop();
      await queue.stop();
      platform.realtime.closeSockets();
      await platform.realtime.close();
      await platform.sessions.close();
      await platform.cacheBus.close();
      await platform.liveMedia?.close().catch((err: unknown) => log.warn({ err }, 'closing the live video connection failed'));
      (storage as { destroy?: () => void }).destroy?.();
      await mailer.close();
      platform.pushSender?.close();
      if (platform.ownsDatabase) await database.close();
      for (const untrack of platform.untrackMetrics.splice(0)) untrack();
      if (platform.tracing) await stopTracing();
    },
  };
}
export type Root = Awaited<ReturnType<typeof buildRoot>>;
