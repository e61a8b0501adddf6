import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { quotedTitle, type Locale } from '@stagepass/shared';
import { TEXTS } from '../../platform/texts';
import type { Db } from '../../db/client';
import type { ContentKinds } from '../../platform/content-kinds';
import type { Events } from '../../platform/events';
import type { Queue } from '../../platform/queue';
import type { Realtime } from '../../platform/realtime';
import { users } from '../users/users.tables';
import type { NotificationsService } from './notifications.service';

/** One job per batch of a new post's notifications. */
export const NEW_POST_FANOUT_JOB = 'notifications.new-post';

/**
 * Who hears of a creator's new post, read a batch at a time (keyset: ids above `after`, ascending,
 * at most `limit`). Given by the composition root from the subscriptions and follows services, so
 * this module reads neither module's tables.
 */
export interface NewPostAudience {
  /** Fans whose subscription is active now (not cancelled, past due or expired). */
  activeSubscriberIds(performerId: string, after: string | null, limit: number): Promise<string[]>;
  followerIds(performerId: string, after: string | null, limit: number): Promise<string[]>;
}

/**
 * The next page of a creator's subscribers ∪ followers above the cursor `after`, by id: both lists
 * fetched one past a page — their merge's first `size` ids are exactly the union's next page, and a
 * longer merge says another page follows.
 */
export async function audiencePage(audience: NewPostAudience, performerId: string, after: string | null, size: number): Promise<{ page: string[]; more: boolean }> {
  const [subs, fans] = await Promise.all([audience.activeSubscriberIds(performerId, after, size + 1), audience.followerIds(performerId, after, size + 1)]);
  const merged = [...new Set([...subs, ...fans])].sort();
  return { page: merged.slice(0, size), more: merged.length > size };
}

/** What was published: a post (feed.published) or a video (video.published). */
type PublishedKind = 'feed' | 'video';

export interface NewPostFanOutJob {
  eventId: string;
  /** Absent in jobs queued before videos were announced: a post. */
  kind?: PublishedKind;
  /** The post's or the video's id (`feedId` in jobs queued before videos were announced). */
  itemId?: string;
  feedId?: string;
  performerId: string;
  /** The last user id of the previous batch (null: the first batch). */
  after: string | null;
}

/** What the fan-out is built with (root.ts). */
export interface NewPostFanOutDeps {
  db: Db;
  /** To stop when the item is gone or no longer live (deleted, or moved to a later time). */
  contentKinds: Pick<ContentKinds, 'get'>;
  events: Events;
  queue: Queue;
  realtime: Pick<Realtime, 'toUsers'>;
  notifications: NotificationsService;
  audience: NewPostAudience;
  /** Users per batch (config FANOUT_BATCH_SIZE, 500 by default). */
  batchSize: number;
  log: FastifyBaseLogger;
}

/** Ids per page of the push pass: one socket.io emit to that many users' rooms. */
const PUSH_PAGE = 5000;

/**
 * A new post (`feed.published`, at once or when its scheduled time came) → a 'feed/published' push
 * to every subscriber and follower, then a `new_post` notification for each ACTIVE subscriber of
 * the creator (README.md beside this file). The push goes first and in pages of PUSH_PAGE ids, one
 * multi-room emit each, from the event's handler: it writes nothing, so nobody waits for the
 * notifications' transactions to hear of the post. The notifications are made in jobs, a batch at a
 * time: the active subscribers are walked with a keyset cursor; each batch makes its notifications
 * in its own short transaction (pushed after the commit), then queues the next batch with the
 * cursor. Idempotent: a redelivered batch makes nothing new (unique event_id + user_id); a
 * redelivered event pushes again (the web's "New posts" banner is a flag).
 */
export function registerNewPostFanOut(deps: NewPostFanOutDeps): void {
  const { db, contentKinds, events, queue, realtime, notifications, audience, batchSize } = deps;
  // A post deleted (or rescheduled: a new event comes when it goes live) meanwhile: the rest of its
  // audience is not told.
  const live = async (kind: PublishedKind, itemId: string) => Boolean(await contentKinds.get(kind)?.load(db, null, itemId));
  const WORDING: Record<PublishedKind, { link: (id: string) => string }> = {
    feed: { link: (id) => `/post/${id}` },
    video: { link: (id) => `/video/${id}` },
  };
  /** The item's name as the notification quotes it (a video's title, a post's first words), or null. */
  const titleOf = async (kind: PublishedKind, itemId: string) => quotedTitle((await contentKinds.get(kind)?.summaries?.(db, [itemId]))?.[0]?.title);

  async function push(feedId: string, performerId: string): Promise<void> {
    let after: string | null = null;
    for (;;) {
      const { page, more } = await audiencePage(audience, performerId, after, PUSH_PAGE);
      realtime.toUsers(page.filter((id) => id !== performerId), 'feed/published', { feedId, performerId });
      if (!more) return;
      after = page[page.length - 1]!;
    }
  }

  async function batch(job: NewPostFanOutJob): Promise<void> {
    const { eventId, performerId, after } = job;
    const kind = job.kind ?? 'feed';
    const itemId = (job.itemId ?? job.feedId)!;
    if (!(await live(kind, itemId))) return;
    const subs = await audience.activeSubscriberIds(performerId, after, batchSize + 1);
    const page = subs.slice(0, batchSize);
    const readers = page.filter((id) => id !== performerId);
    if (readers.length) {
      // Before the transaction: the kind's summary reads pictures through its own connection.
      const title = await titleOf(kind, itemId);
      await db.transaction(async (tx) => {
        const [creator] = await tx.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, performerId));
        const who = creator?.name || creator?.username || 'A creator you subscribe to';
        // Named after its item (issue 26 §4.9); repeats within the window are grouped (README "Grouping").
        // In each reader's language (platform/texts); the title stays as the creator wrote it.
        const one = (l: Locale) => TEXTS[l].notifications.published(who, kind, title);
        const many = (n: number, l: Locale) => TEXTS[l].notifications.publishedMany(who, kind, n, title);
        await notifications.create(tx, readers.map((userId) => ({
          userId, type: 'new_post' as const, actorId: performerId, objectKind: kind, objectId: itemId, text: one, link: WORDING[kind].link(itemId), eventId, group: { text: many },
        })));
      });
    }
    if (subs.length > batchSize) {
      const cursor = page[page.length - 1]!;
      await queue.send<NewPostFanOutJob>(NEW_POST_FANOUT_JOB, { eventId, kind, itemId, performerId, after: cursor }, { singletonKey: `${eventId}:${cursor}` });
    }
  }

  queue.define<NewPostFanOutJob>({
    name: NEW_POST_FANOUT_JOB,
    retryLimit: 8,
    retryDelaySeconds: 5,
    expireInSeconds: 120,
    singletonPerKey: true,
    handler: (job) => batch(job),
    onDead: async (job) => deps.log.error({ ...job }, 'new post fan-out batch failed for good: the rest of the audience is not notified'),
  });
  events.onSideEffect('feed.published', 'notifications.new-post', async (e) => {
    const { feedId, performerId } = e.payload;
    if (!(await live('feed', feedId))) return;
    await push(feedId, performerId);
    await queue.send<NewPostFanOutJob>(NEW_POST_FANOUT_JOB, { eventId: e.id, kind: 'feed', itemId: feedId, performerId, after: null }, { singletonKey: `${e.id}:` });
  });
  // A new video: the same notifications for active subscribers (no 'feed/published' push: that is
  // the timeline's "New posts" banner).
  events.onSideEffect('video.published', 'notifications.new-video', async (e) => {
    const { videoId, performerId } = e.payload;
    if (!(await live('video', videoId))) return;
    await queue.send<NewPostFanOutJob>(NEW_POST_FANOUT_JOB, { eventId: e.id, kind: 'video', itemId: videoId, performerId, after: null }, { singletonKey: `${e.id}:` });
  });
}
