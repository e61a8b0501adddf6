import { and, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Events } from '../../platform/events';
import type { Queue } from '../../platform/queue';
import { periodicSweep } from '../../platform/periodic';
import { feeds } from './feeds.tables';
import { purgeOldFeedViews } from './feeds.seen';

/** How often a worker node looks for scheduled feeds whose time came. */
export const FEED_PUBLISH_SWEEP_MS = Number(process.env.FEED_PUBLISH_SWEEP_MS ?? 30_000);

/**
 * Scheduled feeds going live. Readers already show a feed once its `publishAt` has passed (the
 * status in answers comes from the time); this turns the stored status to `published` and records
 * `feed.published` (scheduled: true) in the same transaction, once per feed: the conditional
 * UPDATE (status still 'scheduled') lets only one of several nodes take a feed.
 */
export async function publishDueFeeds(deps: { db: Db; events: Events }, now = new Date(), limit = 200): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const due = tx.select({ id: feeds.id }).from(feeds).where(and(eq(feeds.status, 'scheduled'), lte(feeds.publishAt, now))).limit(limit);
    const rows = await tx.update(feeds).set({ status: 'published' }).where(and(inArray(feeds.id, due), eq(feeds.status, 'scheduled'))).returning({ id: feeds.id, performerId: feeds.performerId });
    for (const r of rows) await deps.events.record(tx, 'feed.published', { feedId: r.id, performerId: r.performerId, scheduled: true });
    return rows.length;
  });
}

/** The sweep on nodes that run workers (not in tests: they call publishDueFeeds): scheduled feeds going live, and the post views' old dedupe rows. */
export function defineFeedJobs(ctx: { db: Db; events: Events; log: FastifyBaseLogger; queue: Pick<Queue, 'workers'>; config: Pick<Config, 'NODE_ENV'> }) {
  // Post views' dedupe rows older than yesterday are deleted at most hourly (README "Post views").
  let lastViewPurge = 0;
  return periodicSweep({
    name: 'scheduled feed sweep',
    everyMs: FEED_PUBLISH_SWEEP_MS,
    log: ctx.log,
    enabled: () => ctx.queue.workers > 0 && ctx.config.NODE_ENV !== 'test',
    run: async () => {
      const now = Date.now();
      if (now - lastViewPurge >= 3_600_000) {
        lastViewPurge = now;
        await purgeOldFeedViews(ctx.db, new Date(now));
      }
      const n = await publishDueFeeds(ctx);
      if (n > 0) ctx.log.info({ published: n }, 'scheduled feeds published');
    },
  });
}
