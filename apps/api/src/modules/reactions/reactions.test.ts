import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bookmarkItemSchema, performerListItemSchema, reactionStateSchema } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { feeds } from '../feeds/feeds.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { reactions } from './reactions.tables';
import { reactionsOf } from './reactions.service';

let t: TestApp;
let creator: Made;
beforeAll(async () => {
  t = await createTestApp();
  creator = await createCreator(t);
});
afterAll(async () => {
  await t?.close();
});

const send = (method: 'POST' | 'DELETE', payload: object, headers: Record<string, string> = {}) => t.app.inject({ method, url: '/reactions', payload, headers });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const feed = async (o: Partial<typeof feeds.$inferInsert> = {}) =>
  (await t.ctx.db.insert(feeds).values({ performerId: creator.user.id, text: 'hello', type: 'text', visibility: 'free', ...o }).returning())[0]!;
const feedRow = async (id: string) => (await t.ctx.db.select().from(feeds).where(eq(feeds.id, id)))[0]!;

describe('POST/DELETE /reactions on feeds', () => {
  it('like twice → one row, count 1; unlike → 0; unlike again → 200, still 0', async () => {
    const fan = await createFan(t);
    const f = await feed();
    const body = { objectId: f.id, objectType: 'feed', action: 'like' };
    const a = await send('POST', body, fan.auth);
    expect(a.statusCode).toBe(200);
    expect(reactionStateSchema.parse(a.json().data)).toEqual({ ...body, reacted: true, total: 1 });
    const b = await send('POST', body, fan.auth);
    expect(b.json().data.total).toBe(1);
    expect(await t.ctx.db.select().from(reactions).where(and(eq(reactions.userId, fan.user.id), eq(reactions.objectId, f.id)))).toHaveLength(1);
    expect((await feedRow(f.id)).totalLike).toBe(1);
    // A like is not an edit: the feed's updatedAt stays.
    expect((await feedRow(f.id)).updatedAt.getTime()).toBe(f.updatedAt.getTime());

    const c = await send('DELETE', body, fan.auth);
    expect(c.statusCode).toBe(200);
    expect(c.json().data).toEqual({ ...body, reacted: false, total: 0 });
    expect((await send('DELETE', body, fan.auth)).json().data.total).toBe(0);
    expect((await feedRow(f.id)).totalLike).toBe(0);
  });

  it('the feed itself then reads isLiked / isBookmarked for that viewer only', async () => {
    const fan = await createFan(t);
    const other = await createFan(t);
    const f = await feed();
    await send('POST', { objectId: f.id, objectType: 'feed', action: 'like' }, fan.auth);
    await send('POST', { objectId: f.id, objectType: 'feed', action: 'bookmark' }, fan.auth);
    const mine = (await get(`/user/feeds/${f.id}`, fan.auth)).json().data;
    expect(mine).toMatchObject({ isLiked: true, isBookmarked: true, totalLike: 1, totalBookmark: 1 });
    const theirs = (await get(`/user/feeds/${f.id}`, other.auth)).json().data;
    expect(theirs).toMatchObject({ isLiked: false, isBookmarked: false, totalLike: 1 });
  });

  it('likes and bookmarks are counted separately per user', async () => {
    const f = await feed();
    const [a, b] = [await createFan(t), await createFan(t)];
    await send('POST', { objectId: f.id, objectType: 'feed', action: 'like' }, a.auth);
    await send('POST', { objectId: f.id, objectType: 'feed', action: 'like' }, b.auth);
    const bm = await send('POST', { objectId: f.id, objectType: 'feed', action: 'bookmark' }, a.auth);
    expect(bm.json().data.total).toBe(1);
    const row = await feedRow(f.id);
    expect([row.totalLike, row.totalBookmark]).toEqual([2, 1]);
    const flags = await reactionsOf(t.ctx.db, a.user.id, 'feed', [f.id, '019a0000-0000-7000-8000-000000000000']);
    expect(flags.get(f.id)).toEqual({ isLiked: true, isBookmarked: true });
    expect(flags.has('019a0000-0000-7000-8000-000000000000')).toBe(false);
    expect((await reactionsOf(t.ctx.db, b.user.id, 'feed', [f.id])).get(f.id)).toEqual({ isLiked: true, isBookmarked: false });
  });

  it('a feed the caller cannot see (scheduled, unknown) → 404 and nothing stored', async () => {
    const fan = await createFan(t);
    const later = await feed({ publishAt: new Date(Date.now() + 3600_000) });
    for (const action of ['like', 'bookmark']) {
      expect((await send('POST', { objectId: later.id, objectType: 'feed', action }, fan.auth)).statusCode).toBe(404);
    }
    expect((await send('POST', { objectId: '019a0000-0000-7000-8000-000000000000', objectType: 'feed', action: 'like' }, fan.auth)).statusCode).toBe(404);
    expect((await feedRow(later.id)).totalLike).toBe(0);
    expect(await t.ctx.db.select().from(reactions).where(eq(reactions.objectId, later.id))).toHaveLength(0);
    // The owner sees their scheduled feed and may react to it.
    expect((await send('POST', { objectId: later.id, objectType: 'feed', action: 'like' }, creator.auth)).statusCode).toBe(200);
  });

  it('a locked feed (subscribers only, not subscribed) can be bookmarked but not liked (403); a subscriber may like it', async () => {
    const fan = await createFan(t);
    const locked = await feed({ visibility: 'subscribers' });
    expect((await send('POST', { objectId: locked.id, objectType: 'feed', action: 'like' }, fan.auth)).statusCode).toBe(403);
    expect((await send('POST', { objectId: locked.id, objectType: 'feed', action: 'bookmark' }, fan.auth)).statusCode).toBe(200);
    await t.ctx.db.insert(subscriptions).values({ userId: fan.user.id, performerId: creator.user.id, expiresAt: new Date(Date.now() + 86400_000) });
    expect((await send('POST', { objectId: locked.id, objectType: 'feed', action: 'like' }, fan.auth)).statusCode).toBe(200);
  });

  it('anonymous → 401; bad body → 400; an object of another type → 404', async () => {
    const fan = await createFan(t);
    const f = await feed();
    expect((await send('POST', { objectId: f.id, objectType: 'feed', action: 'like' })).statusCode).toBe(401);
    expect((await send('POST', { objectId: f.id, objectType: 'feed', action: 'love' }, fan.auth)).statusCode).toBe(400);
    expect((await send('POST', { objectId: 'nope', objectType: 'feed', action: 'like' }, fan.auth)).statusCode).toBe(400);
    expect((await send('POST', { objectId: f.id, objectType: 'video', action: 'like' }, fan.auth)).statusCode).toBe(404); // a feed's id is no video
  });
});

describe('reactions on performers', () => {
  it('bookmark a creator (counted), not a fan (404)', async () => {
    const fan = await createFan(t);
    const other = await createFan(t);
    const res = await send('POST', { objectId: creator.user.id, objectType: 'performer', action: 'bookmark' }, fan.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBeGreaterThanOrEqual(1);
    expect((await send('POST', { objectId: other.user.id, objectType: 'performer', action: 'bookmark' }, fan.auth)).statusCode).toBe(404);
  });
});

describe('GET /reactions/{type}/bookmark', () => {
  it('lists the caller\'s feed bookmarks newest first, in the feed shape, paginated', async () => {
    const fan = await createFan(t);
    const f1 = await feed({ text: 'first' });
    const f2 = await feed({ text: 'second', visibility: 'subscribers' });
    await send('POST', { objectId: f1.id, objectType: 'feed', action: 'bookmark' }, fan.auth);
    await send('POST', { objectId: f2.id, objectType: 'feed', action: 'bookmark' }, fan.auth);
    await send('POST', { objectId: f1.id, objectType: 'feed', action: 'like' }, fan.auth);
    const res = await get('/reactions/feeds/bookmark', fan.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.total).toBe(2);
    const items = body.data.map((x: unknown) => bookmarkItemSchema.parse(x));
    expect(items.map((x: { objectId: string }) => x.objectId)).toEqual([f2.id, f1.id]);
    expect(items[0].object).toMatchObject({ _id: f2.id, text: 'second', isLocked: true });
    expect(items[1].object).toMatchObject({ _id: f1.id, text: 'first', isLocked: false });
    const page = (await get('/reactions/feeds/bookmark?limit=1&offset=1', fan.auth)).json().data;
    expect(page.data.map((x: { objectId: string }) => x.objectId)).toEqual([f1.id]);
    expect((await get('/reactions/feeds/bookmark?limit=101', fan.auth)).statusCode).toBe(400);
  });

  it('a deleted item leaves the list and its total; pages count only what is listed (issue 26 §4.21)', async () => {
    const fan = await createFan(t);
    const [a, b, c] = [await feed({ text: 'a' }), await feed({ text: 'b' }), await feed({ text: 'c' })];
    for (const f of [a, b, c]) await send('POST', { objectId: f.id, objectType: 'feed', action: 'bookmark' }, fan.auth);
    await t.app.inject({ method: 'DELETE', url: `/performer/feeds/${b.id}`, headers: creator.auth });
    expect(await t.ctx.db.select().from(feeds).where(eq(feeds.id, b.id))).toHaveLength(0);
    const all = (await get('/reactions/feeds/bookmark', fan.auth)).json().data;
    expect(all.data.map((x: { objectId: string }) => x.objectId)).toEqual([c.id, a.id]);
    expect(all.total).toBe(2);
    const second = (await get('/reactions/feeds/bookmark?limit=1&offset=1', fan.auth)).json().data;
    expect(second).toMatchObject({ total: 2, data: [{ objectId: a.id, object: { _id: a.id } }] });
  });

  it('lists bookmarked creators as creator cards', async () => {
    const fan = await createFan(t);
    await send('POST', { objectId: creator.user.id, objectType: 'performer', action: 'bookmark' }, fan.auth);
    const res = await get('/reactions/performers/bookmark', fan.auth);
    expect(res.statusCode).toBe(200);
    const [item] = res.json().data.data;
    expect(performerListItemSchema.parse(item.object)._id).toBe(creator.user.id);
  });

  it('other users see only their own; anonymous 401; unknown type 400', async () => {
    const fan = await createFan(t);
    expect((await get('/reactions/feeds/bookmark', fan.auth)).json().data).toEqual({ data: [], total: 0 });
    expect((await get('/reactions/feeds/bookmark')).statusCode).toBe(401);
    expect((await get('/reactions/things/bookmark', fan.auth)).statusCode).toBe(400);
  });
});
