import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { performerListItemSchema, performerStatsSchema } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { users } from '../users/users.tables';
import { feeds } from '../feeds/feeds.tables';
import { prefixTsQuery } from './search.fts';

let t: TestApp;
// A world of its own for this file: creators with known names, bios, genders, countries, followers.
let jazz: Made; // bio mentions saxophone, 3 followers, US, female
let painter: Made; // 1 follower, FR, male
let quiet: Made; // 0 followers, FR, female
let fans: Made[];

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });
const ids = (res: { json(): { data: { data: Array<{ _id: string }> } } }) => res.json().data.data.map((x) => x._id);

beforeAll(async () => {
  t = await createTestApp();
  jazz = await createCreator(t, { username: 'melodyqueen' });
  painter = await createCreator(t, { username: 'brushstroke' });
  quiet = await createCreator(t, { username: 'silentone' });
  fans = [await createFan(t), await createFan(t), await createFan(t)];
  await t.ctx.db.update(users).set({ name: 'Melody Rivers', gender: 'female', country: 'US' }).where(eq(users.id, jazz.user.id));
  await t.ctx.db.update(users).set({ name: 'Pablo Brush', gender: 'male', country: 'FR' }).where(eq(users.id, painter.user.id));
  await t.ctx.db.update(users).set({ name: 'Ada Quiet', gender: 'female', country: 'FR' }).where(eq(users.id, quiet.user.id));
  const bio = (m: Made, text: string) => t.app.inject({ method: 'PUT', url: '/performers/me', payload: { bio: text }, headers: m.auth });
  expect((await bio(jazz, 'I play the saxophone every night in smoky clubs')).statusCode).toBe(200);
  expect((await bio(painter, 'Oil paintings and watercolours')).statusCode).toBe(200);
  for (const f of fans) await post(`/follows/${jazz.user.id}`, {}, f.auth);
  await post(`/follows/${painter.user.id}`, {}, fans[0]!.auth);
});
afterAll(async () => {
  await t?.close();
});

describe('prefixTsQuery', () => {
  it('turns words into ANDed prefix terms and drops tsquery syntax', () => {
    expect(prefixTsQuery('Jan  Doe')).toBe('jan:* & doe:*');
    expect(prefixTsQuery("a|b & !c:* <-> 'd'")).toBe('a:* & b:* & c:* & d:*');
    expect(prefixTsQuery('  !!! ')).toBeNull();
    expect(prefixTsQuery('café_élan')).toBe('café:* & élan:*');
  });
});

describe('GET /performers/search', () => {
  it('finds a creator by a word of their bio, by username prefix and by name prefix', async () => {
    const bio = await get('/performers/search?q=saxophone');
    expect(bio.statusCode).toBe(200);
    expect(ids(bio)).toEqual([jazz.user.id]);
    expect(ids(await get('/performers/search?q=SAXO'))).toEqual([jazz.user.id]);
    expect(ids(await get('/performers/search?q=melodyq'))).toEqual([jazz.user.id]);
    expect(ids(await get('/performers/search?q=brush'))).toEqual([painter.user.id]); // username and name
    expect(ids(await get('/performers/search?q=pablo%20oil'))).toEqual([painter.user.id]); // name + bio words together
    expect((await get('/performers/search?q=nobodyhasthis')).json().data).toEqual({ data: [], total: 0 });
    // Odd input never errors.
    expect((await get(`/performers/search?q=${encodeURIComponent("':*&|!()<->")}`)).statusCode).toBe(200);
  });

  it('answers creator cards (public profile + totalFollowers + isFollowed), never fans, never private fields', async () => {
    const res = await get('/performers/search?limit=100', fans[0]!.auth);
    const data = res.json().data.data.map((x: unknown) => performerListItemSchema.strict().parse(x));
    expect(data.every((x: { isPerformer: boolean }) => x.isPerformer)).toBe(true);
    expect(data.find((x: { _id: string }) => x._id === fans[1]!.user.id)).toBeUndefined();
    expect(data.find((x: { _id: string }) => x._id === jazz.user.id)).toMatchObject({ totalFollowers: 3, isFollowed: true, bio: 'I play the saxophone every night in smoky clubs' });
    expect(data.find((x: { _id: string }) => x._id === quiet.user.id)).toMatchObject({ totalFollowers: 0, isFollowed: false });
    expect(res.body).not.toContain('@test.example');
    // Anonymous: isFollowed is false everywhere.
    const anon = (await get('/performers/search?limit=100')).json().data.data;
    expect(anon.every((x: { isFollowed: boolean }) => !x.isFollowed)).toBe(true);
  });

  it('sorts by popularity (default), newest and name', async () => {
    expect(ids(await get('/performers/search?limit=3'))).toEqual([jazz.user.id, painter.user.id, quiet.user.id]);
    expect(ids(await get('/performers/search?sortBy=popular&sort=asc&limit=3'))).toEqual([quiet.user.id, painter.user.id, jazz.user.id]);
    expect(ids(await get('/performers/search?sortBy=newest&limit=3'))).toEqual([quiet.user.id, painter.user.id, jazz.user.id]);
    expect(ids(await get('/performers/search?sortBy=name&limit=3'))).toEqual([quiet.user.id, jazz.user.id, painter.user.id]);
    expect((await get('/performers/search?sortBy=bogus')).statusCode).toBe(400);
  });

  it('filters by gender and country, and isFreeSubscription (none until the money issue)', async () => {
    expect(ids(await get('/performers/search?gender=male'))).toEqual([painter.user.id]);
    expect(ids(await get('/performers/search?country=fr'))).toEqual([painter.user.id, quiet.user.id]);
    expect(ids(await get('/performers/search?country=FR&gender=female'))).toEqual([quiet.user.id]);
    expect((await get('/performers/search?isFreeSubscription=true')).json().data.total).toBe(0);
    expect((await get('/performers/search?isFreeSubscription=false')).json().data.total).toBe(3);
    expect((await get('/performers/search?isFreeSubscription=maybe')).statusCode).toBe(400);
    expect((await get('/performers/search?gender=robot')).statusCode).toBe(400);
  });

  it('paginates with a total; limit > 100 → 400', async () => {
    const res = (await get('/performers/search?limit=1&offset=1')).json().data;
    expect(res.total).toBe(3);
    expect(res.data.map((x: { _id: string }) => x._id)).toEqual([painter.user.id]);
    expect((await get('/performers/search?limit=101')).statusCode).toBe(400);
    expect((await get('/performers/search?offset=-1')).statusCode).toBe(400);
  });

  it('leaves out inactive creators', async () => {
    const gone = await createCreator(t, { username: 'saxophonist' });
    await t.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, gone.user.id));
    expect(ids(await get('/performers/search?q=saxophonist'))).toEqual([]);
  });

  it('uses the GIN expression indexes (the planner matches the expressions)', async () => {
    if (t.ctx.database.kind !== 'postgres') return; // PGlite: same SQL, planner output not asserted
    await t.ctx.db.execute(sql`set enable_seqscan = off`);
    const plan = await t.ctx.db.execute(
      sql`explain select id from users where to_tsvector('simple'::regconfig, coalesce("users"."name", '') || ' ' || coalesce("users"."username", '')) @@ to_tsquery('simple'::regconfig, 'mel:*')`,
    );
    expect(JSON.stringify(plan.rows)).toContain('users_search_tsv_idx');
    await t.ctx.db.execute(sql`reset enable_seqscan`);
  });
});

describe('routes next to GET /performers/{id}', () => {
  it('static paths are not shadowed by the profile route, which still works', async () => {
    expect((await get('/performers/top')).statusCode).toBe(200);
    expect((await get('/performers/search/random')).statusCode).toBe(200);
    expect((await get('/performers/user/search')).statusCode).toBe(401);
    expect((await get('/performers/search')).statusCode).toBe(200);
    const profile = await get(`/performers/${jazz.user.username}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data._id).toBe(jazz.user.id);
  });

  it('GET /performers/top: most followers first', async () => {
    const res = await get('/performers/top?limit=2');
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([jazz.user.id, painter.user.id]);
    expect((await get('/performers/top?limit=101')).statusCode).toBe(400);
  });

  it('GET /performers/search/random: a sample of creators, limit ≤ 20', async () => {
    const res = await get('/performers/search/random?limit=2');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toHaveLength(2);
    for (const x of data) expect([jazz.user.id, painter.user.id, quiet.user.id]).toContain(performerListItemSchema.parse(x)._id);
    expect((await get('/performers/search/random?limit=21')).statusCode).toBe(400);
  });

  it('GET /performers/user/search: signed-in search with the same filters', async () => {
    const res = await get('/performers/user/search?q=sax', fans[1]!.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data[0]).toMatchObject({ _id: jazz.user.id, isFollowed: true });
  });
});

describe('GET /performers/{id}/stats', () => {
  it('counts published feeds, followers, likes, and isFollowed for the caller', async () => {
    const now = Date.now();
    await t.ctx.db.insert(feeds).values([
      { performerId: jazz.user.id, text: 'one', type: 'text', visibility: 'free', totalLike: 4 },
      { performerId: jazz.user.id, text: 'two', type: 'text', visibility: 'subscribers', totalLike: 2 },
      { performerId: jazz.user.id, text: 'later', type: 'text', visibility: 'free', totalLike: 0, publishAt: new Date(now + 3600_000) },
    ]);
    const res = await get(`/performers/${jazz.user.username}/stats`, fans[0]!.auth);
    expect(res.statusCode).toBe(200);
    expect(performerStatsSchema.strict().parse(res.json().data)).toEqual({ totalFeeds: 2, totalVideos: 0, totalGalleries: 0, totalProducts: 0, totalFollowers: 3, totalLikes: 6, isFollowed: true });
    expect((await get(`/performers/${quiet.user.id}/stats`)).json().data).toEqual({ totalFeeds: 0, totalVideos: 0, totalGalleries: 0, totalProducts: 0, totalFollowers: 0, totalLikes: 0, isFollowed: false });
    expect((await get(`/performers/${fans[0]!.user.id}/stats`)).statusCode).toBe(404);
  });
});

describe('search keywords', () => {
  it('records searches (normalised) and lists the most searched first', async () => {
    const a = await post('/search/keywords', { keyword: '  Jazz   Night ' });
    expect(a.statusCode).toBe(200);
    expect(a.json().data).toMatchObject({ keyword: 'jazz night', count: 1 });
    expect((await post('/search/keywords', { keyword: 'JAZZ NIGHT' })).json().data.count).toBe(2);
    await post('/search/keywords', { keyword: 'jazz night' });
    await post('/search/keywords', { keyword: 'painting' });
    await post('/search/keywords', { keyword: 'painting' });
    await post('/search/keywords', { keyword: 'yoga' });
    const list = await get('/search/list/keywords');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((k: { keyword: string; count: number }) => [k.keyword, k.count])).toEqual([
      ['jazz night', 3],
      ['painting', 2],
      ['yoga', 1],
    ]);
    expect((await get('/search/list/keywords?limit=1')).json().data).toHaveLength(1);
    expect((await post('/search/keywords', { keyword: '   ' })).statusCode).toBe(400);
    expect((await post('/search/keywords', { keyword: 'x'.repeat(101) })).statusCode).toBe(400);
  });

  it('keeps only the 10 most searched by default', async () => {
    for (let i = 0; i < 12; i++) await post('/search/keywords', { keyword: `kw${i}` });
    expect((await get('/search/list/keywords')).json().data).toHaveLength(10);
  });
});

describe('GET /search/feeds', () => {
  it('full-text over feed text (prefix), only feeds the caller may see listed', async () => {
    const now = Date.now();
    const [pub] = await t.ctx.db.insert(feeds).values({ performerId: painter.user.id, text: 'New watercolour landscapes today', type: 'text', visibility: 'free' }).returning();
    const [locked] = await t.ctx.db.insert(feeds).values({ performerId: painter.user.id, text: 'Watercolour tutorial for subscribers', type: 'text', visibility: 'subscribers', publishAt: new Date(now - 1000) }).returning();
    await t.ctx.db.insert(feeds).values({ performerId: painter.user.id, text: 'Watercolour scheduled', type: 'text', visibility: 'free', publishAt: new Date(now + 3600_000) });
    const res = await get('/search/feeds?q=waterc');
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.total).toBe(2);
    expect(body.data.map((f: { _id: string }) => f._id)).toEqual([pub!.id, locked!.id]);
    // The owner also finds their scheduled one.
    expect((await get('/search/feeds?q=watercolour', painter.auth)).json().data.total).toBe(3);
    expect((await get('/search/feeds')).statusCode).toBe(400);
  });
});
