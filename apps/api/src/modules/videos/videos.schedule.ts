import { and, eq, inArray, isNull, lte, min, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { Events } from '../../platform/events';
import type { Queue } from '../../platform/queue';
import { periodicSweep } from '../../platform/periodic';
import { videos } from './videos.tables';

/** How often a worker node looks for videos whose publication time came (VIDEO_PUBLISH_SWEEP_MS). */
export const VIDEO_PUBLISH_SWEEP_MS = Number(process.env.VIDEO_PUBLISH_SWEEP_MS ?? 5_000);

/** Active videos whose time came and whose publication is not recorded yet (index `videos_unpublished_idx`). */
const dueSql = (now: Date) => and(isNull(videos.publishedAt), eq(videos.status, 'active'), lte(videos.publishAt, now))!;

/**
 * Records the publication of due videos — active, `publishAt <= now`, `published_at` still null —
 * in `tx`: sets `published_at` and records one `video.published` event per video. The conditional
 * UPDATE is the claim: when a request (create/edit) and the sweep, or two nodes' sweeps, race for
 * a video, the second UPDATE waits for the first's row lock, re-reads `published_at`, and skips
 * it — so the event is recorded exactly once per video. `ids` narrows it to some videos (the
 * service publishing the one it just saved). Visibility itself never waits for this: readers
 * apply `publishAt <= now` at query time.
 */
export async function recordPublished(tx: Tx, events: Events, opts: { ids?: string[]; scheduled: boolean; now?: Date; limit?: number }): Promise<number> {
  const now = opts.now ?? new Date();
  const due = tx
    .select({ id: videos.id })
    .from(videos)
    .where(and(dueSql(now), opts.ids ? inArray(videos.id, opts.ids) : undefined))
    .orderBy(videos.publishAt)
    .limit(opts.limit ?? 200);
  // updatedAt is set to itself: going live on schedule is not an edit.
  const rows = await tx
    .update(videos)
    .set({ publishedAt: now, updatedAt: sql`${videos.updatedAt}` })
    .where(and(inArray(videos.id, due), dueSql(now)))
    .returning({ id: videos.id, performerId: videos.performerId });
  for (const r of rows) await events.record(tx, 'video.published', { videoId: r.id, performerId: r.performerId, scheduled: opts.scheduled });
  return rows.length;
}

/** The sweep's pass: every due video (scheduled ones whose time came), in one transaction. */
export function publishDueVideos(deps: { db: Db; events: Events }, now = new Date(), limit = 200): Promise<number> {
  return deps.db.transaction((tx) => recordPublished(tx, deps.events, { scheduled: true, now, limit }));
}

/** The earliest publication time still to record (an index-only read of `videos_unpublished_idx`). */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = await db.select({ at: min(videos.publishAt) }).from(videos).where(and(isNull(videos.publishedAt), eq(videos.status, 'active')));
  return row?.at ? new Date(row.at) : null;
}

/**
 * Scheduled publication on nodes that run workers: a sweep every VIDEO_PUBLISH_SWEEP_MS (5 s) —
 * and, after each pass, a one-off timer at the next publication time when that comes sooner than
 * the next sweep, so a video goes live (its `video.published` event) within a fraction of a second
 * of its time when known at the previous pass, and within one sweep interval otherwise (a video
 * scheduled on another node moments before its time). Several nodes may run it: the claim is the
 * conditional UPDATE of `recordPublished`. Not in tests (they call `publishDueVideos`), unless
 * `enabled` says so.
 */
export function defineVideoJobs(ctx: {
  db: Db;
  events: Events;
  log: FastifyBaseLogger;
  queue: Pick<Queue, 'workers'>;
  config: Pick<Config, 'NODE_ENV'>;
  everyMs?: number;
  enabled?: () => boolean;
}) {
  const everyMs = ctx.everyMs ?? VIDEO_PUBLISH_SWEEP_MS;
  let precise: NodeJS.Timeout | null = null;
  let early: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    const n = await publishDueVideos(ctx);
    if (n > 0) ctx.log.info({ published: n }, 'scheduled videos published');
    arm(await nextDueAt(ctx.db));
  };
  const arm = (at: Date | null) => {
    if (precise) clearTimeout(precise);
    precise = null;
    if (stopped || !at) return;
    const delay = at.getTime() - Date.now();
    if (delay >= everyMs) return; // a sweep comes first and arms again
    precise = setTimeout(() => {
      precise = null;
      early = pass()
        .catch((err) => ctx.log.warn({ err }, 'scheduled video publication failed'))
        .finally(() => {
          early = null;
        });
    }, Math.max(0, delay) + 10);
    precise.unref();
  };
  const sweep = periodicSweep({
    name: 'scheduled video sweep',
    everyMs,
    log: ctx.log,
    enabled: ctx.enabled ?? (() => ctx.queue.workers > 0 && ctx.config.NODE_ENV !== 'test'),
    run: pass,
  });
  return {
    start() {
      stopped = false;
      sweep.start();
    },
    async stop() {
      stopped = true;
      if (precise) clearTimeout(precise);
      precise = null;
      await sweep.stop();
      await early;
    },
  };
}
