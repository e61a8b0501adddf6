import type { SQL, AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * HOOKS FOR THE BLOCKING ISSUE (a creator's block list, POST /block/users). Not implemented yet:
 * every function here lets everything through. When the `blocks` table exists, fill these in and
 * every social/discovery read that calls them picks the rule up:
 *   - follows: a blocked fan cannot follow the creator (404, as if the creator did not exist)
 *   - reactions / comments: the feed target's visibility already goes through the feeds policy
 *   - search: GET /performers/user/search leaves out creators who blocked the caller
 */

/** Throws 404 when `creatorId` has blocked `viewerId`. */
export async function assertNotBlocked(_db: DbOrTx, _creatorId: string, _viewerId: string | null | undefined): Promise<void> {
  // blocking issue: `select 1 from blocks where performer_id = creatorId and user_id = viewerId` → notFound('Creator not found')
}

/**
 * A WHERE condition leaving out the creators (the `creatorIdColumn`) who blocked `viewerId`, or
 * undefined while blocking does not exist.
 */
export function notBlockedBy(_creatorIdColumn: AnyColumn, _viewerId: string | null | undefined): SQL | undefined {
  // blocking issue: sql`not exists (select 1 from blocks b where b.performer_id = ${creatorIdColumn} and b.user_id = ${viewerId})`
  return undefined;
}
