import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import crypto from 'node:crypto';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, runMigrations, type Database } from './db/client';
import { registerErrorHandler } from './platform/errors';
import { registerInputGuard } from './platform/input-guard';
import { registerAuth } from './platform/auth';
import { Mailer } from './platform/mailer';
import { createStorage } from './platform/storage';
import { Queue } from './platform/queue';
import { defineMediaJobs } from './modules/media/media.jobs';
import type { AppContext } from './platform/context';
import { SettingsService } from './modules/settings/settings.service';
import { GeoService } from './modules/geo/geo.service';
import { MediaService } from './modules/media/media.service';
import { AuthService } from './modules/auth/auth.service';
import { UsersService } from './modules/users/users.service';
import { PerformersService } from './modules/performers/performers.service';
import { MAX_UPLOAD_BYTES } from './platform/uploads';
import { createUserLimits } from './platform/user-limits';
import { healthRoutes } from './modules/health/health.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { performersRoutes } from './modules/performers/performers.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { referenceRoutes } from './modules/reference/reference.routes';
import { followsRoutes } from './modules/follows/follows.routes';
import { reactionsRoutes } from './modules/reactions/reactions.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { searchRoutes } from './modules/search/search.routes';
import { feedsRoutes } from './modules/feeds/feeds.routes';
import { systemClock } from './platform/context';
import { LedgerService } from './modules/ledger/ledger.service';
import { Idempotency } from './modules/ledger/idempotency';
import { PaymentsService } from './modules/payments/payments.service';
import { stripeGatewayFactory } from './platform/payments/stripe';
import { WalletService } from './modules/wallet/wallet.service';
import { CouponsService } from './modules/coupons/coupons.service';
import { SubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { defineSubscriptionJobs } from './modules/subscriptions/subscriptions.jobs';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { couponsRoutes } from './modules/coupons/coupons.routes';
import { earningsRoutes } from './modules/earnings/earnings.routes';
import { payoutsRoutes } from './modules/payouts/payouts.routes';
import { stripeRoutes } from './modules/payments/stripe.routes';

export interface BuildOptions {
  config: Config;
  /** An already-open database (tests); otherwise opened from config and migrated. */
  database?: Database;
  logger?: boolean;
}

/** Builds the whole API without listening: external plugins → platform → modules. */
export async function buildApp({ config, database, logger = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] } : false,
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => (req.headers['x-request-id'] as string) || crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
    ajv: undefined,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  if (!database) await runMigrations(db);
  const settings = new SettingsService(db.db);
  const ctx = {
    config,
    log: app.log,
    database: db,
    db: db.db,
    mailer: new Mailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.outboxDir, log: app.log }),
    storage: await createStorage(config),
    settings,
    geo: new GeoService(settings, config.GEOIP_DB_PATH),
  } as unknown as AppContext;
  // Background jobs (pg-boss on the same database): handlers run here unless WORKERS=0.
  ctx.queue = new Queue(db, { workers: config.WORKERS, log: app.log });
  ctx.media = new MediaService(ctx);
  const mediaJobs = defineMediaJobs(ctx);
  app.addHook('onReady', async () => {
    await ctx.queue.start();
    mediaJobs.startSweeping();
    subscriptionJobs.start();
  });
  ctx.auth = new AuthService(ctx);
  ctx.auth.defineJobs();
  ctx.users = new UsersService(ctx, ctx.auth, ctx.media);
  ctx.performers = new PerformersService(ctx, ctx.users, ctx.media, ctx.auth);
  ctx.clock = { now: systemClock.now };
  ctx.ledger = new LedgerService(settings);
  ctx.idempotency = new Idempotency(db.db);
  ctx.payments = new PaymentsService(ctx, stripeGatewayFactory(config.STRIPE_API_BASE));
  ctx.coupons = new CouponsService(ctx);
  ctx.wallet = new WalletService(ctx);
  ctx.subscriptions = new SubscriptionsService(ctx);
  const subscriptionJobs = defineSubscriptionJobs(ctx);
  app.decorate('ctx', ctx);
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  app.addHook('onClose', async () => {
    await mediaJobs.stopSweeping();
    await subscriptionJobs.stop();
    await ctx.queue.stop();
    (ctx.storage as { destroy?: () => void }).destroy?.();
    await ctx.mailer.close();
    redis?.disconnect();
    if (!database) await db.close();
  });

  // External plugins
  await app.register(helmet, { crossOriginResourcePolicy: { policy: 'cross-origin' }, contentSecurityPolicy: false });
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Requested-With', 'X-XSRF-TOKEN', 'Idempotency-Key', 'x-client-ip'],
    exposedHeaders: ['Content-Disposition'],
  });
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: config.RATE_LIMIT_NAMESPACE } : {}) });
  ctx.limits = createUserLimits(app, config);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 5, fields: 40, fieldSize: 100_000 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Stagepass API', version: '0.1.0', description: 'Conventions: see apps/api/README.md. Money is a decimal in the site currency.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  // Platform
  registerErrorHandler(app);
  registerInputGuard(app);
  registerAuth(app, ctx.db);

  // Modules
  await app.register(healthRoutes);
  await app.register(settingsRoutes);
  await app.register(geoRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(performersRoutes);
  await app.register(mediaRoutes);
  await app.register(referenceRoutes);
  await app.register(followsRoutes);
  await app.register(reactionsRoutes);
  await app.register(commentsRoutes);
  await app.register(reportsRoutes);
  await app.register(searchRoutes);
  await app.register(feedsRoutes);
  await app.register(paymentsRoutes);
  await app.register(walletRoutes);
  await app.register(subscriptionsRoutes);
  await app.register(couponsRoutes);
  await app.register(earningsRoutes);
  await app.register(payoutsRoutes);
  await app.register(stripeRoutes);
  return app;
}
