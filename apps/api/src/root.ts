import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { openDatabase, runMigrations, type Database } from './db/client';
import { systemClock, type Clock } from './platform/clock';
import { Mailer } from './platform/mailer';
import { createStorage } from './platform/storage';
import { Queue } from './platform/queue';
import { stripeGatewayFactory } from './platform/payments/stripe';
import { SettingsService } from './modules/settings/settings.service';
import { GeoService } from './modules/geo/geo.service';
import { MediaService } from './modules/media/media.service';
import { defineMediaJobs } from './modules/media/media.jobs';
import { AuthService } from './modules/auth/auth.service';
import { SocialService } from './modules/auth/social.service';
import { UsersService } from './modules/users/users.service';
import { PerformersService } from './modules/performers/performers.service';
import { PricingService } from './modules/performers/pricing.service';
import { LedgerService } from './modules/ledger/ledger.service';
import { Idempotency } from './modules/ledger/idempotency';
import { FeedsService } from './modules/feeds/feeds.service';
import { FollowsService } from './modules/follows/follows.service';
import { ReactionsService } from './modules/reactions/reactions.service';
import { CommentsService } from './modules/comments/comments.service';
import { ReportsService } from './modules/reports/reports.service';
import { SearchService } from './modules/search/search.service';
import { PaymentsService } from './modules/payments/payments.service';
import { CouponsService } from './modules/coupons/coupons.service';
import { WalletService } from './modules/wallet/wallet.service';
import { SubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { defineSubscriptionJobs } from './modules/subscriptions/subscriptions.jobs';
import { EarningsService } from './modules/earnings/earnings.service';
import { PayoutsService } from './modules/payouts/payouts.service';
import { PayoutSettingsService } from './modules/payouts/payout-settings.service';

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
}

/** The platform: infrastructure every module may use, built before any service. */
export async function buildPlatform({ config, log, database }: RootOptions) {
  const db = database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  if (!database) await runMigrations(db);
  return {
    config,
    log,
    database: db,
    db: db.db,
    ownsDatabase: !database,
    clock: { now: systemClock.now } as Clock,
    mailer: new Mailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.outboxDir, log }),
    storage: await createStorage(config),
    // Background jobs (pg-boss on the same database): handlers run here unless WORKERS=0.
    queue: new Queue(db, { workers: config.WORKERS, log }),
    stripe: stripeGatewayFactory(config.STRIPE_API_BASE),
  };
}
export type Platform = Awaited<ReturnType<typeof buildPlatform>>;

/** Every service, once, in dependency order (core → content → engagement → commerce). */
export function buildServices(p: Platform) {
  const { config, log, db, clock, mailer, storage, queue } = p;
  // Core
  const settings = new SettingsService(db);
  const geo = new GeoService(settings, config.GEOIP_DB_PATH);
  const media = new MediaService({ config, db, queue, storage });
  const auth = new AuthService({ config, db, log, mailer, queue, settings });
  const social = new SocialService({ auth, config, db, settings, log });
  const ledger = new LedgerService(settings);
  const idempotency = new Idempotency(db);
  const users = new UsersService({ db, ledger, auth, media });
  const performers = new PerformersService({ db, users, media, auth });
  const pricing = new PricingService({ db, settings });
  // Content
  const feeds = new FeedsService({ db, media, settings, users });
  // Engagement
  const follows = new FollowsService({ db, media, users });
  const reactions = new ReactionsService({ db, follows, feeds });
  const comments = new CommentsService({ db, users });
  const reports = new ReportsService({ db, users });
  const search = new SearchService({ db, follows });
  // Commerce
  const payments = new PaymentsService({ config, db, ledger, settings, users, stripe: p.stripe });
  const coupons = new CouponsService({ clock, db });
  const wallet = new WalletService({ coupons, db, idempotency, ledger, payments, users });
  const subscriptions = new SubscriptionsService({ clock, config, coupons, db, log, mailer, payments, pricing, settings, users });
  const earnings = new EarningsService({ db, ledger, users });
  const payouts = new PayoutsService({ clock, db, earnings, ledger, log, mailer, payments, settings, users });
  const payoutSettings = new PayoutSettingsService({ db });
  return {
    settings, geo, media, auth, social, ledger, idempotency, users, performers, pricing, feeds, follows, reactions, comments, reports, search,
    payments, coupons, wallet, subscriptions, earnings, payouts, payoutSettings,
  };
}
export type Services = ReturnType<typeof buildServices>;

/** The platform, the services, and the background work they run (started on `start`, stopped on `stop`). */
export async function buildRoot(opts: RootOptions) {
  const platform = await buildPlatform(opts);
  const services = buildServices(platform);
  const { queue, storage, mailer, database, log, config } = platform;
  services.auth.defineJobs();
  const mediaJobs = defineMediaJobs({ db: platform.db, storage, config, log, queue });
  const subscriptionJobs = defineSubscriptionJobs({ subscriptions: services.subscriptions, log, queue, config });
  return {
    ...platform,
    ...services,
    async start() {
      await queue.start();
      mediaJobs.startSweeping();
      subscriptionJobs.start();
    },
    async stop() {
      await mediaJobs.stopSweeping();
      await subscriptionJobs.stop();
      await queue.stop();
      (storage as { destroy?: () => void }).destroy?.();
      await mailer.close();
      if (platform.ownsDatabase) await database.close();
    },
  };
}
export type Root = Awaited<ReturnType<typeof buildRoot>>;
