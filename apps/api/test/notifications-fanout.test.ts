import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from './harness';
import { createFeed, follow, subscribe } from './factories';
import { createVideo } from './videos';
import { feeds } from '../src/modules/feeds/feeds.tables';
import { connectClient, flushed, got, listen, waitFor, type Client } from './sockets';
import { notifications } from '../src/modules/notifications/notifications.tables';
import { NEW_POST_FANOUT_JOB, type NewPostFanOutJob } from '../src/modules/notifications/notifications.fanout';
import { publishDueFeeds } from '../src/modules/feeds/feeds.schedule';
import { domainEventHandled, domainEvents } from '../src/platform/events.tables';

/** A new post → new_post notifications to active subscribers and a push to subscribers and followers, in batched jobs. */
let t: TestApp;
let base: string;
const open: Client[] = [];
beforeAll(async () => {
  t = await createTestApp({ FANOUT_BATCH_SIZE: 2 });
  base = await listen(t.app);
});
afterAll(async () => {
  for (const c of open) c.close();
  await t?.close();
});

const DAY = 86_400_000;
const post = (who: Made, payload: object) => t.app.inject({ method: 'POST', url: '/performer/feeds', headers: who.auth, payload });
const newPosts = (feedId: string) =>
  t.ctx.db.select({ userId: notifications.userId, text: notifications.text, link: notifications.link, actorId: notifications.actorId, objectKind: notifications.objectKind })
    .from(notifications).where(and(eq(notifications.type, 'new_post'), eq(notifications.objectId, feedId)));

describe('new post fan-out', () => {
  it('pushes to subscribers and followers, notifies exactly the active subscribers in batches, and never twice', async () => {
    const creator = await createCreator(t);
    const subscribers = await Promise.all(Array.from({ length: 5 }, () => createFan(t)));
    const follower = await createFan(t);
    const expired = await createFan(t);
    const cancelled = await createFan(t);
    const stranger = await createFan(t);
    const otherCreator = await createCreator(t);
    for (const s of subscribers) await subscribe(t, s.user.id, creator.user.id);
    await subscribe(t, expired.user.id, creator.user.id, { status: 'expired', expiresAt: new Date(Date.now() - DAY) });
    await subscribe(t, cancelled.user.id, creator.user.id, { status: 'cancelled', expiresAt: new Date(Date.now() + 3 * DAY) });
    await subscribe(t, stranger.user.id, otherCreator.user.id);
    await follow(t, follower.user.id, creator.user.id);
    await follow(t, subscribers[0]!.user.id, creator.user.id); // both: one push, one notification
    await t.ctx.queue.drain();
    const sockets = {
      subscriber: await connectClient(base, subscribers[0]!.token, open),
      follower: await connectClient(base, follower.token, open),
      stranger: await connectClient(base, stranger.token, open),
      creator: await connectClient(base, creator.token, open),
    };

    const send = vi.spyOn(t.ctx.queue, 'send');
    const res = await post(creator, { text: 'new things', visibility: 'subscribers' });
    expect(res.statusCode, res.body).toBe(200);
    const feedId = res.json().data._id as string;
    await t.ctx.queue.drain();
    const batches = send.mock.calls.filter(([name]) => name === NEW_POST_FANOUT_JOB).map(([, data]) => data as NewPostFanOutJob);
    send.mockRestore();

    const made = await newPosts(feedId);
    expect(made.map((n) => n.userId).sort()).toEqual(subscribers.map((s) => s.user.id).sort());
    expect(made[0]).toMatchObject({ link: `/post/${feedId}`, actorId: creator.user.id, objectKind: 'feed' });
    // The notification names its item (issue 26 §4.9).
    expect(made[0]!.text).toMatch(/ published a new post “new things”$/);
    // 5 active subscribers, 2 a batch: 3 notification batches, each after the previous one's last id.
    expect(batches).toHaveLength(3);
    expect(batches[0]!.after).toBeNull();
    expect(batches[1]!.after! < batches[2]!.after!).toBe(true);

    expect(await waitFor(sockets.subscriber, 'feed/published')).toEqual([{ feedId, performerId: creator.user.id }]);
    expect(await waitFor(sockets.follower, 'feed/published')).toEqual([{ feedId, performerId: creator.user.id }]);
    expect((await waitFor(sockets.subscriber, 'notification/created'))[0]!.notification).toMatchObject({ type: 'new_post', objectId: feedId });
    // The pushes are out (the drain ran the batches); whatever reached the others came before their markers.
    await Promise.all([flushed(t, sockets.follower, follower.user.id), flushed(t, sockets.stranger, stranger.user.id), flushed(t, sockets.creator, creator.user.id)]);
    expect(got(sockets.follower, 'notification/created')).toEqual([]);
    expect(sockets.stranger.received).toEqual([]);
    expect(got(sockets.creator, 'feed/published')).toEqual([]);

    // Redelivery: the event handler again (its marker gone), and a batch job again → nothing new.
    const [event] = await t.ctx.db.select({ id: domainEvents.id }).from(domainEvents).where(and(eq(domainEvents.type, 'feed.published'), sql`${domainEvents.payload}->>'feedId' = ${feedId}`));
    await t.ctx.db.delete(domainEventHandled).where(and(eq(domainEventHandled.eventId, event!.id), eq(domainEventHandled.handler, 'notifications.new-post')));
    await t.ctx.events.handle({ eventId: event!.id, handler: 'notifications.new-post' });
    await t.ctx.queue.send(NEW_POST_FANOUT_JOB, batches[1]!, { singletonKey: 'redelivered' });
    await t.ctx.queue.drain();
    expect(await newPosts(feedId)).toHaveLength(5);
  });

  it('a scheduled post fans out when it goes live, not when it is written', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await subscribe(t, fan.user.id, creator.user.id);
    const res = await post(creator, { text: 'later', visibility: 'free', scheduleAt: new Date(Date.now() + 60_000).toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    const feedId = res.json().data._id as string;
    await t.ctx.queue.drain();
    expect(await newPosts(feedId)).toHaveLength(0);
    // Its time comes (moved into the past rather than waiting a minute), the sweep publishes it.
    await t.ctx.db.update(feeds).set({ publishAt: new Date(Date.now() - 1000) }).where(eq(feeds.id, feedId));
    expect(await publishDueFeeds({ db: t.ctx.db, events: t.ctx.events })).toBeGreaterThanOrEqual(1);
    await t.ctx.queue.drain();
    expect((await newPosts(feedId)).map((n) => n.userId)).toEqual([fan.user.id]);
  });

  it('a post deleted before its fan-out ran tells nobody', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await subscribe(t, fan.user.id, creator.user.id);
    const feed = await createFeed(t, creator.user.id);
    await t.ctx.db.delete(feeds).where(eq(feeds.id, feed.id));
    await t.ctx.db.transaction((tx) => t.ctx.events.record(tx, 'feed.published', { feedId: feed.id, performerId: creator.user.id, scheduled: false }));
    await t.ctx.queue.drain();
    expect(await newPosts(feed.id)).toHaveLength(0);
  });

  it('a new video notifies the active subscribers with a link to it (no timeline push); a withdrawn one tells nobody', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const follower = await createFan(t);
    await subscribe(t, fan.user.id, creator.user.id);
    await follow(t, follower.user.id, creator.user.id);
    await t.ctx.queue.drain();
    const video = await createVideo(t, creator.user.id, { title: 'Live at the Blue Room' });
    await t.ctx.db.transaction((tx) => t.ctx.events.record(tx, 'video.published', { videoId: video.id, performerId: creator.user.id, scheduled: false }));
    await t.ctx.queue.drain();
    const made = await newPosts(video.id);
    expect(made).toEqual([expect.objectContaining({ userId: fan.user.id, link: `/video/${video.id}`, objectKind: 'video', actorId: creator.user.id })]);
    expect(made[0]!.text).toMatch(/ published a new video “Live at the Blue Room”$/);

    const draft = await createVideo(t, creator.user.id, { status: 'draft' });
    await t.ctx.db.transaction((tx) => t.ctx.events.record(tx, 'video.published', { videoId: draft.id, performerId: creator.user.id, scheduled: false }));
    await t.ctx.queue.drain();
    expect(await newPosts(draft.id)).toHaveLength(0);
  });

  it('repeated new videos of one creator within the window make one notification naming the latest; a read one starts afresh (issue 26 §4.9)', async () => {
    const creator = await createCreator(t);
    const other = await createCreator(t);
    const fan = await createFan(t);
    await subscribe(t, fan.user.id, creator.user.id);
    await subscribe(t, fan.user.id, other.user.id);
    const publish = async (c: Made, title: string) => {
      const v = await createVideo(t, c.user.id, { title });
      await t.ctx.db.transaction((tx) => t.ctx.events.record(tx, 'video.published', { videoId: v.id, performerId: c.user.id, scheduled: false }));
      await t.ctx.queue.drain();
      return v;
    };
    const mine = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/notification?type=new_post&limit=50', headers: fan.auth });
      return res.json().data as { data: Array<{ text: string; link: string; objectId: string; read: boolean; count: number }>; total: number };
    };
    const unread = async () => (await t.app.inject({ method: 'GET', url: '/notification/total-unread', headers: fan.auth })).json().data.total as number;
    const name = creator.user.name;

    // What subscribing queued (its own notifications) is delivered before the count is taken.
    await t.ctx.queue.drain();
    const unread0 = await unread();
    await publish(creator, 'Sunrise');
    await publish(creator, 'Noon');
    await publish(other, 'Elsewhere');
    const batches = vi.spyOn(t.ctx.queue, 'send');
    const last = await publish(creator, 'Sunset session');
    const job = batches.mock.calls.find(([n]) => n === NEW_POST_FANOUT_JOB)![1] as NewPostFanOutJob;
    batches.mockRestore();
    let list = await mine();
    expect(list.total).toBe(2);
    expect(list.data[0]).toMatchObject({ text: `${name} published 3 new videos, the latest “Sunset session”`, link: `/video/${last.id}`, objectId: last.id, read: false, count: 3 });
    expect(list.data[1]).toMatchObject({ text: `${other.user.name} published a new video “Elsewhere”`, count: 1 });
    expect(await unread()).toBe(unread0 + 2);

    // A redelivered batch of the last video counts nothing twice.
    await t.ctx.queue.send(NEW_POST_FANOUT_JOB, job, { singletonKey: 'again' });
    await t.ctx.queue.drain();
    expect((await mine()).data[0]).toMatchObject({ count: 3 });

    // Once read, the next video is a notification of its own.
    await t.app.inject({ method: 'PUT', url: '/notification/read-all', headers: fan.auth });
    await publish(creator, 'Night');
    list = await mine();
    expect(list.total).toBe(3);
    expect(list.data[0]).toMatchObject({ text: `${name} published a new video “Night”`, count: 1, read: false });
  });
});
