import { and, eq, inArray, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { performerBlockedCountries, userBlocks } from './blocks.tables';

/**
 * THE block rule (a leaf rule: importable from every layer, imports only the schema layer — see
 * .dependency-cruiser.cjs LEAF_RULES). A block is mutual in effect: when A blocked B, or B blocked
 * A, neither sees nor reaches the other. Admins are never blocked (the callers skip the check for
 * them). Every module that shows or acts on another user's things asks here, in one of three forms:
 * a set (many ids, one query), a boolean (one pair), or a SQL condition for list queries.
 */

/** Those of `otherIds` that `userId` blocked or that blocked `userId` — one query. */
export async function blockedAmong(db: DbOrTx, userId: string, otherIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(otherIds.filter((id) => id !== userId))];
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: blockedOtherSql(userId) }).from(userBlocks).where(blocksBetweenSql(userId, ids));
  return new Set(rows.map((r) => r.id));
}

/**
 * `blockedAmong` as its two parts, for a caller that batches it with other queries into one round
 * trip (the feeds' access facts): the `user_blocks` rows between `userId` and any of `otherIds`
 * (either direction; `otherIds` non-empty)…
 */
export function blocksBetweenSql(userId: string, otherIds: readonly string[]): SQL {
  return or(
    and(eq(userBlocks.blockerId, userId), inArray(userBlocks.targetId, [...otherIds])),
    and(eq(userBlocks.targetId, userId), inArray(userBlocks.blockerId, [...otherIds])),
  )!;
}
/** …and, on such a row, the other user's id. */
export function blockedOtherSql(userId: string): SQL<string> {
  return sql<string>`case when ${userBlocks.blockerId} = ${userId} then ${userBlocks.targetId} else ${userBlocks.blockerId} end`;
}

/**
 * The blocks among a set of users (both ends in `ids`), as `blocker:target` keys — one query, for
 * a page of pairs (subscriptions: fan × creator).
 */
export async function blocksWithin(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  const set = [...new Set(ids)];
  if (set.length < 2) return new Set();
  const rows = await db.select({ b: userBlocks.blockerId, t: userBlocks.targetId }).from(userBlocks).where(and(inArray(userBlocks.blockerId, set), inArray(userBlocks.targetId, set)));
  return new Set(rows.map((r) => `${r.b}:${r.t}`));
}

/** Either of the two blocked the other. */
export async function isBlockedBetween(db: DbOrTx, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  return (await blockedAmong(db, a, [b])).size > 0;
}

/**
 * A WHERE condition: the user in `otherColumn` and `userId` have no block between them. `userId`
 * may be a placeholder of a prepared statement; null (anonymous) → always true.
 */
export function notBlockedWith(otherColumn: AnyColumn | SQLWrapper, userId: string | SQLWrapper | null | undefined): SQL {
  if (userId == null) return sql`true`;
  return sql`not exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${otherColumn} and ${userBlocks.targetId} = ${userId}) or (${userBlocks.blockerId} = ${userId} and ${userBlocks.targetId} = ${otherColumn}))`;
}

/**
 * A creator's hidden countries (performer_blocked_countries): the creator hides from visitors of
 * `country` (ISO 3166-1 alpha-2, resolved by the caller from the request address with
 * GeoService.countryOf). A courtesy, not an access control (README.md beside this file). Owners and
 * admins are never hidden from: the callers skip the check for them. Null country → false.
 */
export async function hidesFromCountry(db: DbOrTx, performerId: string, country: string | null | undefined): Promise<boolean> {
  if (!country) return false;
  const [row] = await db
    .select({ c: performerBlockedCountries.country })
    .from(performerBlockedCountries)
    .where(and(eq(performerBlockedCountries.performerId, performerId), eq(performerBlockedCountries.country, country)))
    .limit(1);
  return Boolean(row);
}
