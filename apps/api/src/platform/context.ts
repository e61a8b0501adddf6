import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Mailer } from './mailer';
import type { Storage } from './storage';
import type { Queue } from './queue';
import type { SettingsService } from '../modules/settings/settings.service';
import type { GeoService } from '../modules/geo/geo.service';
import type { AuthService } from '../modules/auth/auth.service';
import type { UsersService } from '../modules/users/users.service';
import type { PerformersService } from '../modules/performers/performers.service';
import type { MediaService } from '../modules/media/media.service';

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
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
