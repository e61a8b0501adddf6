import { and, asc, desc, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { TOKEN_LIFETIME_DAYS } from '@stagepass/shared';
import { hashToken, newToken } from '../../platform/auth';
import { clientColumns, requestClient } from '../../platform/request-context';
import type { DbOrTx } from '../../db/client';
import { sessions } from './auth.tables';

/** Login sessions (bearer tokens): issuing, revoking, reading how one was issued. */

export const DAY = 24 * 60 * 60 * 1000;

export interface IssuedSession { token: string; expiresAt: string }

/**
 * A random token; only its SHA-256 is stored. 365 days when remembered, else 1 day (spec §4).
 * The caller records the login on the account (UserAccounts.recordLogin: AuthService.issueSession).
 */
export async function issueSession(db: DbOrTx, userId: string, remember: boolean): Promise<IssuedSession> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + (remember ? TOKEN_LIFETIME_DAYS.remembered : TOKEN_LIFETIME_DAYS.session) * DAY);
  // Issued at the user's own request (sign-in, registration, verification): its client is kept (auth README).
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt, ...clientColumns(requestClient()) });
  return { token, expiresAt: expiresAt.toISOString() };
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, userId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * A user's latest sign-ins (sessions), newest first: when each started, was last used and whether
 * it has ended (revoked or expired at `now`). For a disputed payment's evidence (payments README).
 */
export async function recentSessions(db: DbOrTx, userId: string, limit: number, now: Date): Promise<Array<{ startedAt: Date; lastSeenAt: Date | null; ended: boolean; ip: string | null; device: string | null }>> {
  const rows = await db
    .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt, ip: sessions.clientIp, device: sessions.clientDevice })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt))
    .limit(limit);
  return rows.map((r) => ({ startedAt: r.createdAt, lastSeenAt: r.lastSeenAt, ended: r.revokedAt !== null || r.expiresAt.getTime() <= now.getTime(), ip: r.ip, device: r.device }));
}

/** A page of the user's sign-ins for their data export: when, until when, the client kept — never the token's hash. */
export async function signInsPage(db: DbOrTx, userId: string, last: string | null, limit: number) {
  return db
    .select({ id: sessions.id, startedAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt, clientIp: sessions.clientIp, clientDevice: sessions.clientDevice })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), last ? gt(sessions.id, last) : undefined))
    .orderBy(asc(sessions.id))
    .limit(limit);
}

/** Clears the client (address, user agent) of sessions started before `before` (CLIENT_RECORD_DAYS); how many. */
export async function purgeSessionClients(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ clientIp: null, clientDevice: null })
    .where(and(lt(sessions.createdAt, before), or(isNotNull(sessions.clientIp), isNotNull(sessions.clientDevice))))
    .returning({ id: sessions.id });
  return rows.length;
}

/** When a session was created and until when it lasts (null: unknown session). */
export async function sessionTimes(db: DbOrTx, sessionId: string): Promise<{ createdAt: Date; expiresAt: Date } | null> {
  const [s] = await db.select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return s ?? null;
}
