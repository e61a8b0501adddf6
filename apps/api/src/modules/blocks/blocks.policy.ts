import { and, eq, inArray, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userBlocks } from './blocks.tables';

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
  const rows = await db
    .select({ blockerId: userBlocks.blockerId, targetId: userBlocks.targetId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, userId), inArray(userBlocks.targetId, ids)),
        and(eq(userBlocks.targetId, userId), inArray(userBlocks.blockerId, ids)),
      ),
    );
  return new Set(rows.map((r) => (r.blockerId === userId ? r.targetId : r.blockerId)));
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
