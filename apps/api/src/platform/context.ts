import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Mailer } from './mailer';
import type { Storage } from './storage';
import type { Queue } from './queue';
import type { UserLimiter } from './user-limits';
import type { SettingsService } from '../modules/settings/settings.service';
import type { GeoService } from '../modules/geo/geo.service';
import type { AuthService } from '../modules/auth/auth.service';
import type { UsersService } from '../modules/users/users.service';
import type { PerformersService } from '../modules/performers/performers.service';
import type { MediaService } from '../modules/media/media.service';
import type { LedgerService } from '../modules/ledger/ledger.service';
import type { Idempotency } from '../modules/ledger/idempotency';
import type { PaymentsService } from '../modules/payments/payments.service';
import type { WalletService } from '../modules/wallet/wallet.service';
import type { CouponsService } from '../modules/coupons/coupons.service';
import type { SubscriptionsService } from '../modules/subscriptions/subscriptions.service';

/** The time the money rules read (renewals, expiry, coupons); tests move it. */
export interface Clock { now(): Date }
export const systemClock: Clock = { now: () => new Date() };

/** What buildApp wires once and routes reach through `app.ctx`. Each service takes only what it uses. */
export interface AppContext {
  config: Config;
  log: FastifyBaseLogger;
  database: Database;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  queue: Queue;
  settings: SettingsService;
  geo: GeoService;
  media: MediaService;
  auth: AuthService;
  users: UsersService;
  performers: PerformersService;
  clock: Clock;
  ledger: LedgerService;
  idempotency: Idempotency;
  payments: PaymentsService;
  wallet: WalletService;
  coupons: CouponsService;
  subscriptions: SubscriptionsService;
  /** Per-user attempt limits, shared by every route that counts the same kind of attempt. */
  limits: { password: UserLimiter; card: UserLimiter };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
