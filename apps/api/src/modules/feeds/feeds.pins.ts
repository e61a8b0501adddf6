import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { FEED_PIN_LIMIT_MESSAGE, FEED_PIN_MAX, isUuid } from '@stagepass/shared';
import { conflict, notFound } from '../../platform/errors';
import type { Db } from '../../db/client';
import type { UserRow } from '../users/users.tables';
import { feeds } from './feeds.tables';
import { notExpiredSql } from './feeds.policy';
import { feedColumns, type Feedish } from './feeds.views';

/**
 * Pinned posts (issue 31 §3; README "Pinned posts"): a creator pins at most FEED_PIN_MAX of their
 * posts to the top of their profile, shown in pin order. Pinning is not an edit (updated_at stays).
 */
export class FeedPins {
  constructor(private deps: { db: Db }) {}

  /**
   * Pins one of the owner's posts after those already pinned; a pinned one stays where it is. The
   * count and the write are serialised per creator (an advisory lock), so two racing pins cannot
   * make a 4th. Expired posts (which nobody else sees any more) do not count.
   */
  async pin(owner: UserRow, id: string): Promise<Feedish> {
    return this.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`feed-pins:${owner.id}`}))`);
      const row = await ownRow(tx, owner, id);
      if (row.pinnedAt) return row;
      const [n] = await tx.select({ n: count() }).from(feeds).where(and(eq(feeds.performerId, owner.id), isNotNull(feeds.pinnedAt), notExpiredSql()));
      if (Number(n?.n ?? 0) >= FEED_PIN_MAX) throw conflict(FEED_PIN_LIMIT_MESSAGE);
      const [pinned] = await tx.update(feeds).set({ pinnedAt: new Date(), updatedAt: sql`${feeds.updatedAt}` }).where(eq(feeds.id, row.id)).returning(feedColumns);
      return pinned!;
    });
  }

  async unpin(owner: UserRow, id: string): Promise<Feedish> {
    const row = await ownRow(this.deps.db, owner, id);
    if (!row.pinnedAt) return row;
    const [done] = await this.deps.db.update(feeds).set({ pinnedAt: null, updatedAt: sql`${feeds.updatedAt}` }).where(eq(feeds.id, row.id)).returning(feedColumns);
    return done!;
  }

  /**
   * A page of a creator's list with the pinned posts first (pin order), then the others newest
   * first — never twice: the pinned ones (≤ 3, partial index feeds_pinned_idx) are read first and
   * the rest query leaves pinned rows out and starts where they end (feeds_performer_publish_idx).
   * `where` is the list's whole condition (visibility, filters); `total` counts both parts.
   */
  async pinnedFirstPage(where: SQL, q: { offset: number; limit: number }): Promise<{ rows: Feedish[]; total: number }> {
    const db = this.deps.db;
    const pinned = await db.select(feedColumns).from(feeds).where(and(where, isNotNull(feeds.pinnedAt))).orderBy(asc(feeds.pinnedAt), asc(feeds.id)).limit(FEED_PIN_MAX * 4);
    const head = pinned.slice(q.offset, q.offset + q.limit);
    const restOffset = Math.max(0, q.offset - pinned.length);
    const restLimit = q.limit - head.length;
    const restWhere = and(where, isNull(feeds.pinnedAt))!;
    const [rest, [total]] = await Promise.all([
      restLimit > 0 ? db.select(feedColumns).from(feeds).where(restWhere).orderBy(desc(feeds.publishAt), desc(feeds.id)).offset(restOffset).limit(restLimit) : Promise.resolve([] as Feedish[]),
      db.select({ n: count() }).from(feeds).where(restWhere),
    ]);
    return { rows: [...head, ...rest], total: pinned.length + Number(total?.n ?? 0) };
  }
}

async function ownRow(db: Pick<Db, 'select'>, owner: UserRow, id: string): Promise<Feedish> {
  if (!isUuid(id)) throw notFound('Feed not found');
  const [row] = await db.select(feedColumns).from(feeds).where(and(eq(feeds.id, id), eq(feeds.performerId, owner.id))).limit(1);
  if (!row) throw notFound('Feed not found');
  return row;
}
