import { and, inArray, lt } from 'drizzle-orm';
import { isAdmin } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../db/client';
import type { Events } from '../../platform/events';
import type { UserRow } from '../users/users.tables';
import { feeds, feedViews } from './feeds.tables';
import { feedAccess, feedModerationSql } from './feeds.policy';
import { feedColumns } from './feeds.views';

/** The UTC day (YYYY-MM-DD) of a time: a view counts once per viewer per post per UTC day. */
export const viewDayOf = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * Post views (README "Post views"). A batch of post ids the viewer's client saw: each post the viewer
 * may see (THE access rule: hidden, blocked, scheduled, expired posts are left out; locked ones count —
 * the fan saw the post and its offer), that is not their own, counts one view per viewer per UTC day:
 * the `feed_views` primary key makes a repeat (even a concurrent one) a no-op insert, and each new row
 * records `content.viewed` (kind `feed`) in the same transaction — what creators' statistics count.
 * Operators' views are not counted (they see every post; they are not the audience).
 */
export class FeedViewCounter {
  constructor(private deps: { db: Db; events: Events; clock: Clock }) {}

  /** How many of `ids` were counted as a new view. A fixed number of queries whatever the batch's length. */
  async count(viewer: UserRow, ids: string[]): Promise<number> {
    if (isAdmin(viewer)) return 0;
    const unique = [...new Set(ids)];
    const now = this.deps.clock.now();
    const rows = await this.deps.db.select(feedColumns).from(feeds).where(and(inArray(feeds.id, unique), feedModerationSql(viewer)));
    const access = await feedAccess(this.deps.db, viewer, rows, now);
    const seen = rows.filter((f) => {
      const a = access.get(f.id);
      return a && a.visible && !a.isOwner;
    });
    if (!seen.length) return 0;
    const day = viewDayOf(now);
    return this.deps.db.transaction(async (tx) => {
      const counted = await tx
        .insert(feedViews)
        .values(seen.map((f) => ({ feedId: f.id, userId: viewer.id, day })))
        .onConflictDoNothing()
        .returning({ feedId: feedViews.feedId });
      const owner = new Map(seen.map((f) => [f.id, f.performerId]));
      for (const c of counted) await this.deps.events.record(tx, 'content.viewed', { kind: 'feed', itemId: c.feedId, performerId: owner.get(c.feedId)! });
      return counted.length;
    });
  }
}

/** Deletes the dedupe rows older than yesterday (they can no longer stop a count): the feed sweep, at most hourly. */
export async function purgeOldFeedViews(db: Db, now: Date): Promise<void> {
  await db.delete(feedViews).where(lt(feedViews.day, viewDayOf(new Date(now.getTime() - 86_400_000))));
}
