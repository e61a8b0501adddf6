// Pinned and expiring posts (issue 31 §3; README "Pinned posts", "Expiring posts"): the pin limit
// and order on the profile (never twice across pages), who may pin, expiry hiding a post from every
// list and its page while its owner and its buyers keep it, and the expiry's input rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FEED_PIN_LIMIT_MESSAGE, feedSchema, type Feed } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, requester, type Made, type TestApp } from '../../../test/harness';
import { createFeed, createFeedFile, follow, purchase } from '../../../test/factories';
import { feeds } from './feeds.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const req = requester(() => t);
const ids = (res: { json(): { data: { data: Feed[] } } }) => res.json().data.data.map((f) => f._id);
const profile = (c: Made, who: Made | null, query = '') => req('GET', `/user/feeds/search/${c.user.username}?limit=3${query}`, who);
const past = () => new Date(Date.now() - 60_000);
const expire = (id: string) => t.ctx.db.update(feeds).set({ expiresAt: past() }).where(eq(feeds.id, id));

describe('pinned posts', () => {
  it('shows up to 3 pinned posts first in pin order, then the rest newest first, never twice across pages; a 4th pin → 409', async () => {
    const c = await createCreator(t);
    const made: Array<{ id: string }> = [];
    for (let i = 0; i < 6; i++) made.push(await createFeed(t, c.user.id, { text: `post ${i}`, publishAt: new Date(Date.now() - (10 - i) * 60_000) }));
    // newest first without pins: 5 4 3 2 1 0
    for (const i of [1, 4, 2]) expect((await req('POST', `/performer/feeds/${made[i]!.id}/pin`, c)).statusCode).toBe(200);
    const fourth = await req('POST', `/performer/feeds/${made[0]!.id}/pin`, c);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(FEED_PIN_LIMIT_MESSAGE);
    // Pinning a pinned post again changes nothing (still 200, keeps its place).
    const again = await req('POST', `/performer/feeds/${made[1]!.id}/pin`, c);
    expect(again.statusCode).toBe(200);
    expect(feedSchema.parse(again.json().data).pinnedAt).toBeTruthy();

    const fan = await createFan(t);
    const page1 = await profile(c, fan);
    const page2 = await profile(c, fan, '&offset=3');
    expect(ids(page1)).toEqual([made[1]!.id, made[4]!.id, made[2]!.id]);
    expect(ids(page2)).toEqual([made[5]!.id, made[3]!.id, made[0]!.id]);
    expect(page1.json().data.total).toBe(6);
    // Across an odd page size too.
    const a = await req('GET', `/user/feeds/search/${c.user.username}?limit=4`, null);
    const b = await req('GET', `/user/feeds/search/${c.user.username}?limit=4&offset=4`, null);
    expect([...ids(a), ...ids(b)]).toEqual([1, 4, 2, 5, 3, 0].map((i) => made[i]!.id));
    // Another sort is the plain list.
    const oldest = await req('GET', `/user/feeds/search/${c.user.username}?limit=2&sort=asc`, null);
    expect(ids(oldest)).toEqual([made[0]!.id, made[1]!.id]);

    // Unpin frees a place; the pin then goes last among the pinned.
    expect((await req('DELETE', `/performer/feeds/${made[4]!.id}/pin`, c)).statusCode).toBe(200);
    expect((await req('POST', `/performer/feeds/${made[0]!.id}/pin`, c)).statusCode).toBe(200);
    expect(ids(await profile(c, fan))).toEqual([made[1]!.id, made[2]!.id, made[0]!.id]);
  });

  it('only the owner pins: another creator gets 404, a fan 403, a visitor 401', async () => {
    const c = await createCreator(t);
    const other = await createCreator(t);
    const fan = await createFan(t);
    const f = await createFeed(t, c.user.id);
    expect((await req('POST', `/performer/feeds/${f.id}/pin`, other)).statusCode).toBe(404);
    expect((await req('DELETE', `/performer/feeds/${f.id}/pin`, other)).statusCode).toBe(404);
    expect((await req('POST', `/performer/feeds/${f.id}/pin`, fan)).statusCode).toBe(403);
    expect((await req('POST', `/performer/feeds/${f.id}/pin`, null)).statusCode).toBe(401);
    const [row] = await t.ctx.db.select({ pinnedAt: feeds.pinnedAt }).from(feeds).where(eq(feeds.id, f.id));
    expect(row!.pinnedAt).toBeNull();
  });

  it('racing pins never make a 4th', async () => {
    const c = await createCreator(t);
    const made = await Promise.all(Array.from({ length: 6 }, () => createFeed(t, c.user.id)));
    const res = await Promise.all(made.map((f) => req('POST', `/performer/feeds/${f.id}/pin`, c)));
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(res.filter((r) => r.statusCode === 409)).toHaveLength(3);
  });
});

describe('expiring posts', () => {
  it('an expired post leaves the profile, the timeline, search and bookmarks, and its page is 404 to others; its owner still sees it marked expired', async () => {
    const c = await createCreator(t);
    const fan = await createFan(t);
    await follow(t, fan.user.id, c.user.id);
    const f = await createFeed(t, c.user.id, { text: 'vanishing zebracorn' });
    const kept = await createFeed(t, c.user.id, { text: 'staying' });
    expect((await req('POST', '/reactions', fan, { objectId: f.id, objectType: 'feed', action: 'bookmark' })).statusCode).toBe(200);
    expect((await req('GET', `/user/feeds/${f.id}`, fan)).statusCode).toBe(200);
    await expire(f.id);

    expect(ids(await profile(c, fan))).toEqual([kept.id]);
    expect(ids(await profile(c, null))).toEqual([kept.id]);
    expect((await req('GET', '/user/feeds', fan)).json().data.data.map((x: Feed) => x._id)).toEqual([kept.id]);
    expect((await req('GET', `/user/feeds/${f.id}`, fan)).statusCode).toBe(404);
    expect((await req('GET', `/user/feeds/${f.id}`, null)).statusCode).toBe(404);
    const bookmarks = await req('GET', '/reactions/feeds/bookmark', fan);
    expect(bookmarks.statusCode).toBe(200);
    expect(bookmarks.json().data.total).toBe(0);
    const found = await req('GET', '/search/feeds?q=zebracorn', fan);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.total).toBe(0);
    // Liking it: 404 like any post the fan may not know.
    expect((await req('POST', '/reactions', fan, { objectId: f.id, objectType: 'feed', action: 'like' })).statusCode).toBe(404);

    // The owner: in their management list and on their page, marked expired.
    const own = await req('GET', '/performer/feeds', c);
    const mine = own.json().data.data.find((x: Feed) => x._id === f.id);
    expect(mine.isExpired).toBe(true);
    expect((await req('GET', `/user/feeds/${f.id}`, c)).json().data.isExpired).toBe(true);
    // An expired post no longer counts on the profile.
    const stats = await req('GET', `/performers/${c.user.id}/stats`, null);
    expect(stats.statusCode).toBe(200);
    expect(stats.json().data.totalFeeds).toBe(1);
  });

  it('a buyer of an expired paid post still opens it (media URLs) from their purchases; it stays out of their lists and nobody can buy it any more', async () => {
    const c = await createCreator(t, { verified: true });
    const buyer = await createFan(t);
    const late = await createFan(t);
    await follow(t, buyer.user.id, c.user.id);
    const file = await createFeedFile(t, c.user.id);
    const f = await createFeed(t, c.user.id, { visibility: 'ppv', price: 5, fileIds: [file.id] });
    await purchase(t, buyer.user.id, { id: f.id, performerId: c.user.id, price: 5 });
    await expire(f.id);

    const page = await req('GET', `/user/feeds/${f.id}`, buyer);
    expect(page.statusCode).toBe(200);
    const view = feedSchema.parse(page.json().data);
    expect(view.isLocked).toBe(false);
    expect(view.isExpired).toBe(true);
    expect(view.files[0]!.url).toBeTruthy();
    // Its signed URL serves the file as for any bought post (the normal /files path, checked by signature).
    expect(view.files[0]!.url).toContain('/files/');
    expect(ids(await profile(c, buyer))).not.toContain(f.id);
    expect((await req('GET', '/user/feeds', buyer)).json().data.data).toHaveLength(0);
    // Anyone else: 404, and it is no longer for sale.
    expect((await req('GET', `/user/feeds/${f.id}`, late)).statusCode).toBe(404);
    expect((await req('POST', `/wallet/charges/feed/${f.id}`, late, {})).statusCode).toBe(404);
  });

  it('expiresAt at create and edit: must be in the future and after the publish time (400 on the field); null clears it', async () => {
    const c = await createCreator(t);
    const inMin = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
    const bad = await req('POST', '/performer/feeds', c, { text: 'x', expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('expiresAt');
    const beforePublish = await req('POST', '/performer/feeds', c, { text: 'x', scheduleAt: inMin(60), expiresAt: inMin(30) });
    expect(beforePublish.statusCode).toBe(400);
    expect(beforePublish.json().details[0].field).toBe('expiresAt');
    const ok = await req('POST', '/performer/feeds', c, { text: 'x', expiresAt: inMin(30) });
    expect(ok.statusCode).toBe(200);
    const made = feedSchema.parse(ok.json().data);
    expect(made.expiresAt).toBe(inMin(30).slice(0, 16) + made.expiresAt!.slice(16));
    expect(made.isExpired).toBe(false);
    // Rescheduling past its expiry is refused too.
    const late = await req('PUT', `/performer/feeds/${made._id}`, c, { scheduleAt: inMin(45) });
    expect(late.statusCode).toBe(400);
    const cleared = await req('PUT', `/performer/feeds/${made._id}`, c, { expiresAt: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.expiresAt).toBeNull();
    const garbage = await req('PUT', `/performer/feeds/${made._id}`, c, { expiresAt: 'tomorrow' });
    expect(garbage.statusCode).toBe(400);
  });
});
