import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessions } from '../modules/auth/auth.tables';
import { users, type UserRow } from '../modules/users/users.tables';
import type { Db } from '../db/client';
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

export const isAdmin = (u: Pick<UserRow, 'roles'> | null | undefined) => Boolean(u?.roles?.includes('admin'));

/**
 * The session lookup: one indexed query joining the user, built once per database and prepared
 * (named, so PostgreSQL parses and plans it once per connection). Nothing is cached: every request
 * reads the session row, so a revocation or an expiry takes effect on the next request.
 */
function buildSessionLookup(db: Db) {
  return db
    .select({ user: users, sessionId: sessions.id })
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

/**
 * The session of a token: the one check shared by HTTP (below) and the realtime gateway
 * (platform/realtime.ts). Unknown, expired or revoked → the session-expired text; an inactive
 * account → its own text.
 */
export async function findSession(db: Db, token: string): Promise<{ ok: true; user: UserRow; sessionId: string } | { ok: false; message: string }> {
  if (token.length > 200) return { ok: false, message: 'Your session has expired, please log in again' };
  const [row] = await sessionLookup(db).execute({ tokenHash: hashToken(token), now: new Date().toISOString() });
  if (!row) return { ok: false, message: 'Your session has expired, please log in again' };
  if (row.user.status !== 'active') return { ok: false, message: 'This account is not active' };
  return { ok: true, user: row.user, sessionId: row.sessionId };
}

/**
 * Resolves the session (one indexed query joining the user) for every request carrying a token.
 * An unknown, expired or revoked token answers 401 on every route, even public ones, so the web
 * drops it and goes to /auth/login (spec §7: any 401 → login).
 */
export function registerAuth(app: FastifyInstance, db: Db) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (req) => {
    const token = tokenFromHeader(req.headers.authorization);
    if (!token) return;
    const s = await findSession(db, token);
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
/** Signed in as an operator. */
export const adminOnly = defineGuard(async (req) => {
  if (!req.user) throw unauthorized();
  if (!isAdmin(req.user)) throw forbidden('Only administrators can do this');
});
/** For handlers behind a guard: the user, typed non-null. */
/** A creator, or an operator looking at a creator's figures (performerId). Fans → 403. */
export const performerOrAdmin = defineGuard(async (req) => {
  if (!req.user) throw unauthorized();
  if (!req.user.isPerformer && !isAdmin(req.user)) throw forbidden('Only creators can do this');
});

export function currentUser(req: FastifyRequest): UserRow {
  if (!req.user) throw unauthorized();
  return req.user;
}
