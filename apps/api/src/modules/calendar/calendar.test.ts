// The creator's calendar end to end against one app: the range read (every kind, own items only, statuses), who may read and
// move, the move rules per kind (future only, published/sent/started → 409) and publication at the new time through each
// module's usual schedule; planned streams: CRUD, the profile's upcoming list (blocks), and going live fulfilling a plan.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calendarSchema, plannedStreamSchema, type CalendarItem } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, requester, type Made, type TestApp } from '../../../test/harness';
import { createFeed, follow } from '../../../test/factories';
import { createVideo } from '../../../test/videos';
import { createGallery } from '../../../test/galleries';
import { insertLiveStream } from '../../../test/stream-rows';
import { feeds } from '../feeds/feeds.tables';
import { publishDueFeeds } from '../feeds/feeds.schedule';
import { publishDueVideos } from '../videos/videos.schedule';
import { videos } from '../videos/videos.tables';
import { massMessages } from '../messages/messages.tables';
import { plannedStreams } from '../streaming/planned-streams.tables';
import { userBlocks } from '../blocks/blocks.tables';

let t: TestApp;
const realNow = () => new Date();
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  t.ctx.clock.now = realNow;
});
afterAll(async () => {
  await t?.close();
});

const req = requester(() => t);
const H = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * H);
const weekRange = () => ({ from: new Date(Date.now() - 2 * 86_400_000).toISOString(), to: new Date(Date.now() + 5 * 86_400_000).toISOString() });

async function read(who: Made, range = weekRange()) {
  const r = await req('GET', `/calendar?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`, who);
  expect(r.statusCode, r.body).toBe(200);
  return calendarSchema.strict().parse(r.json().data);
}
const move = (who: Made | null, kind: string, id: string, at: Date | string) => req('POST', `/calendar/${kind}/${id}/move`, who, { at: typeof at === 'string' ? at : at.toISOString() });
async function massMessage(creator: Made, at: Date, text = 'See you tonight') {
  const r = await req('POST', '/messages/broadcast-message', creator, { text, audience: 'followers', scheduleAt: at.toISOString() });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data._id as string;
}
async function plan(creator: Made, body: Record<string, unknown>) {
  return req('POST', '/streaming/planned', creator, { title: 'Q&A night', type: 'public', startsAt: inHours(26).toISOString(), ...body });
}

describe('the range read', () => {
  it('has every kind of the creator’s dated items, oldest first, with statuses — and no one else’s', async () => {
    const luna = await createCreator(t);
    const other = await createCreator(t);
    const post = await createFeed(t, luna.user.id, { text: '<p>Monday <b>morning</b> post</p>', publishAt: inHours(24) });
    const past = await createFeed(t, luna.user.id, { text: 'Already out', publishAt: inHours(-5) });
    const video = await createVideo(t, luna.user.id, { title: 'Behind the scenes', publishAt: inHours(30) });
    await createVideo(t, luna.user.id, { title: 'Draft video', status: 'draft', publishAt: inHours(31) });
    const gallery = await createGallery(t, luna.user.id, { title: 'Beach set', publishAt: inHours(48) });
    const mass = await massMessage(luna, inHours(50));
    const planned = await plan(luna, { startsAt: inHours(60).toISOString() });
    expect(planned.statusCode, planned.body).toBe(201);
    await createFeed(t, other.user.id, { text: 'Not Luna’s', publishAt: inHours(24) });
    await createFeed(t, luna.user.id, { text: 'Far later', publishAt: inHours(24 * 20) });

    const cal = await read(luna);
    expect(cal.truncated).toBe(false);
    expect(cal.items.map((i) => [i.kind, i.id])).toEqual([
      ['post', past.id], ['post', post.id], ['video', video.id], ['gallery', gallery.id], ['mass_message', mass], ['stream', planned.json().data._id],
    ]);
    const byId = new Map(cal.items.map((i) => [i.id, i]));
    expect(byId.get(post.id)).toMatchObject({ title: 'Monday morning post', status: 'scheduled', movable: true, at: post.publishAt.toISOString() });
    expect(byId.get(past.id)).toMatchObject({ status: 'published', movable: false });
    expect(byId.get(video.id)).toMatchObject({ title: 'Behind the scenes', status: 'scheduled', movable: true });
    expect(byId.get(mass)).toMatchObject({ title: 'See you tonight', status: 'scheduled', movable: true });
    expect(byId.get(planned.json().data._id)).toMatchObject({ kind: 'stream', title: 'Q&A night', status: 'planned', movable: true });
    // Never a media URL in an item.
    expect(JSON.stringify(cal)).not.toMatch(/files\/|https?:/);
  });

  it('is for creators only, over at most 42 days', async () => {
    const fan = await createFan(t);
    const luna = await createCreator(t);
    const range = weekRange();
    const q = `/calendar?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`;
    expect((await req('GET', q, null)).statusCode).toBe(401);
    expect((await req('GET', q, fan)).statusCode).toBe(403);
    const long = await req('GET', `/calendar?from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z`, luna);
    expect(long.statusCode).toBe(400);
    expect((await req('GET', '/calendar?from=yesterday&to=2026-01-02T00:00:00Z', luna)).statusCode).toBe(400);
  });
});

describe('moving an item', () => {
  it('a scheduled post moves to another day and publishes then, not at its old time', async () => {
    const luna = await createCreator(t);
    const post = await createFeed(t, luna.user.id, { text: 'Tuesday post', publishAt: inHours(24) });
    const to = inHours(72);
    const r = await move(luna, 'post', post.id, to);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data as CalendarItem).toMatchObject({ id: post.id, kind: 'post', at: to.toISOString(), status: 'scheduled', movable: true });
    const [row] = await t.ctx.db.select().from(feeds).where(eq(feeds.id, post.id));
    expect(row!.publishAt.toISOString()).toBe(to.toISOString());
    // Its old time passes: still scheduled; the new one: published by the usual sweep.
    await publishDueFeeds(t.ctx, inHours(25));
    expect((await t.ctx.db.select().from(feeds).where(eq(feeds.id, post.id)))[0]!.status).toBe('scheduled');
    await publishDueFeeds(t.ctx, inHours(73));
    expect((await t.ctx.db.select().from(feeds).where(eq(feeds.id, post.id)))[0]!.status).toBe('published');
  });

  it('only to a future time within a year; only the owner; never a published item', async () => {
    const luna = await createCreator(t);
    const other = await createCreator(t);
    const fan = await createFan(t);
    const post = await createFeed(t, luna.user.id, { publishAt: inHours(24) });
    const out = await createFeed(t, luna.user.id, { publishAt: inHours(-1) });
    const past = await move(luna, 'post', post.id, inHours(-2));
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual([{ field: 'at', message: 'Choose a time in the future' }]);
    expect((await move(luna, 'post', post.id, inHours(24 * 400))).statusCode).toBe(400);
    expect((await move(luna, 'post', post.id, 'tomorrow')).statusCode).toBe(400);
    expect((await move(luna, 'poster', post.id, inHours(30))).statusCode).toBe(400);
    expect((await move(other, 'post', post.id, inHours(30))).statusCode).toBe(404);
    expect((await move(fan, 'post', post.id, inHours(30))).statusCode).toBe(403);
    expect((await move(null, 'post', post.id, inHours(30))).statusCode).toBe(401);
    expect((await move(luna, 'post', out.id, inHours(30))).statusCode).toBe(409);
    expect((await move(luna, 'post', '0190a0a0-0000-7000-8000-000000000000', inHours(30))).statusCode).toBe(404);
    // Another kind's id under 'post' is simply not found.
    const video = await createVideo(t, luna.user.id, { publishAt: inHours(24) });
    expect((await move(luna, 'post', video.id, inHours(30))).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(feeds).where(eq(feeds.id, post.id));
    expect(row!.publishAt.getTime()).toBe(post.publishAt.getTime());
  });

  it('videos and galleries: scheduled ones move and publish at the new time; drafts and published ones do not', async () => {
    const luna = await createCreator(t);
    const video = await createVideo(t, luna.user.id, { publishAt: inHours(5) });
    const draft = await createVideo(t, luna.user.id, { status: 'draft', publishAt: inHours(5) });
    const live = await createVideo(t, luna.user.id, { publishAt: inHours(-5) });
    const gallery = await createGallery(t, luna.user.id, { publishAt: inHours(5) });
    const shown = await createGallery(t, luna.user.id, { publishAt: inHours(-5) });
    expect((await move(luna, 'video', video.id, inHours(2))).statusCode).toBe(200);
    expect((await move(luna, 'video', draft.id, inHours(2))).statusCode).toBe(409);
    expect((await move(luna, 'video', live.id, inHours(2))).statusCode).toBe(409);
    expect((await move(luna, 'gallery', gallery.id, inHours(9))).statusCode).toBe(200);
    expect((await move(luna, 'gallery', shown.id, inHours(9))).statusCode).toBe(409);
    await publishDueVideos(t.ctx, inHours(3));
    const [v] = await t.ctx.db.select().from(videos).where(eq(videos.id, video.id));
    expect(v!.publishedAt).not.toBeNull();
    const moved = (await read(luna)).items.find((i) => i.id === gallery.id)!;
    expect(moved.status).toBe('scheduled');
    expect(Date.parse(moved.at)).toBeGreaterThan(Date.now() + 8 * H);
  });

  it('a mass message moves and goes out once, at the new time (earlier or later); sent and cancelled ones do not move', async () => {
    const luna = await createCreator(t);
    const fan = await createFan(t);
    await follow(t, fan.user.id, luna.user.id);
    const id = await massMessage(luna, inHours(10));
    const later = inHours(20);
    expect((await move(luna, 'mass_message', id, later)).statusCode).toBe(200);
    // At the old time: not due any more.
    expect(await t.ctx.massMessages.deliverBatch(id, inHours(10.1))).toBe('skip');
    expect(await t.ctx.massMessages.deliverBatch(id, new Date(later.getTime() + 1000))).toBe('done');
    const [row] = await t.ctx.db.select().from(massMessages).where(eq(massMessages.id, id));
    expect(row).toMatchObject({ status: 'sent', delivered: 1 });
    expect((await move(luna, 'mass_message', id, inHours(30))).statusCode).toBe(409);
    const cancelled = await massMessage(luna, inHours(10));
    expect((await req('DELETE', `/messages/broadcast-message/${cancelled}`, luna)).statusCode).toBeLessThan(300);
    expect((await move(luna, 'mass_message', cancelled, inHours(30))).statusCode).toBe(409);
    expect((await read(luna)).items.some((i) => i.id === cancelled)).toBe(false);
  });
});

describe('planned streams', () => {
  it('are made, read, changed and cancelled by their creator only', async () => {
    const luna = await createCreator(t);
    const other = await createCreator(t);
    const fan = await createFan(t);
    const made = await plan(luna, { title: '  Friday stream ', type: 'group', description: 'Tickets soon' });
    expect(made.statusCode, made.body).toBe(201);
    const p = plannedStreamSchema.strict().parse(made.json().data);
    expect(p).toMatchObject({ title: 'Friday stream', type: 'group', status: 'planned', description: 'Tickets soon', streamId: null });
    expect((await plan(luna, { startsAt: inHours(-1).toISOString() })).statusCode).toBe(400);
    expect((await plan(luna, { title: '' })).statusCode).toBe(400);
    expect((await plan(luna, { type: 'private' })).statusCode).toBe(400);
    expect((await plan(fan, {})).statusCode).toBe(403);
    expect((await req('GET', `/streaming/planned/${p._id}`, luna)).json().data.title).toBe('Friday stream');
    expect((await req('GET', `/streaming/planned/${p._id}`, other)).statusCode).toBe(404);
    expect((await req('PATCH', `/streaming/planned/${p._id}`, other, { title: 'Mine' })).statusCode).toBe(404);
    const edited = await req('PATCH', `/streaming/planned/${p._id}`, luna, { title: 'Saturday stream', startsAt: inHours(40).toISOString() });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.title).toBe('Saturday stream');
    expect((await req('PATCH', `/streaming/planned/${p._id}`, luna, { startsAt: inHours(-3).toISOString() })).statusCode).toBe(400);
    expect((await req('DELETE', `/streaming/planned/${p._id}`, other)).statusCode).toBe(404);
    const gone = await req('DELETE', `/streaming/planned/${p._id}`, luna);
    expect(gone.json().data.status).toBe('cancelled');
    expect((await req('DELETE', `/streaming/planned/${p._id}`, luna)).statusCode).toBe(200);
    expect((await req('PATCH', `/streaming/planned/${p._id}`, luna, { title: 'Back' })).statusCode).toBe(409);
    expect((await move(luna, 'stream', p._id, inHours(50))).statusCode).toBe(409);
    expect((await read(luna)).items.some((i) => i.id === p._id)).toBe(false);
  });

  it('show on the profile until the grace after their time — not across a block', async () => {
    const luna = await createCreator(t);
    const fan = await createFan(t);
    const blocked = await createFan(t);
    const soon = (await plan(luna, { title: 'Soon', startsAt: inHours(3).toISOString() })).json().data._id;
    const later = (await plan(luna, { title: 'Later', startsAt: inHours(30).toISOString() })).json().data._id;
    await t.ctx.db.insert(userBlocks).values({ blockerId: luna.user.id, targetId: blocked.user.id });
    const up = async (who: Made | null) => (await req('GET', `/streaming/planned?performerId=${luna.user.id}`, who)).json().data.map((p: { _id: string }) => p._id);
    expect(await up(null)).toEqual([soon, later]);
    expect(await up(fan)).toEqual([soon, later]);
    expect(await up(blocked)).toEqual([]);
    t.ctx.clock.now = () => inHours(4);
    expect(await up(null)).toEqual([soon, later]);
    t.ctx.clock.now = () => inHours(6);
    expect(await up(null)).toEqual([later]);
    t.ctx.clock.now = realNow;
    // A missed plan is still on the calendar, and may be moved to a new time.
    t.ctx.clock.now = () => inHours(6);
    const cal = await read(luna, { from: inHours(-24).toISOString(), to: inHours(100).toISOString() });
    expect(cal.items.find((i) => i.id === soon)).toMatchObject({ status: 'missed', movable: true });
    expect((await move(luna, 'stream', soon, inHours(8))).statusCode).toBe(200);
    const admin = await createAdmin(t);
    expect((await req('GET', `/calendar?from=${encodeURIComponent(inHours(-1).toISOString())}&to=${encodeURIComponent(inHours(5).toISOString())}`, admin)).statusCode).toBe(403);
  });

  it('going live near a plan’s time marks the nearest plan started (once); far from it, none', async () => {
    const luna = await createCreator(t);
    const a = (await plan(luna, { title: 'A', startsAt: inHours(1).toISOString() })).json().data._id;
    const b = (await plan(luna, { title: 'B', startsAt: inHours(1.5).toISOString() })).json().data._id;
    const far = (await plan(luna, { title: 'Far', startsAt: inHours(30).toISOString() })).json().data._id;
    const stream = await insertLiveStream(t, luna.user.id);
    const eventId = await t.ctx.db.transaction((tx) => t.ctx.events.record(tx, 'stream.started', { streamId: stream.id, performerId: luna.user.id, type: 'public', notify: false }));
    // The handler run directly (the queue holds the scheduled mass messages' delayed jobs), twice: once in effect.
    await t.ctx.events.handle({ eventId, handler: 'streaming.planned-started' });
    await t.ctx.events.handle({ eventId, handler: 'streaming.planned-started' });
    const rows = new Map((await t.ctx.db.select().from(plannedStreams).where(eq(plannedStreams.performerId, luna.user.id))).map((r) => [r.id, r]));
    expect(rows.get(a)).toMatchObject({ status: 'started', streamId: stream.id });
    expect(rows.get(b)!.status).toBe('planned');
    expect(rows.get(far)!.status).toBe('planned');
    expect((await read(luna)).items.find((i) => i.id === a)).toMatchObject({ status: 'started', movable: false });
    expect((await move(luna, 'stream', a, inHours(40))).statusCode).toBe(409);
    expect((await req('GET', `/streaming/planned?performerId=${luna.user.id}`, null)).json().data.map((p: { _id: string }) => p._id)).toEqual([b, far]);
  });
});
