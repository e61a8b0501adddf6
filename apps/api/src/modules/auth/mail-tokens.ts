import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashToken, newToken } from '../../platform/auth';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../users/users.tables';
import { authTokens } from './auth.tables';

/** E-mailed single-use tokens (verification, password reset, e-mail change): only their SHA-256 is stored. */

export type MailTokenKind = 'verify-email' | 'reset-password' | 'change-email';

const DAY = 24 * 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 3 * DAY;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const EMAIL_CHANGE_TOKEN_TTL_MS = DAY;

/**
 * A new link replaces older unused ones of the same kind. With `requestedAt` (when the user asked:
 * the event's time; links are made by event handlers, which may run out of order or side by side),
 * a request older than a link already made for a later one makes nothing and answers null: the
 * later request's link stays the one that works. The user's row is locked meanwhile (then only: a
 * handler's own transaction), so two handlers of one user take turns.
 */
export async function createMailToken(db: Db, userId: string, kind: MailTokenKind, ttlMs: number, newEmail?: string): Promise<string>;
export async function createMailToken(db: Db, userId: string, kind: MailTokenKind, ttlMs: number, newEmail: string | undefined, requestedAt: Date | undefined): Promise<string | null>;
export async function createMailToken(db: Db, userId: string, kind: MailTokenKind, ttlMs: number, newEmail?: string, requestedAt?: Date): Promise<string | null> {
  const token = newToken();
  const made = await db.transaction(async (tx) => {
    if (requestedAt) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [later] = await tx.select({ id: authTokens.id }).from(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), gt(authTokens.createdAt, requestedAt))).limit(1);
      if (later) return false;
    }
    await tx.update(authTokens).set({ usedAt: new Date() }).where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
    await tx.insert(authTokens).values({ userId, kind, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs), newEmail: newEmail ?? null, ...(requestedAt ? { createdAt: requestedAt } : {}) });
    return true;
  });
  return made ? token : null;
}

/** Marks a token used and returns its row, or null when unknown/used/expired. Atomic: a token works once. */
export async function takeMailToken(tx: DbOrTx, token: string, kind: MailTokenKind): Promise<{ userId: string; newEmail: string | null } | null> {
  const [row] = await tx
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), sql`${authTokens.expiresAt} > now()`))
    .returning({ userId: authTokens.userId, newEmail: authTokens.newEmail });
  return row ?? null;
}

/** The user of a token of this kind in any state (used, replaced, expired), or null when no such token was ever made. */
export async function mailTokenOwner(tx: DbOrTx, token: string, kind: MailTokenKind): Promise<string | null> {
  const [row] = await tx.select({ userId: authTokens.userId }).from(authTokens).where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind))).limit(1);
  return row?.userId ?? null;
}
