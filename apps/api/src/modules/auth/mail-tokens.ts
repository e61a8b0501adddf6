import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashToken, newToken } from '../../platform/auth';
import type { Db, DbOrTx } from '../../db/client';
import { authTokens } from './auth.tables';

/** E-mailed single-use tokens (verification, password reset, e-mail change): only their SHA-256 is stored. */

export type MailTokenKind = 'verify-email' | 'reset-password' | 'change-email';

const DAY = 24 * 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 3 * DAY;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const EMAIL_CHANGE_TOKEN_TTL_MS = DAY;

/** A new link replaces older unused ones of the same kind. */
export async function createMailToken(db: Db, userId: string, kind: MailTokenKind, ttlMs: number, newEmail?: string): Promise<string> {
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx.update(authTokens).set({ usedAt: new Date() }).where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
    await tx.insert(authTokens).values({ userId, kind, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs), newEmail: newEmail ?? null });
  });
  return token;
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
