import { and, desc, eq, isNull } from 'drizzle-orm';
import { TOKEN_LIFETIME_DAYS } from '@stagepass/shared';
import { hashToken, newToken } from '../../platform/auth';
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
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt });
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
export async function recentSessions(db: DbOrTx, userId: string, limit: number, now: Date): Promise<Array<{ startedAt: Date; lastSeenAt: Date | null; ended: boolean }>> {
  const rows = await db
    .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt))
    .limit(limit);
  return rows.map((r) => ({ startedAt: r.createdAt, lastSeenAt: r.lastSeenAt, ended: r.revokedAt !== null || r.expiresAt.getTime() <= now.getTime() }));
}

/** When a session was created and until when it lasts (null: unknown session). */
export async function sessionTimes(db: DbOrTx, sessionId: string): Promise<{ createdAt: Date; expiresAt: Date } | null> {
  const [s] = await db.select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return s ?? null;
}
