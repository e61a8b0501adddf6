import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import crypto from 'node:crypto';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { buildRoot, type Root } from './root';
import { registerErrorHandler } from './platform/errors';
import { fastifyLogging } from './platform/logger';
import { registerInputGuard } from './platform/input-guard';
import { registerAuth } from './platform/auth';
import { assertMappedRoutes, openApiTransform } from './platform/routes';
import { registerUploadRefusals } from './platform/upload-refusal';
import { MAX_UPLOAD_BYTES } from './platform/uploads';
import { createUserLimits } from './platform/user-limits';
import { keptUserAgent, runWithRequestClient } from './platform/request-context';
import { metricsEnabled, registerHttpMetrics } from './platform/metrics';
import { traceHttp } from './platform/tracing';
import { clientIpOf, normalizeIp } from './modules/geo/geo.service';
import { healthRoutes } from './modules/health/health.routes';
import { backupRoutes } from './modules/backup/backup.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { performersRoutes } from './modules/performers/performers.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { screeningRoutes } from './modules/media/screening.routes';
import { referenceRoutes } from './modules/reference/reference.routes';
import { blocksRoutes } from './modules/blocks/blocks.routes';
import { followsRoutes } from './modules/follows/follows.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { reactionsRoutes } from './modules/reactions/reactions.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { takedownsRoutes } from './modules/takedowns/takedowns.routes';
import { protectionRoutes } from './modules/protection/protection.routes';
import { releasesRoutes } from './modules/releases/releases.routes';
import { searchRoutes } from './modules/search/search.routes';
import { feedsRoutes } from './modules/feeds/feeds.routes';
import { galleriesRoutes } from './modules/galleries/galleries.routes';
import { videosRoutes } from './modules/videos/videos.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { autoMessagesRoutes } from './modules/messages/messages.auto.routes';
import { vaultRoutes } from './modules/vault/vault.routes';
import { streamChatRoutes } from './modules/streaming/stream-chat.routes';
import { streamingRoutes } from './modules/streaming/streaming.routes';
import { addressesRoutes } from './modules/addresses/addresses.routes';
import { productsRoutes } from './modules/products/products.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { cartRoutes } from './modules/orders/cart.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { couponsRoutes } from './modules/coupons/coupons.routes';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import { systemRoutes } from './modules/system/system.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { earningsRoutes } from './modules/earnings/earnings.routes';
import { payoutsRoutes } from './modules/payouts/payouts.routes';
import { taxesRoutes } from './modules/taxes/taxes.routes';
import { salesTaxRoutes } from './modules/taxes/sales-tax.routes';
import { referralsRoutes } from './modules/referrals/referrals.routes';
import { fansRoutes } from './modules/fans/fans.routes';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { plannedStreamsRoutes } from './modules/streaming/planned-streams.routes';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import { promotionsRoutes } from './modules/promotions/promotions.routes';
import { labelsRoutes } from './modules/labels/labels.routes';
import { tipMenuRoutes } from './modules/tipmenu/tipmenu.routes';
import { stripeRoutes } from './modules/payments/stripe.routes';
import { disputesRoutes } from './modules/payments/disputes.routes';
import { refundsRoutes } from './modules/payments/refunds.routes';
import { reconciliationRoutes } from './modules/payments/reconciliation.routes';
import { siteRoutes } from './modules/site/site.routes';
import { legalRoutes } from './modules/legal/legal.routes';
import { registerTermsGate } from './modules/legal/legal.gate';
import { registerAgeGate } from './modules/legal/age.gate';
import { ageRoutes } from './modules/legal/age.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';

export interface BuildOptions {
  config: Config;
  /** An already-open database (tests); otherwise opened from config and migrated. */
  database?: Database;
  logger?: boolean;
}

/** Builds the whole API without listening: external plugins → platform → modules. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  return (await buildAppWithRoot(opts)).app;
}

/**
 * The HTTP half of the composition root: the root (root.ts: platform and every service) plus the
 * Fastify app, whose route plugins get their services by closure. Tests read `root` (t.ctx).
 */
export async function buildAppWithRoot({ config, database, logger = true }: BuildOptions): Promise<{ app: FastifyInstance; root: Root }> {
  const app = Fastify({
    // JSON lines in production; compact lines and requests at debug level elsewhere (platform/logger.ts).
    ...(logger ? fastifyLogging(config) : { logger: false }),
    trustProxy: config.TRUST_PROXY,
    // onReady starts the job queue (pg-boss creates or checks its schema) and the sweeps: on the
    // embedded database of a slow or busy machine that takes longer than Fastify's 10 s default,
    // which would abort a healthy start.
    pluginTimeout: 120_000,
    genReqId: (req) => (req.headers['x-request-id'] as string) || crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    ajv: undefined,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The request's client (address and user agent) for the records that keep it (platform/request-context.ts).
  app.addHook('onRequest', (req, _reply, done) => runWithRequestClient({ ip: normalizeIp(clientIpOf(req)), userAgent: keptUserAgent(req.headers['user-agent']) }, done));

  const root = await buildRoot({ config, database, log: app.log });
  // A span per request when tracing is on, and the HTTP metrics when metrics are served (docs/operations.md).
  if (root.tracing) traceHttp(app);
  if (metricsEnabled(config)) registerHttpMetrics(app);
  app.addHook('onReady', () => root.start());
  // The realtime gateway serves /socket.io/ on the same HTTP server; its sockets close first on shutdown.
  root.realtime.attach(app.server);
  app.addHook('preClose', async () => root.realtime.closeSockets());
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  app.addHook('onClose', async () => {
    await root.stop();
    redis?.disconnect();
  });

  // External plugins
  await app.register(helmet, { crossOriginResourcePolicy: { policy: 'cross-origin' }, contentSecurityPolicy: false });
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    // x-access-reason: why an operator opens someone's private data (issue 28 §6, access-reason.ts).
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Requested-With', 'X-XSRF-TOKEN', 'Idempotency-Key', 'x-client-ip', 'x-access-reason'],
    exposedHeaders: ['Content-Disposition'],
  });
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: config.RATE_LIMIT_NAMESPACE } : {}) });
  const limits = createUserLimits(app, config);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 5, fields: 40, fieldSize: 100_000 } });
  registerUploadRefusals(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Stagepass API', version: '0.1.0', description: 'Conventions: see apps/api/README.md. Money is a decimal in the site currency.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  // Platform
  registerErrorHandler(app);
  registerInputGuard(app);
  registerAuth(app, root.db, root.sessions);
  // After the session lookup: an account with new terms to accept goes no further (modules/legal).
  registerTermsGate(app, root.legal);
  // Then the age check: whether adult content is withheld from the caller (modules/legal "Age assurance").
  registerAgeGate(app, root.age, root.geo);

  // Every route from here on must come from the route map (packages/shared/src/routes), with its guard.
  assertMappedRoutes(app);

  // Modules: each route plugin gets, by name, the services it uses.
  const r = root;
  await app.register(healthRoutes({ config, database: r.database }));
  await app.register(backupRoutes({ config, database: r.database }));
  await app.register(settingsRoutes({ settings: r.settings, payments: r.payments }));
  await app.register(geoRoutes({ geo: r.geo }));
  await app.register(authRoutes({ auth: r.auth, config, limits, performers: r.performers, settings: r.settings, social: r.social, twoFactor: r.twoFactor, users: r.users }));
  await app.register(usersRoutes({ admin: r.adminUsers, geo: r.geo, limits, performers: r.performers, users: r.users }));
  await app.register(performersRoutes({ geo: r.geo, limits, media: r.media, performers: r.performers, users: r.users, verification: r.verification }));
  await app.register(mediaRoutes({ media: r.media, storage: r.storage, hls: r.hlsDelivery }));
  await app.register(referenceRoutes({ config, settings: r.settings }));
  await app.register(blocksRoutes({ blocks: r.blocks }));
  await app.register(followsRoutes({ follows: r.follows }));
  await app.register(notificationsRoutes({ notifications: r.notifications, push: r.pushDevices }));
  await app.register(reactionsRoutes({ reactions: r.reactions }));
  await app.register(commentsRoutes({ comments: r.comments }));
  await app.register(reportsRoutes({ reports: r.reports, queue: r.reportQueue, moderation: r.moderation }));
  await app.register(takedownsRoutes({ takedowns: r.takedowns, actions: r.takedownActions }));
  await app.register(protectionRoutes({ media: r.media, protection: r.protection, tracer: r.tracer, videos: r.videoProtection }));
  await app.register(screeningRoutes({ screening: r.screening }));
  await app.register(releasesRoutes({ releases: r.releases, coPerformers: r.coPerformers, clock: r.clock, db: r.db, appSecret: config.APP_SECRET }));
  await app.register(searchRoutes({ search: r.search }));
  await app.register(feedsRoutes({ feeds: r.feeds, geo: r.geo }));
  await app.register(galleriesRoutes({ galleries: r.galleries, geo: r.geo, media: r.media, photos: r.photos, storage: r.storage }));
  await app.register(videosRoutes({ videos: r.videos }));
  await app.register(vaultRoutes({ vault: r.vault }));
  await app.register(streamChatRoutes({ chat: r.streamChat, moderation: r.streamModeration }));
  await app.register(streamingRoutes({ streaming: r.streaming }));
  await app.register(plannedStreamsRoutes({ planned: r.plannedStreams }));
  await app.register(calendarRoutes({ calendar: r.calendar }));
  await app.register(messagesRoutes({ messages: r.messages, mass: r.massMessages, lists: r.fanLists, settings: r.messagingSettings }));
  await app.register(autoMessagesRoutes({ auto: r.autoMessages }));
  await app.register(paymentsRoutes({ idempotency: r.idempotency, limits, payments: r.payments }));
  await app.register(walletRoutes({ geo: r.geo, wallet: r.wallet }));
  await app.register(subscriptionsRoutes({ geo: r.geo, idempotency: r.idempotency, pricing: r.pricing, subscriptions: r.subscriptions, tiers: r.tiers, bundles: r.bundles, users: r.users }));
  await app.register(addressesRoutes({ addresses: r.addresses }));
  await app.register(productsRoutes({ products: r.products, downloads: r.productDownloads }));
  await app.register(ordersRoutes({ orders: r.orders }));
  await app.register(cartRoutes({ cart: r.cart }));
  await app.register(couponsRoutes({ coupons: r.coupons }));
  await app.register(ledgerRoutes({ clock: r.clock, search: r.ledgerSearch }));
  await app.register(adminRoutes({ auditLog: r.auditLog, dashboard: r.dashboard }));
  await app.register(systemRoutes({ system: r.system, mail: r.mailFailures }));
  await app.register(earningsRoutes({ clock: r.clock, earnings: r.earnings, statements: r.statements }));
  await app.register(payoutsRoutes({ payoutSettings: r.payoutSettings, payouts: r.payouts }));
  await app.register(taxesRoutes({ taxes: r.taxDetails }));
  await app.register(salesTaxRoutes({ salesTax: r.salesTax, geo: r.geo }));
  await app.register(referralsRoutes({ referrals: r.referrals }));
  await app.register(trackingRoutes({ tracking: r.tracking }));
  await app.register(fansRoutes({ fans: r.fans }));
  await app.register(statisticsRoutes({ statistics: r.statistics, clock: r.clock }));
  await app.register(promotionsRoutes({ promotions: r.promotions }));
  await app.register(labelsRoutes({ labels: r.labels, geo: r.geo }));
  await app.register(tipMenuRoutes({ geo: r.geo, tipMenu: r.tipMenu }));
  await app.register(legalRoutes({ legal: r.legal }));
  await app.register(ageRoutes({ age: r.age, review: r.ageReview, geo: r.geo }));
  await app.register(privacyRoutes({ privacy: r.privacy }));
  await app.register(siteRoutes({ contact: r.contact, pages: r.sitePages, promos: r.sitePromos }));
  await app.register(disputesRoutes({ disputes: r.disputesAdmin }));
  await app.register(refundsRoutes({ idempotency: r.idempotency, payments: r.paymentsAdmin, refunds: r.refunds }));
  await app.register(reconciliationRoutes({ reconciliation: r.reconciliation }));
  await app.register(stripeRoutes({ clock: r.clock, db: r.db, disputes: r.disputes, refunds: r.refunds, log: r.log, payments: r.payments, settings: r.settings, subscriptions: r.subscriptions }));
  return { app, root };
}
