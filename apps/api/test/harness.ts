import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type { FastifyInstance } from 'fastify';
import { buildAppWithRoot } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import type { Root } from '../src/root';
import { users, type UserRow } from '../src/modules/users/users.tables';
import { sessions } from '../src/modules/auth/auth.tables';
import { hashToken } from '../src/platform/auth';
import { performerProfiles } from '../src/modules/performers/performers.tables';
import { taxDetailsInputSchema, type TaxDetailsInput, type VerificationStatus } from '@stagepass/shared';

export interface TestApp {
  app: FastifyInstance;
  /** What the composition root built (platform and services), as the app uses them. */
  ctx: Root;
  config: Config;
  /** The PostgreSQL database of this app (DATABASE_URL runs), so a second API node can share it. */
  databaseUrl: string | null;
  close(): Promise<void>;
}

/**
 * With DATABASE_URL: a new PostgreSQL database copied from the migrated template, and how to drop
 * it. Without: null (tests use a PGlite copy of the template instead).
 */
export async function createPgTestDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const tplUrl = inject('pgTemplateUrl');
  if (!tplUrl) return null;
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const adminUrl = process.env.DATABASE_URL!;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name} TEMPLATE ${new URL(tplUrl).pathname.slice(1)}`);
  // A test database is thrown away after its file: commits need not wait for the disk.
  await admin(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Every file under the app's DATA_DIR/files (relative paths, sorted). */
export async function storedFiles(t: Pick<TestApp, 'config'>): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(path.relative(t.config.filesDir, p));
    }
  };
  await walk(t.config.filesDir);
  return out.sort();
}

/**
 * A fresh API on its own fresh database (PGlite copy of the migrated template, or a new
 * PostgreSQL database from the template when DATABASE_URL is set) and its own DATA_DIR. Passwords
 * are hashed with the cheapest argon2 parameters (PASSWORD_HASH_COST=test; passwords.unit.test.ts
 * holds the production ones), except in an app with NODE_ENV=production, which refuses them.
 */
export async function createTestApp(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-test-'));
  let database: Database;
  let dropDb: (() => Promise<void>) | null = null;
  const pgDb = await createPgTestDatabase();
  if (pgDb) {
    database = await openDatabase({ databaseUrl: pgDb.url });
    dropDb = pgDb.drop;
  } else {
    const dump = await fs.readFile(inject('pgliteDump'));
    database = await openDatabase({ loadDataDir: new Blob([dump]) });
  }
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: undefined, SMTP_URL: undefined, PASSWORD_HASH_COST: env.NODE_ENV === 'production' ? undefined : 'test', ...env },
    { DATA_DIR: dataDir, APP_SECRET: 'test-secret-test-secret-test-secret-000', RATE_LIMIT_AUTH_MAX: 10_000, RATE_LIMIT_PASSWORD_MAX: 10_000, RATE_LIMIT_CARD_MAX: 10_000, RATE_LIMIT_NAMESPACE: `stagepass-rl-test-${crypto.randomBytes(4).toString('hex')}:`, REALTIME_CHANNEL: `stagepass-socket-test-${crypto.randomBytes(4).toString('hex')}`, ...overrides },
  );
  const { app, root } = await buildAppWithRoot({ config, database, logger: false });
  await app.ready();
  return {
    app,
    ctx: root,
    config: root.config,
    databaseUrl: pgDb?.url ?? null,
    async close() {
      await app.close();
      await database.close();
      await dropDb?.();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

let seq = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}${crypto.randomBytes(2).toString('hex')}`;
export const TEST_PASSWORD = 'correct-horse-7';

export interface Made {
  user: UserRow; token: string; password: string; auth: { authorization: string };
  /** The TOTP secret when two-factor authentication is on (`enable2fa`, `createAdmin`). */
  totpSecret?: string;
}

/** Factories: accounts created through the real service, logged in through the real login. */
export async function createFan(t: TestApp, o: Partial<{ username: string; email: string; verified: boolean }> = {}): Promise<Made> {
  return make(t, false, o);
}
/**
 * A creator, APPROVED by default (verification, performers README) so they can sell at once;
 * `verification: 'pending' | 'rejected'` makes one awaiting review or refused.
 */
export async function createCreator(t: TestApp, o: Partial<{ username: string; email: string; verified: boolean; verification: VerificationStatus }> = {}): Promise<Made> {
  const m = await make(t, true, o);
  const status = o.verification ?? 'approved';
  if (status !== 'pending') {
    await t.ctx.db.update(performerProfiles).set({ verificationStatus: status, reviewedAt: new Date(), verificationNote: status === 'rejected' ? 'Test rejection' : null }).where(eq(performerProfiles.userId, m.user.id));
  }
  return m;
}
/** An operator with two-factor authentication on (the admin routes answer only to those), signed in. */
export async function createAdmin(t: TestApp): Promise<Made> {
  return enable2fa(t, await createAdminWithout2fa(t));
}
/** An operator who has not set up two-factor authentication: every admin route answers 403. */
export async function createAdminWithout2fa(t: TestApp): Promise<Made> {
  const m = await make(t, false, {});
  await t.ctx.db.update(users).set({ roles: ['user', 'admin'] }).where(eq(users.id, m.user.id));
  m.user = { ...m.user, roles: ['user', 'admin'] };
  return m;
}

/** The TOTP code of `secret` at the app's clock, `steps` 30-second steps later (or earlier). */
export function totpCode(t: TestApp, secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.ctx.clock.now().getTime() / 1000) + steps * 30 });
}

/**
 * Turns two-factor authentication on for `made` through the real service (setup, then a code) in
 * its session, which stays open (as after the account page's confirmation); e.g.
 * `enable2fa(t, await createCreator(t))` for payouts. Sets `made.totpSecret` and `made.user`.
 */
export async function enable2fa(t: TestApp, made: Made): Promise<Made> {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.id, made.user.id));
  const { secret } = await t.ctx.twoFactor.setup(row!);
  const [session] = await t.ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, hashToken(made.token)));
  await t.ctx.twoFactor.enable(row!, await totpCode(t, secret), session!.id);
  const [fresh] = await t.ctx.db.select().from(users).where(eq(users.id, made.user.id));
  made.user = fresh!;
  made.totpSecret = secret;
  return made;
}

async function make(t: TestApp, isPerformer: boolean, o: Partial<{ username: string; email: string; verified: boolean }>): Promise<Made> {
  const id = unique();
  const username = o.username ?? `u${id}`;
  const email = o.email ?? `${username}@test.example`;
  const user = await t.ctx.auth.createAccount(
    // Like every sign-up: age confirmed and the current terms accepted (modules/legal).
    { username, email, firstName: 'Test', lastName: isPerformer ? 'Creator' : 'Fan', password: TEST_PASSWORD, gender: 'female', ageConfirmed: true, acceptTerms: true },
    // Factory accounts are not mailed a verification link (tests ask for mails explicitly).
    { isPerformer, verifyEmail: false },
  );
  if (o.verified !== false) await t.ctx.db.update(users).set({ verifiedEmail: true }).where(eq(users.id, user.id));
  const { token } = await t.ctx.auth.issueSession(user.id, false);
  const [fresh] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
  return { user: fresh!, token, password: TEST_PASSWORD, auth: { authorization: `Bearer ${token}` } };
}

/** A complete W-9 (a US individual): what a creator gives before their first payout (modules/taxes). */
export const SAMPLE_W9: TaxDetailsInput = {
  form: 'w9', entityType: 'individual', legalName: 'Test Creator', businessName: '', classification: 'individual', tinType: 'ssn', tin: '123-45-6789',
  addressLine1: '1 Main Street', addressLine2: '', city: 'Springfield', region: 'IL', postalCode: '62701', certify: true, signature: 'Test Creator',
};
/** Gives `made` tax details through the real service (payout requests need them); a W-9 unless `input` says otherwise. */
export async function giveTaxDetails(t: TestApp, made: Made, input: TaxDetailsInput = SAMPLE_W9): Promise<Made> {
  await t.ctx.taxDetails.put(made.user, taxDetailsInputSchema.parse(input));
  return made;
}

/** Builds a multipart body (for app.inject) from fields and files. */
export function multipart(fields: Record<string, string>, files: Array<{ field: string; filename: string; content: Buffer; type?: string }>) {
  const boundary = `----stagepass${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`));
    chunks.push(f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The API tests' request helper: `req(method, url, who?, payload?, headers?)` sends the caller's
 * token (none for `who` absent or null) and any extra headers. The app is asked at each call, as
 * test files create theirs in beforeAll: `const req = requester(() => t);`.
 */
export function requester(app: () => TestApp) {
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who?: Made | null, payload?: unknown, headers: Record<string, string> = {}) =>
    app().app.inject({ method, url, headers: { ...(who?.auth ?? {}), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
}
