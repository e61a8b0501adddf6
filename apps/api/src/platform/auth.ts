import crypto from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { MESSAGES } from '@stagepass/shared';
import { sessions } from '../modules/auth/auth.tables';
import { users, type UserRow } from '../modules/users/users.tables';
import type { Db, DbOrTx, Tx } from '../db/client';
import type { CommitHooks } from './commit-hooks';
import { TWO_FACTOR_MESSAGES } from '@stagepass/shared';
import { forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: string | null;
  }
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
export const newToken = () => crypto.randomBytes(32).toString('base64url');

/** `Authorization: Bearer <t>` or a bare `Authorization: <t>`. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const v = header.trim();
  const m = /^Bearer\s+(.+)$/i.exec(v);
  const token = (m ? m[1] : v).trim();
  return token || null;
}

/** The operator role on the account (what the console shows and grants); not, alone, any power. */
export const hasAdminRole = (u: Pick<UserRow, 'roles'> | null | undefined) => Boolean(u?.roles?.includes('admin'));
/**
 * THE definition of "acts as operator": the admin role AND two-factor authentication on (then every
 * live session of the account was opened with a code). The route guards and every service-level
 * exemption (seeing others' drafts, documents, orders; ending streams; deleting comments…) ask this,
 * so an operator without 2FA is a plain user everywhere, not only under /admin.
 */
export const isAdmin = (u: Pick<UserRow, 'roles' | 'twoFactorEnabled'> | null | undefined) => Boolean(u && hasAdminRole(u) && u.twoFactorEnabled);

/** Viewer objects marked by `asAuditedOperator` (a mark on the object: a copy of it is a plain viewer again). */
const auditedOperators = new WeakSet<object>();

/**
 * An operator's viewer for ONE audited read of locked media (issue 28 §6; apps/api/README.md
 * "Audit log"): a marked copy of `viewer`, which the content policies let open paid media the
 * operator is not otherwise entitled to (`isAuditedOperator`). Only the audited operator routes
 * (`GET /admin/content/{kind}/{id}`, `GET /admin/conversations/{id}/messages`) make one, right
 * after writing the read's audit row with the operator's reason; everywhere else an operator is
 * a viewer like any other for media (they still SEE every item: drafts, hidden ones). Throws for
 * a caller who is not an operator (`isAdmin`): a programming error.
 */
export function asAuditedOperator<U extends Pick<UserRow, 'roles' | 'twoFactorEnabled'>>(viewer: U): U {
  if (!isAdmin(viewer)) throw new Error('Only an operator (admin with two-factor authentication) can read as an audited operator');
  const marked = { ...viewer };
  auditedOperators.add(marked);
  return marked;
}

/**
 * Whether `viewer` is an operator's viewer made by `asAuditedOperator` for an audited read: the
 * one clause of every content policy that opens locked media to an operator (videos, galleries and
 * their photos, feeds, products' downloads, paid messages).
 */
export const isAuditedOperator = (viewer: Pick<UserRow, 'roles' | 'twoFactorEnabled'> | null | undefined): boolean =>
  Boolean(viewer && auditedOperators.has(viewer) && isAdmin(viewer));

/**
 * The session lookup: one indexed query joining the user, built once per database and prepared
 * (named, so PostgreSQL parses and plans it once per connection).
 */
function buildSessionLookup(db: Db) {
  return db
    .select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`)))
    .limit(1)
    .prepare('auth_session');
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof buildSessionLookup>>();
function sessionLookup(db: Db) {
  let st = sessionLookups.get(db);
  if (!st) sessionLookups.set(db, (st = buildSessionLookup(db)));
  return st;
}

interface CachedSession {
  user: UserRow;
  sessionId: string;
  /** The session's own expiry, and the end of this entry's life (ms since the epoch). */
  expiresAt: number;
  until: number;
}
type Eviction = { userId: string } | { sessionId: string };
const EVICT_CHANNEL = 'stagepass:session-evict';

/**
 * Sessions resolved in the last few seconds, in this process (SESSION_CACHE_SECONDS, default 30;
 * 0 turns it off), so a signed-in request costs no session query. Only valid sessions of active
 * accounts are kept (an unknown token always asks the database), each until the earlier of its TTL
 * and the session's own expiry, at most MAX entries (the oldest goes first).
 *
 * Evicted at once, on this node and — through Redis pub/sub when REDIS_URL — on every node, by the
 * writes that could change the answer: a logout or any session revocation (`evictSession`), and
 * any write to the user's row (`evictUser`: password, e-mail, profile, role, status, ban…; the
 * users module calls it after each of its writes, the auth module after revoking a user's
 * sessions). The eviction runs after the write's transaction commits and completes (published)
 * before the request that made it answers. A lookup that raced an eviction (read before the
 * commit, answered after it) is not cached: every eviction bumps an epoch the lookup checks.
 */
export class SessionCache {
  static readonly MAX = 10_000;
  private entries = new Map<string, CachedSession>();
  private epoch = 0;
  private redis: { pub: Redis; sub: Redis } | null = null;
  private readonly ttlMs: number;
  /** Settles once this node listens to other nodes' evictions (at once without Redis); tests wait for it. */
  readonly subscribed: Promise<void> = Promise.resolve();

  constructor(private deps: { ttlSeconds: number; redisUrl?: string; commits: CommitHooks; log: FastifyBaseLogger }) {
    this.ttlMs = deps.ttlSeconds * 1000;
    if (deps.redisUrl && this.ttlMs > 0) {
      const pub = new Redis(deps.redisUrl, { maxRetriesPerRequest: 2 });
      const sub = pub.duplicate();
      this.redis = { pub, sub };
      sub.on('message', (_channel: string, message: string) => {
        try {
          this.drop(JSON.parse(message) as Eviction);
        } catch {
          this.clear();
        }
      });
      this.subscribed = sub.subscribe(EVICT_CHANNEL).then(
        () => undefined,
        (err: unknown) => deps.log.error({ err }, 'session cache: could not subscribe to evictions'),
      );
      // Without the channel this node could miss another node's revocation: serve nothing from cache.
      sub.on('error', () => this.clear());
      sub.on('reconnecting', () => this.clear());
    }
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The cached session of a token hash, if still good. */
  get(tokenHash: string, now = Date.now()): CachedSession | null {
    const e = this.entries.get(tokenHash);
    if (!e) return null;
    if (e.until <= now || e.expiresAt <= now) {
      this.entries.delete(tokenHash);
      return null;
    }
    return e;
  }

  /** The epoch to pass back to `set`: a lookup read under an older one is not kept. */
  get current(): number {
    return this.epoch;
  }

  set(tokenHash: string, value: Omit<CachedSession, 'until'>, epoch: number, now = Date.now()): void {
    if (!this.enabled || epoch !== this.epoch) return;
    if (this.entries.size >= SessionCache.MAX) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { ...value, until: now + this.ttlMs });
  }

  /** Drops a user's cached sessions everywhere, after `db`'s transaction commits (or now outside one). */
  evictUser(userId: string, db?: DbOrTx): Promise<void> {
    return this.evict({ userId }, db);
  }

  /** Drops one session everywhere (logout), after `db`'s transaction commits (or now outside one). */
  evictSession(sessionId: string, db?: DbOrTx): Promise<void> {
    return this.evict({ sessionId }, db);
  }

  private async evict(e: Eviction, db?: DbOrTx): Promise<void> {
    if (!this.enabled) return;
    const run = () => this.publish(e);
    if (db && this.deps.commits.afterCommit(db as Tx, run)) return;
    await run();
  }

  private async publish(e: Eviction): Promise<void> {
    this.drop(e);
    if (!this.redis) return;
    try {
      await this.redis.pub.publish(EVICT_CHANNEL, JSON.stringify(e));
    } catch (err) {
      this.deps.log.error({ err }, 'session cache: eviction not published; other nodes keep the entry until its TTL');
    }
  }

  private drop(e: Eviction): void {
    this.epoch++;
    for (const [key, v] of this.entries) {
      if (('userId' in e && v.user.id === e.userId) || ('sessionId' in e && v.sessionId === e.sessionId)) this.entries.delete(key);
    }
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
  }

  async close(): Promise<void> {
    this.clear();
    if (!this.redis) return;
    const { pub, sub } = this.redis;
    this.redis = null;
    await Promise.allSettled([pub.quit(), sub.quit()]);
  }
}

/**
 * The session of a token: the one check shared by HTTP (below) and the realtime gateway
 * (platform/realtime.ts). Unknown, expired or revoked → the session-expired text; an inactive
 * account → its own text. Served from the session cache when it holds the token.
 */
export async function findSession(db: Db, token: string, cache?: SessionCache): Promise<{ ok: true; user: UserRow; sessionId: string } | { ok: false; message: string }> {
  if (token.length > 200) return { ok: false, message: 'Your session has expired, please log in again' };
  const tokenHash = hashToken(token);
  const hit = cache?.get(tokenHash);
  if (hit) return { ok: true, user: hit.user, sessionId: hit.sessionId };
  const epoch = cache?.current ?? 0;
  const [row] = await sessionLookup(db).execute({ tokenHash, now: new Date().toISOString() });
  if (!row) return { ok: false, message: 'Your session has expired, please log in again' };
  if (row.user.status !== 'active') return { ok: false, message: row.user.status === 'suspended' ? MESSAGES.accountSuspended : 'This account is not active' };
  cache?.set(tokenHash, { user: row.user, sessionId: row.sessionId, expiresAt: new Date(row.expiresAt).getTime() }, epoch);
  return { ok: true, user: row.user, sessionId: row.sessionId };
}

/**
 * Resolves the session (the session cache, else one indexed query joining the user) for every request carrying a token.
 * An unknown, expired or revoked token answers 401 on every route, even public ones, so the web
 * drops it and goes to /auth/login (spec §7: any 401 → login).
 */
export function registerAuth(app: FastifyInstance, db: Db, cache?: SessionCache) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (req) => {
    // A route whose Authorization is its own credential (the metrics token) is not a session's.
    if (req.routeOptions.config.routeDef?.ownAuthorization) return;
    const token = tokenFromHeader(req.headers.authorization);
    if (!token) return;
    const s = await findSession(db, token, cache);
    if (!s.ok) throw unauthorized(s.message);
    req.user = s.user;
    req.sessionId = s.sessionId;
  });
  // Whatever a signed-in request gets back is that user's own data: no shared or browser cache may
  // keep it (profile, wallet, cards, earnings…).
  app.addHook('onSend', async (req, reply) => {
    if (req.user) reply.header('cache-control', 'no-store');
  });
  // Guards run before the body and query are validated: an anonymous caller gets 401 (and a fan
  // 403) whatever it sent, never a 400 describing the route's schema. Each route's guard hooks are
  // moved from preHandler to the front of preValidation.
  app.addHook('onRoute', (route) => {
    const pre = route.preHandler;
    const list = Array.isArray(pre) ? pre : pre ? [pre] : [];
    const guards = list.filter((h) => GUARDS.has(h as Guard));
    if (!guards.length) return;
    const rest = list.filter((h) => !GUARDS.has(h as Guard));
    route.preHandler = rest.length ? (rest as typeof list) : undefined;
    const pv = route.preValidation;
    route.preValidation = [...guards, ...(Array.isArray(pv) ? pv : pv ? [pv] : [])] as never;
  });
}

export type Guard = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
const GUARDS = new WeakSet<Guard>();
/**
 * Declares an access guard. Put it in a route's `preHandler`; registerAuth moves it to
 * preValidation so it runs before the body is validated (401/403 before 400).
 */
export function defineGuard(fn: Guard): Guard {
  GUARDS.add(fn);
  return fn;
}
/** Signed in. */
export const authenticated = defineGuard(async (req) => {
  if (!req.user) throw unauthorized();
});
/** Signed in as a performer (creator). Fans get 403. */
export const performerOnly = defineGuard(async (req) => {
  if (!req.user) throw unauthorized();
  if (!req.user.isPerformer) throw forbidden('Only creators can do this');
});
/**
 * Signed in as an operator with two-factor authentication on (then every live session of the
 * account was opened with a code: turning it on ends the others). An operator without it → 403
 * telling them to set it up.
 */
export const adminOnly = defineGuard(async (req) => {
  if (!req.user) throw unauthorized();
  if (!hasAdminRole(req.user)) throw forbidden('Only administrators can do this');
  if (!isAdmin(req.user)) throw forbidden(TWO_FACTOR_MESSAGES.adminRequired);
});
/** Two-factor authentication on (payouts and payout details: the creator's money leaves the site). Put it after the access guard. */
export const twoFactorOn = defineGuard(async (req) => {
  if (!req.user) throw unauthorized();
  if (!req.user.twoFactorEnabled) throw forbidden(TWO_FACTOR_MESSAGES.payoutRequired);
});
/** For handlers behind a guard: the user, typed non-null. */
/** A creator, or an operator looking at a creator's figures (performerId). Fans → 403. */
export const performerOrAdmin = defineGuard(async (req) => {
  if (!req.user) throw unauthorized();
  if (req.user.isPerformer) return;
  if (!hasAdminRole(req.user)) throw forbidden('Only creators can do this');
  if (!isAdmin(req.user)) throw forbidden(TWO_FACTOR_MESSAGES.adminRequired);
});

export function currentUser(req: FastifyRequest): UserRow {
  if (!req.user) throw unauthorized();
  return req.user;
}
