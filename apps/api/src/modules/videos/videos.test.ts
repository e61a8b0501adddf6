// Over 300 lines: the tests issue 13 names for videos (ownership table, access table, hidden videos, buying, scheduled publication, validation) on one app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { videoSchema, type Video } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, multipart, type Made, type TestApp } from '../../../test/harness';
import { follow, purchase, subscribe } from '../../../test/factories';
import { expectLedgerBalanced, topUp } from '../../../test/money';
import { userBlocks } from '../blocks/blocks.tables';
import { domainEvents } from '../../platform/events.tables';
import { mediaFixtures } from '../media/media.fixtures';
import { videos } from './videos.tables';
import { publishDueVideos } from './videos.schedule';
import { createVideo, createVideoFile } from '../../../test/videos';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Headers = {}, payload?: unknown) => t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
const get = (url: string, headers: Headers = {}) => call('GET', url, headers);
const videoOf = (res: { json(): { data: unknown } }): Video => videoSchema.strict().parse(res.json().data);
const A = '/performer/performer-assets/videos';
const F = '/performer-assets/videos';

describe('ownership: every creator route × (owner, another creator, fan, admin, anonymous)', () => {
  type Who = 'owner' | 'other creator' | 'fan' | 'admin' | 'anonymous';
  let who: Record<Who, Headers>;
  let owner: Made;
  let videoId: string;
  let mediaDir: Awaited<ReturnType<typeof mediaFixtures>>;
  let clip: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    const [o, other, fan, admin] = await Promise.all([createCreator(t), createCreator(t), createFan(t), createAdmin(t)]);
    owner = o;
    who = { owner: o.auth, 'other creator': other.auth, fan: fan.auth, admin: admin.auth, anonymous: {} };
    mediaDir = await mediaFixtures();
    const fs = await import('node:fs/promises');
    clip = await fs.readFile((await mediaDir.video({ seconds: 1 })).tmpPath);
    png = await fs.readFile((await mediaDir.image(64, 48)).tmpPath);
  });
  afterAll(async () => {
    await t.ctx.queue.drain(); // the uploads' processing jobs
    await mediaDir?.cleanup();
  });

  const upload = (path: string, content: Buffer, h: Headers) => {
    const body = multipart({}, [{ field: 'file', filename: 'f', content }]);
    return t.app.inject({ method: 'POST', url: path, payload: body.payload, headers: { ...h, ...body.headers } });
  };
  /** Expected status per caller: a fan is refused by the creator guard (403), anonymous by the session guard (401), an admin who is not a creator is a fan here. */
  const refused = { fan: 403, admin: 403, anonymous: 401 } as const;

  it.each([
    ['/videos/upload', `${A}/upload`, 'clip'],
    ['/videos/video/upload', `${A}/video/upload`, 'clip'],
    ['/videos/teaser/upload', `${A}/teaser/upload`, 'clip'],
    ['/videos/thumbnail/upload', `${A}/thumbnail/upload`, 'png'],
  ] as const)('POST %s: creators upload their own file; fan 403, admin 403, anonymous 401', async (_n, path, content) => {
    const bytes = content === 'clip' ? clip : png;
    for (const w of ['owner', 'other creator'] as const) {
      const res = await upload(path, bytes, who[w]);
      expect(res.statusCode, `${w} ${res.body}`).toBe(200);
      expect(res.json().data).toMatchObject({ type: content === 'clip' ? 'video' : 'image' });
      expect(['uploaded', 'processing', 'ready']).toContain(res.json().data.status);
    }
    for (const w of ['fan', 'admin', 'anonymous'] as const) expect((await upload(path, bytes, who[w])).statusCode, w).toBe(refused[w]);
  });

  it('POST …/create: another creator cannot use the owner\'s files (400); fan 403, admin 403, anonymous 401', async () => {
    const file = await createVideoFile(t, owner.user.id, 'video');
    const body = { title: 'Mine', status: 'active', fileId: file.id };
    const other = await call('POST', `${A}/create`, who['other creator'], body);
    expect(other.statusCode).toBe(400);
    expect(other.json().details).toEqual([{ field: 'fileId', message: 'Unknown file: upload it first' }]);
    for (const w of ['fan', 'admin', 'anonymous'] as const) expect((await call('POST', `${A}/create`, who[w], body)).statusCode, w).toBe(refused[w]);
    const res = await call('POST', `${A}/create`, who.owner, body);
    expect(res.statusCode, res.body).toBe(200);
    videoId = videoOf(res)._id;
  });

  const ROUTES: Array<[string, Method, () => string, unknown]> = [
    ['GET …/{id}/view', 'GET', () => `${A}/${videoId}/view`, undefined],
    ['PUT …/edit/{id}', 'PUT', () => `${A}/edit/${videoId}`, { title: 'Changed' }],
    ['PUT …/update/{id}', 'PUT', () => `${A}/update/${videoId}`, { thumbnailFileId: null }],
    ['DELETE …/remove-file/{id}', 'DELETE', () => `${A}/remove-file/${videoId}`, { type: 'teaser' }],
    ['DELETE …/{id}', 'DELETE', () => `${A}/${videoId}`, undefined],
  ];
  it.each(ROUTES)('%s: owner 200, another creator 404, fan 403, admin 403, anonymous 401 — nothing changes for them', async (_n, method, url, body) => {
    const before = (await t.ctx.db.select().from(videos).where(eq(videos.id, videoId)))[0]!;
    expect((await call(method, url(), who['other creator'], body)).statusCode).toBe(404);
    for (const w of ['fan', 'admin', 'anonymous'] as const) expect((await call(method, url(), who[w], body)).statusCode, w).toBe(refused[w]);
    const after = (await t.ctx.db.select().from(videos).where(eq(videos.id, videoId)))[0];
    expect(after).toEqual(before);
    const res = await call(method, url(), who.owner, body);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('GET …/search: each creator sees only their own; fan 403, admin 403, anonymous 401', async () => {
    const mine = await createVideo(t, owner.user.id, { status: 'draft', title: 'owner draft' });
    const own = (await get(`${A}/search?limit=100`, who.owner)).json().data;
    expect(own.data.map((v: Video) => v._id)).toContain(mine.id);
    expect(own.data.every((v: Video) => v.performerId === owner.user.id)).toBe(true);
    const other = (await get(`${A}/search?limit=100`, who['other creator'])).json().data;
    expect(other.data.map((v: Video) => v._id)).not.toContain(mine.id);
    for (const w of ['fan', 'admin', 'anonymous'] as const) expect((await get(`${A}/search`, who[w])).statusCode, w).toBe(refused[w]);
  });
});

describe('access rule (one policy for every read)', () => {
  type Role = 'owner' | 'admin' | 'subscriber' | 'buyer' | 'follower' | 'stranger' | 'anonymous' | 'blocked';
  type Access = 'free' | 'subscribers' | 'sale';
  // What each role gets: 'open' (the full video URL), 'locked' (listed, no video URL), 404 (hidden, not listed).
  // An operator opens locked videos only on the audited path (GET /admin/content/video/{id} with a
  // reason: admin/operator-media.test.ts) — issue 28 §6.
  const TABLE: Record<Role, Record<Access, 'open' | 'locked' | 404>> = {
    owner: { free: 'open', subscribers: 'open', sale: 'open' },
    admin: { free: 'open', subscribers: 'locked', sale: 'locked' },
    subscriber: { free: 'open', subscribers: 'open', sale: 'locked' },
    buyer: { free: 'open', subscribers: 'locked', sale: 'open' },
    follower: { free: 'open', subscribers: 'locked', sale: 'locked' },
    stranger: { free: 'open', subscribers: 'locked', sale: 'locked' },
    anonymous: { free: 'open', subscribers: 'locked', sale: 'locked' },
    blocked: { free: 404, subscribers: 404, sale: 404 },
  };
  let creator: Made;
  const users = {} as Record<Role, Made | null>;
  const ids = {} as Record<Access, string>;
  const privateKeys: string[] = [];
  const h = (role: Role): Headers => users[role]?.auth ?? {};

  beforeAll(async () => {
    creator = await createCreator(t);
    const [admin, subscriber, buyer, follower, stranger, blocked] = await Promise.all([createAdmin(t), createFan(t), createFan(t), createFan(t), createFan(t), createFan(t)]);
    Object.assign(users, { owner: creator, admin, subscriber, buyer, follower, stranger, anonymous: null, blocked });
    await subscribe(t, subscriber.user.id, creator.user.id);
    // A subscription that ran out grants nothing.
    await subscribe(t, stranger.user.id, creator.user.id, { status: 'cancelled', expiresAt: new Date(Date.now() - 1000) });
    await follow(t, follower.user.id, creator.user.id);
    await subscribe(t, blocked.user.id, creator.user.id);
    for (const access of ['free', 'subscribers', 'sale'] as const) {
      const main = await createVideoFile(t, creator.user.id, 'video');
      const teaser = await createVideoFile(t, creator.user.id, 'teaser');
      const thumb = await createVideoFile(t, creator.user.id, 'thumbnail');
      privateKeys.push(main.storageKey, ...Object.values(main.variants));
      const v = await createVideo(t, creator.user.id, { title: `${access} video`, access, price: 4.5, fileId: main.id, teaserFileId: teaser.id, thumbnailFileId: thumb.id });
      ids[access] = v.id;
    }
    await purchase(t, buyer.user.id, { id: ids.sale, performerId: creator.user.id, price: 450 }, 'video');
    await t.ctx.db.insert(userBlocks).values({ blockerId: creator.user.id, targetId: blocked.user.id });
  });

  /** A locked video carries no URL of its main file: not `video`, not its poster, no private key at all. */
  const expectNoMainMedia = (body: string, v: Video) => {
    expect(v.video).toBeNull();
    expect(v.canView).toBe(false);
    expect(body).not.toContain('/files/private');
    for (const k of privateKeys) expect(body).not.toContain(k);
  };
  const cases = (Object.keys(TABLE) as Role[]).flatMap((role) => (Object.keys(TABLE[role]) as Access[]).map((a) => [role, a, TABLE[role][a]] as const));

  it.each(cases)('%s × %s → %s (GET /performer-assets/videos/{id})', async (role, access, expected) => {
    const res = await get(`${F}/${ids[access]}`, h(role));
    if (expected === 404) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(`${access} video`);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const v = videoOf(res);
    expect(v.title).toBe(`${access} video`);
    // The teaser and thumbnail always play/show for those who may see it listed.
    expect(v.teaser?.url).toBeTruthy();
    expect(v.thumbnail?.url).toBeTruthy();
    expect(v.duration).toBe(42);
    if (expected === 'open') {
      expect(v.canView).toBe(true);
      // Streamed: the viewer's signed HLS playlist (the MP4 only for the owner).
      expect(v.video?.hls).toMatch(/\/media\/hls\/.+\/master\.m3u8\?v=.+&e=\d+&s=/);
    } else {
      expectNoMainMedia(res.body, v);
      expect(v.previewImage).toBe(v.thumbnail!.url);
    }
    expect(v.isSubscribed).toBe(role === 'subscriber');
    expect(v.isBought).toBe(role === 'buyer' && access === 'sale');
    expect(v.price).toBe(access === 'sale' ? 4.5 : null);
    expect(v.totalSale === null).toBe(role !== 'owner' && role !== 'admin');
  });

  it.each(Object.keys(TABLE) as Role[])('%s: the public search (by creator) lists by the same table, never a locked video URL', async (role) => {
    const res = await get(`${F}/search?performerId=${creator.user.id}&limit=50`, h(role));
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { data: Video[]; total: number };
    const got = Object.fromEntries(list.data.map((v) => [v.title.replace(' video', ''), v.canView ? 'open' : 'locked']));
    expect(got).toEqual(Object.fromEntries(Object.entries(TABLE[role]).filter(([, x]) => x !== 404)));
    expect(list.total).toBe(list.data.length);
    for (const v of list.data) if (!v.canView) expectNoMainMedia(JSON.stringify(v), v);
  });

  it.each(['subscriber', 'buyer', 'follower', 'stranger', 'blocked'] as const)('%s: bookmarks follow the same table (locked ones may be bookmarked, shown locked)', async (role) => {
    for (const a of ['free', 'subscribers', 'sale'] as const) {
      const r = await call('POST', '/reactions', h(role), { objectId: ids[a], objectType: 'video', action: 'bookmark' });
      expect(r.statusCode).toBe(TABLE[role][a] === 404 ? 404 : 200);
    }
    const res = await get('/reactions/videos/bookmark?limit=50', h(role));
    expect(res.statusCode).toBe(200);
    const objects = (res.json().data.data as Array<{ object: Video | null }>).map((b) => videoSchema.strict().parse(b.object));
    const got = Object.fromEntries(objects.map((v) => [v.title.replace(' video', ''), v.canView ? 'open' : 'locked']));
    expect(got).toEqual(Object.fromEntries(Object.entries(TABLE[role]).filter(([, x]) => x !== 404)));
    for (const v of objects) {
      expect(v.isBookmarked).toBe(true);
      if (!v.canView) expectNoMainMedia(JSON.stringify(v), v);
    }
  });

  it('the creator\'s own list (studio) and the site-wide search carry the same rule; likes need access', async () => {
    const own = (await get(`${A}/search?limit=50`, creator.auth)).json().data.data as Video[];
    expect(own.filter((v) => Object.values(ids).includes(v._id)).every((v) => v.canView && v.video?.url)).toBe(true);
    const all = (await get(`${F}/search?limit=100&q=video`, h('stranger'))).json();
    for (const v of all.data.data as Video[]) if (!v.canView) expectNoMainMedia(JSON.stringify(v), v);
    // Like/comment need the video open; a locked one is 403, a hidden one 404.
    expect((await call('POST', '/reactions', h('stranger'), { objectId: ids.sale, objectType: 'video', action: 'like' })).statusCode).toBe(403);
    expect((await call('POST', '/reactions', h('buyer'), { objectId: ids.sale, objectType: 'video', action: 'like' })).statusCode).toBe(200);
    expect((await call('POST', '/comments', h('subscriber'), { objectId: ids.subscribers, objectType: 'video', content: 'Lovely' })).statusCode).toBe(201);
    expect((await call('POST', '/comments', h('blocked'), { objectId: ids.free, objectType: 'video', content: 'Hi' })).statusCode).toBe(404);
    expect((await call('POST', '/reports', h('stranger'), { target: 'video', targetId: ids.sale, reason: 'spam' })).statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(videos).where(eq(videos.id, ids.sale));
    expect(row).toMatchObject({ totalLike: 1, totalBookmark: 4 });
  });

  it('the file status answer follows the rule: no URL of a locked main file, 404 for a file not of that video', async () => {
    const [row] = await t.ctx.db.select().from(videos).where(eq(videos.id, ids.sale));
    const locked = await get(`${F}/${ids.sale}/file/${row!.fileId}/status`, h('stranger'));
    expect(locked.statusCode).toBe(200);
    expect(locked.json().data).toMatchObject({ _id: row!.fileId, status: 'ready', thumbnails: [] });
    expect(locked.json().data.url).toBeUndefined();
    expect(locked.json().data.hls).toBeUndefined();
    // The buyer gets the stream (HLS signed for them), not the MP4.
    const bought = (await get(`${F}/${ids.sale}/file/${row!.fileId}/status`, h('buyer'))).json().data;
    expect(bought.hls).toMatch(/\/media\/hls\/.+\/master\.m3u8\?v=/);
    expect(bought.url).toBeUndefined();
    expect((await get(`${F}/${ids.sale}/file/${row!.teaserFileId}/status`, {})).json().data.url).toBeTruthy();
    expect((await get(`${F}/${ids.free}/file/${row!.fileId}/status`, h('stranger'))).statusCode).toBe(404);
    expect((await get(`${F}/${ids.sale}/file/${row!.fileId}/status`, h('blocked'))).statusCode).toBe(404);
    expect((await get(`${F}/new/file/${row!.fileId}/status`, h('stranger'))).statusCode).toBe(404);
    expect((await get(`${F}/new/file/${row!.fileId}/status`, creator.auth)).json().data.url).toBeTruthy();
  });
});

describe('drafts, inactive and not-yet-published videos are 404 by id for everyone but the owner and admins', () => {
  it.each(['draft', 'inactive', 'scheduled'] as const)('%s', async (state) => {
    const creator = await createCreator(t);
    const [other, fan, subscriber, admin] = await Promise.all([createCreator(t), createFan(t), createFan(t), createAdmin(t)]);
    await subscribe(t, subscriber.user.id, creator.user.id);
    const v = await createVideo(t, creator.user.id, {
      title: `secret ${state}`, access: 'sale', price: 5,
      status: state === 'scheduled' ? 'active' : state,
      publishAt: state === 'scheduled' ? new Date(Date.now() + 3_600_000) : undefined,
      publishedAt: state === 'inactive' ? new Date(Date.now() - 60_000) : undefined,
    });
    for (const h of [other.auth, fan.auth, subscriber.auth, {}]) {
      const res = await get(`${F}/${v.id}`, h);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret');
      expect((await get(`${F}/${v.id}/file/${v.fileId}/status`, h)).statusCode).toBe(404);
      expect((await get(`${F}/search?performerId=${creator.user.id}`, h)).json().data).toEqual({ data: [], total: 0 });
    }
    for (const h of [fan.auth, subscriber.auth]) {
      expect((await call('POST', '/reactions', h, { objectId: v.id, objectType: 'video', action: 'bookmark' })).statusCode).toBe(404);
      expect((await call('POST', '/comments', h, { objectId: v.id, objectType: 'video', content: 'x' })).statusCode).toBe(404);
    }
    await topUp(t, fan, 10, { card: true });
    expect((await call('POST', `/wallet/charges/video/${v.id}`, fan.auth, {})).statusCode).toBe(404);
    // The owner and admins see it (no view counted for the owner); an admin opens the sale video only on the audited path.
    expect(videoOf(await get(`${F}/${v.id}`, creator.auth))).toMatchObject({ title: `secret ${state}`, totalView: 0, isScheduled: state === 'scheduled' });
    expect(videoOf(await get(`${F}/${v.id}`, admin.auth))).toMatchObject({ title: `secret ${state}`, canView: false, video: null });
    expect((await t.ctx.db.select().from(videos).where(eq(videos.id, v.id)))[0]!.totalView).toBe(1);
  });

  it('a buyer keeps a video the creator later set inactive; nobody else sees it', async () => {
    const creator = await createCreator(t);
    const [buyer, fan] = await Promise.all([createFan(t), createFan(t)]);
    const v = await createVideo(t, creator.user.id, { access: 'sale', price: 5, title: 'withdrawn' });
    await purchase(t, buyer.user.id, { id: v.id, performerId: creator.user.id, price: 500 }, 'video');
    expect((await call('PUT', `${A}/edit/${v.id}`, creator.auth, { status: 'inactive' })).statusCode).toBe(200);
    expect(videoOf(await get(`${F}/${v.id}`, buyer.auth))).toMatchObject({ canView: true, isBought: true, status: 'inactive' });
    expect((await get(`${F}/${v.id}`, fan.auth)).statusCode).toBe(404);
    expect((await get(`${F}/search?performerId=${creator.user.id}`, buyer.auth)).json().data.total).toBe(0);
  });

  it('views are counted with one UPDATE per read (locked readers too), never the owner\'s, without touching updatedAt', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const v = await createVideo(t, creator.user.id, { access: 'subscribers' });
    await get(`${F}/${v.id}`, fan.auth);
    await get(`${F}/${v.id}`);
    await get(`${F}/${v.id}`, creator.auth);
    const res = videoOf(await get(`${F}/${v.id}`, fan.auth));
    expect(res.totalView).toBe(3);
    const [row] = await t.ctx.db.select().from(videos).where(eq(videos.id, v.id));
    expect(row!.updatedAt.getTime()).toBe(v.updatedAt.getTime());
  });
});

describe('buying a video from the wallet', () => {
  it('buys it once: access follows, buying twice → 409 (one charge), concurrent buys → one, ledger balanced', async () => {
    const creator = await createCreator(t);
    const [fan, racer] = await Promise.all([createFan(t), createFan(t)]);
    await topUp(t, fan, 30, { card: true });
    await topUp(t, racer, 30, { card: true });
    const v = await createVideo(t, creator.user.id, { access: 'sale', price: 9.99, title: 'For sale' });
    expect(videoOf(await get(`${F}/${v.id}`, fan.auth))).toMatchObject({ canView: false, isBought: false, price: 9.99, video: null });
    const r = await call('POST', `/wallet/charges/video/${v.id}`, fan.auth, {});
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.charge).toMatchObject({ type: 'video', itemId: v.id, amount: 9.99, description: 'Video: For sale' });
    expect(r.json().data.balance).toBe(20.01);
    expect(videoOf(await get(`${F}/${v.id}`, fan.auth))).toMatchObject({ canView: true, isBought: true });
    expect(videoOf(await get(`${F}/${v.id}`, fan.auth)).video?.hls).toContain(`v=${fan.user.id}`);
    expect(videoOf(await get(`${F}/${v.id}`, fan.auth)).video?.url).toBeUndefined();
    const again = await call('POST', `/wallet/charges/video/${v.id}`, fan.auth, {});
    expect(again.statusCode).toBe(409);
    expect((await get('/users/me', fan.auth)).json().data.balance).toBe(20.01);
    const charges = (await get('/wallet/charges/search?type=video', fan.auth)).json().data;
    expect(charges.total).toBe(1);
    // Two at once from one fan: exactly one goes through.
    const both = await Promise.all([1, 2].map(() => call('POST', `/wallet/charges/video/${v.id}`, racer.auth, {})));
    expect(both.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    expect((await get('/users/me', racer.auth)).json().data.balance).toBe(20.01);
    // The sale counter moves once per sale (the `item.purchased` handler), seen by the owner only.
    await t.ctx.queue.drain();
    expect(videoOf(await get(`${A}/${v.id}/view`, creator.auth)).totalSale).toBe(2);
    await expectLedgerBalanced(t);
  });

  it('free, subscribers-only and unknown videos are not for sale; a bought video cannot be deleted (409) but can be withdrawn', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await topUp(t, fan, 20, { card: true });
    const free = await createVideo(t, creator.user.id, { access: 'free' });
    const subs = await createVideo(t, creator.user.id, { access: 'subscribers' });
    expect((await call('POST', `/wallet/charges/video/${free.id}`, fan.auth, {})).statusCode).toBe(422);
    expect((await call('POST', `/wallet/charges/video/${subs.id}`, fan.auth, {})).statusCode).toBe(422);
    expect((await call('POST', '/wallet/charges/video/0190a0a0-0000-7000-8000-000000000000', fan.auth, {})).statusCode).toBe(404);
    expect((await call('POST', '/wallet/charges/video/not-an-id', fan.auth, {})).statusCode).toBe(400);
    const sale = await createVideo(t, creator.user.id, { access: 'sale', price: 3 });
    expect((await call('POST', `/wallet/charges/video/${sale.id}`, fan.auth, {})).statusCode).toBe(200);
    expect((await call('DELETE', `${A}/${sale.id}`, creator.auth)).statusCode).toBe(409);
    expect((await call('PUT', `${A}/edit/${sale.id}`, creator.auth, { status: 'inactive' })).statusCode).toBe(200);
    expect((await get(`${F}/${sale.id}`, fan.auth)).json().data.canView).toBe(true);
    // Changing the access later does not take it away from the buyer.
    expect((await call('PUT', `${A}/edit/${sale.id}`, creator.auth, { access: 'subscribers' })).statusCode).toBe(200);
    expect((await get(`${F}/${sale.id}`, fan.auth)).json().data.canView).toBe(true);
    expect((await call('DELETE', `${A}/${free.id}`, creator.auth)).statusCode).toBe(200);
    expect((await get(`${F}/${free.id}`, creator.auth)).statusCode).toBe(404);
    await expectLedgerBalanced(t);
  });
});

describe('scheduled publication', () => {
  const publishedEvents = async (videoId: string) =>
    t.ctx.db.select().from(domainEvents).where(and(eq(domainEvents.type, 'video.published'), sql`${domainEvents.payload}->>'videoId' = ${videoId}`));

  it('the job publishes a scheduled video exactly once, however many passes race for it', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const file = await createVideoFile(t, creator.user.id, 'video');
    const at = new Date(Date.now() + 3_600_000);
    const res = await call('POST', `${A}/create`, creator.auth, { title: 'Later', status: 'active', fileId: file.id, scheduleAt: at.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    const v = videoOf(res);
    expect(v).toMatchObject({ isScheduled: true, publishedAt: null, publishAt: at.toISOString() });
    expect((await get(`${F}/${v._id}`, fan.auth)).statusCode).toBe(404);
    // Before its time: nothing.
    await publishDueVideos(t.ctx);
    expect(await publishedEvents(v._id)).toHaveLength(0);
    // At its time: several passes (nodes) at once, then again — one event, one published_at.
    const later = new Date(at.getTime() + 1000);
    await Promise.all([1, 2, 3].map(() => publishDueVideos(t.ctx, later)));
    await publishDueVideos(t.ctx, later);
    const events = await publishedEvents(v._id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({ videoId: v._id, performerId: creator.user.id, scheduled: true });
    const [row] = await t.ctx.db.select().from(videos).where(eq(videos.id, v._id));
    expect(row!.publishedAt?.getTime()).toBe(later.getTime());
    // Withdrawn and back: still one event; a published video cannot be rescheduled or made a draft again.
    expect((await call('PUT', `${A}/edit/${v._id}`, creator.auth, { status: 'inactive' })).statusCode).toBe(200);
    expect((await call('PUT', `${A}/edit/${v._id}`, creator.auth, { status: 'active' })).statusCode).toBe(200);
    expect((await call('PUT', `${A}/edit/${v._id}`, creator.auth, { scheduleAt: new Date(Date.now() + 7_200_000).toISOString() })).statusCode).toBe(422);
    expect((await call('PUT', `${A}/edit/${v._id}`, creator.auth, { status: 'draft' })).statusCode).toBe(422);
    expect(await publishedEvents(v._id)).toHaveLength(1);
  });

  it('an active video without a schedule is published at once (one event); a draft only when made active', async () => {
    const creator = await createCreator(t);
    const file = await createVideoFile(t, creator.user.id, 'video');
    const now = videoOf(await call('POST', `${A}/create`, creator.auth, { title: 'Now', status: 'active', fileId: file.id }));
    expect(now.publishedAt).not.toBeNull();
    expect((await publishedEvents(now._id)).map((e) => e.payload)).toEqual([{ videoId: now._id, performerId: creator.user.id, scheduled: false }]);
    const draft = videoOf(await call('POST', `${A}/create`, creator.auth, { title: 'Draft', fileId: file.id }));
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null });
    await publishDueVideos(t.ctx);
    expect(await publishedEvents(draft._id)).toHaveLength(0);
    // Scheduling it, then clearing the schedule publishes now.
    const sched = videoOf(await call('PUT', `${A}/edit/${draft._id}`, creator.auth, { status: 'active', scheduleAt: new Date(Date.now() + 60_000).toISOString() }));
    expect(sched).toMatchObject({ isScheduled: true, publishedAt: null });
    const live = videoOf(await call('PUT', `${A}/edit/${draft._id}`, creator.auth, { scheduleAt: null }));
    expect(live).toMatchObject({ isScheduled: false });
    expect(live.publishedAt).not.toBeNull();
    expect(await publishedEvents(draft._id)).toHaveLength(1);
  });
});

describe('validation: bad input is 400 (or 404/422), never 500', () => {
  let creator: Made;
  let other: Made;
  beforeAll(async () => {
    [creator, other] = await Promise.all([createCreator(t), createCreator(t)]);
  });
  const create = (body: object) => call('POST', `${A}/create`, creator.auth, { title: 'T', ...body });

  it('malformed ids and NUL bytes', async () => {
    const v = await createVideo(t, creator.user.id);
    for (const [method, url, body] of [
      ['GET', `${F}/not-a-uuid`, undefined],
      ['GET', `${A}/123/view`, undefined],
      ['PUT', `${A}/edit/x`, { title: 'a' }],
      ['PUT', `${A}/update/x`, {}],
      ['DELETE', `${A}/x`, undefined],
      ['DELETE', `${A}/remove-file/x`, { type: 'video' }],
      ['GET', `${F}/${v.id}/file/nope/status`, undefined],
      ['GET', `${F}/old/file/${v.fileId}/status`, undefined],
      ['GET', `${F}/search?performerId=abc`, undefined],
      ['GET', `${F}/search?sortBy=__proto__`, undefined],
      ['GET', `${A}/search?status=published`, undefined],
      ['POST', `${A}/create`, { title: 'x', fileId: 'abc' }],
      ['POST', `${A}/create`, { title: 'a\u0000b' }],
      ['PUT', `${A}/edit/${v.id}`, { tags: ['ok', 'n\u0000ul'] }],
      ['GET', `${F}/search?q=a%00b`, undefined],
      ['DELETE', `${A}/remove-file/${v.id}`, { type: 'poster' }],
    ] as const) {
      const res = await call(method, url, creator.auth, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
    }
    expect((await get(`${F}/0190a0a0-0000-7000-8000-000000000000`)).statusCode).toBe(404);
  });

  it('price within the site limits (sale only), fields checked', async () => {
    const file = await createVideoFile(t, creator.user.id, 'video');
    expect((await create({ access: 'sale' })).json().details).toEqual([{ field: 'price', message: 'Set a price for a video for sale' }]);
    for (const price of [1, 2.94, 10000.01, 3.333, 0, -5]) expect((await create({ access: 'sale', price })).statusCode, String(price)).toBe(400);
    expect(videoOf(await create({ access: 'sale', price: 2.95 })).price).toBe(2.95);
    expect(videoOf(await create({ access: 'free', price: 5 })).price).toBeNull();
    const v = videoOf(await create({ fileId: file.id }));
    expect((await call('PUT', `${A}/edit/${v._id}`, creator.auth, { access: 'sale' })).statusCode).toBe(400);
    expect(videoOf(await call('PUT', `${A}/edit/${v._id}`, creator.auth, { access: 'sale', price: 12.5 })).price).toBe(12.5);
    expect((await create({ title: '' })).statusCode).toBe(400);
    expect((await create({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).statusCode).toBe(400);
    expect((await create({ tags: ['a,b'] })).statusCode).toBe(400);
    expect(videoOf(await create({ tags: [' Beach ', 'beach', 'SUN'] })).tags).toEqual(['beach', 'sun']);
    expect((await create({ scheduleAt: new Date(Date.now() - 60_000).toISOString() })).json().details[0].field).toBe('scheduleAt');
  });

  it('files: another creator\'s → 400 (as unknown), wrong media type → 400, a public teaser as the video → 400; vault files are accepted', async () => {
    const theirs = await createVideoFile(t, other.user.id, 'video');
    const thumb = await createVideoFile(t, creator.user.id, 'thumbnail');
    const teaser = await createVideoFile(t, creator.user.id, 'teaser');
    const failed = await createVideoFile(t, creator.user.id, 'video', { status: 'failed' });
    expect((await create({ fileId: theirs.id })).json().details).toEqual([{ field: 'fileId', message: 'Unknown file: upload it first' }]);
    expect((await create({ fileId: thumb.id })).json().details[0].field).toBe('fileId');
    expect((await create({ fileId: teaser.id })).json().details[0].field).toBe('fileId');
    expect((await create({ thumbnailFileId: teaser.id })).json().details[0].field).toBe('thumbnailFileId');
    expect((await create({ teaserFileId: thumb.id })).json().details[0].field).toBe('teaserFileId');
    expect((await create({ fileId: failed.id })).statusCode).toBe(400);
    expect((await create({ fileId: '0190a0a0-0000-7000-8000-000000000000' })).statusCode).toBe(400);
    // An active video needs its file: 400 on create; 422 when an edit or a removal would leave it without.
    expect((await create({ status: 'active' })).json().details[0].field).toBe('fileId');
    const draft = videoOf(await create({}));
    expect((await call('PUT', `${A}/edit/${draft._id}`, creator.auth, { status: 'active' })).statusCode).toBe(422);
    // A private video of a post or a message (a vault file) is accepted as the video and as the teaser.
    const vaultClip = await createVideoFile(t, creator.user.id, 'video', { visibility: 'private' });
    const ok = await create({ status: 'active', fileId: vaultClip.id, teaserFileId: vaultClip.id, thumbnailFileId: thumb.id });
    expect(ok.statusCode, ok.body).toBe(200);
    const active = videoOf(ok);
    expect((await call('DELETE', `${A}/remove-file/${active._id}`, creator.auth, { type: 'video' })).statusCode).toBe(422);
    expect((await call('PUT', `${A}/update/${active._id}`, creator.auth, { fileId: null })).statusCode).toBe(422);
    expect((await call('PUT', `${A}/update/${active._id}`, creator.auth, { fileId: theirs.id })).json().details[0].field).toBe('fileId');
    const removed = videoOf(await call('DELETE', `${A}/remove-file/${active._id}`, creator.auth, { type: 'thumbnail' }));
    expect(removed.thumbnail).toBeNull();
    // edit = metadata only; update = files only (unknown keys are not applied).
    const edited = await call('PUT', `${A}/edit/${active._id}`, creator.auth, { title: 'New title', fileId: null });
    expect(edited.statusCode).toBe(200);
    expect(videoOf(edited)).toMatchObject({ title: 'New title' });
    expect(videoOf(edited).video?._id).toBe(vaultClip.id);
  });
});
