import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@stagepass/shared';
import { TEXTS } from '../../platform/texts';
import type { Db } from '../../db/client';
import type { ContentKinds } from '../../platform/content-kinds';
import type { Events } from '../../platform/events';
import type { Queue } from '../../platform/queue';
import { users } from '../users/users.tables';
import { streams } from '../streaming/streaming.tables';
import { audiencePage, type NewPostAudience } from './notifications.fanout';
import type { NotificationsService } from './notifications.service';

/** One job per batch of a go-live's notifications. */
export const GO_LIVE_FANOUT_JOB = 'notifications.go-live';

export interface GoLiveFanOutJob {
  eventId: string;
  streamId: string;
  performerId: string;
  /** The last user id of the previous batch (null: the first batch). */
  after: string | null;
}

/**
 * A creator went live (`stream.started` with `notify`: the streaming module throttles it to one per
 * creator per GO_LIVE_NOTIFY_THROTTLE_MINUTES) → a 'stream' notification ("<creator> is live")
 * linking to /live/<username> for every follower and active subscriber, in batches like a new
 * post's (notifications.fanout.ts): the union of both lists walked with one keyset cursor, each
 * batch in its own short transaction, the next batch queued with the cursor. Idempotent (unique
 * event_id + user_id). A stream that ended meanwhile stops the walk.
 */
export function registerGoLiveFanOut(deps: {
  db: Db;
  contentKinds: Pick<ContentKinds, 'get'>;
  events: Events;
  queue: Queue;
  notifications: NotificationsService;
  audience: NewPostAudience;
  batchSize: number;
  log: FastifyBaseLogger;
}): void {
  const { db, contentKinds, events, queue, notifications, audience, batchSize } = deps;
  const live = async (streamId: string) => Boolean(await contentKinds.get('stream')?.load(db, null, streamId));

  async function batch(job: GoLiveFanOutJob): Promise<void> {
    const { eventId, streamId, performerId, after } = job;
    if (!(await live(streamId))) return;
    const { page, more } = await audiencePage(audience, performerId, after, batchSize);
    const readers = page.filter((id) => id !== performerId);
    if (readers.length) {
      await db.transaction(async (tx) => {
        const [s] = await tx.select({ title: streams.title, name: users.name, username: users.username }).from(streams).innerJoin(users, eq(users.id, streams.performerId)).where(eq(streams.id, streamId));
        if (!s) return;
        const who = s.name || s.username || 'A creator you follow';
        await notifications.create(tx, readers.map((userId) => ({
          userId, type: 'stream' as const, actorId: performerId, objectKind: 'stream' as const, objectId: streamId, text: (l: Locale) => TEXTS[l].notifications.live(who, s.title), link: `/live/${s.username ?? performerId}`, eventId,
        })));
      });
    }
    if (more) {
      const cursor = page[page.length - 1]!;
      await queue.send<GoLiveFanOutJob>(GO_LIVE_FANOUT_JOB, { eventId, streamId, performerId, after: cursor }, { singletonKey: `${eventId}:${cursor}` });
    }
  }

  queue.define<GoLiveFanOutJob>({
    name: GO_LIVE_FANOUT_JOB,
    retryLimit: 8,
    retryDelaySeconds: 5,
    expireInSeconds: 120,
    singletonPerKey: true,
    handler: (job) => batch(job),
    onDead: async (job) => deps.log.error({ ...job }, 'go-live fan-out batch failed for good: the rest of the audience is not notified'),
  });
  events.onSideEffect('stream.started', 'notifications.go-live', async (e) => {
    const { streamId, performerId, notify } = e.payload;
    if (!notify) return;
    await queue.send<GoLiveFanOutJob>(GO_LIVE_FANOUT_JOB, { eventId: e.id, streamId, performerId, after: null }, { singletonKey: `${e.id}:` });
  });
}
