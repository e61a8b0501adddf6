// Over 300 lines: the feeds endpoint family end to end (access rule, locked media, CRUD, polls, timeline, uploads) on one app and one set of accounts.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FEED_PREVIEW_FALLBACK, feedSchema, type Feed } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, multipart, type Made, type TestApp } from '../../../test/harness';
import { fewestQueries } from '../../../test/query-count';
import { createFeed, createFeedFile, createPoll, follow, purchase, subscribe } from '../../../test/factories';
import { pollOptions, pollVotes } from './feeds.tables';
import { stripFeedText } from './feeds.service';
import { timelinePage } from './feeds.timeline';

let t: TestApp;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  // PostgreSQL: pg-pool's end() resolves before its clients' sockets are closed, so the harness's
  // DROP DATABASE … WITH (FORCE) can hit a client still closing (FATAL 57P01, an unhandled
  // 'error' event). This file opens many pooled connections (concurrent votes), which makes that
  // race likely; a listener on each client keeps it from failing the run. Query errors still
  // reject their queries as usual.
  t.ctx.database.pool?.on('connect', (client) => client.on('error', () => undefined));
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Headers = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const put = (url: string, payload: unknown, headers: Headers = {}) => t.app.inject({ method: 'PUT', url, payload: payload as object, headers });
const del = (url: string, headers: Headers = {}) => t.app.inject({ method: 'DELETE', url, headers });
const feedOf = (res: { json(): { data: unknown } }) => feedSchema.strict().parse(res.json().data);

/** Every value under `key` anywhere in a JSON value. */
function valuesOf(value: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) value.forEach((v) => valuesOf(v, key, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === key) out.push(v);
      valuesOf(v, key, out);
    }
  }
  return out;
}

describe('access rule (one policy for every read)', () => {
  type Role = 'owner' | 'admin' | 'subscribed fan' | 'fan' | 'buyer' | 'anonymous';
  type Kind = 'free' | 'subscribers' | 'ppv' | 'scheduled';
  // What each role gets for each kind of feed: 'open' (media URLs), 'locked' (no URLs), 404. An
  // operator sees every feed but opens locked media only on the audited path (GET
  // /admin/content/feed/{id}, with a reason: admin/operator-media.test.ts) — issue 28 §6.
  const TABLE: Record<Role, Record<Kind, 'open' | 'locked' | 404>> = {
    owner: { free: 'open', subscribers: 'open', ppv: 'open', scheduled: 'open' },
    admin: { free: 'open', subscribers: 'locked', ppv: 'locked', scheduled: 'locked' },
    'subscribed fan': { free: 'open', subscribers: 'open', ppv: 'locked', scheduled: 404 },
    fan: { free: 'open', subscribers: 'locked', ppv: 'locked', scheduled: 404 },
    buyer: { free: 'open', subscribers: 'locked', ppv: 'open', scheduled: 404 },
    anonymous: { free: 'open', subscribers: 'locked', ppv: 'locked', scheduled: 404 },
  };
  let creator: Made;
  const headers = {} as Record<Role, Headers>;
  const feedIds = {} as Record<Kind, string>;

  beforeAll(async () => {
    creator = await createCreator(t);
    const [admin, subscribed, fan, buyer] = await Promise.all([createAdmin(t), createFan(t), createFan(t), createFan(t)]);
    await subscribe(t, subscribed.user.id, creator.user.id);
    // Expired and cancelled-but-over subscriptions grant nothing.
    await subscribe(t, fan.user.id, creator.user.id, { status: 'cancelled', expiresAt: new Date(Date.now() - 1000) });
    const mk = async (kind: Kind) => {
      const photo = await createFeedFile(t, creator.user.id, 'feed-photo');
      const f = await createFeed(t, creator.user.id, {
        text: `${kind} feed`, fileIds: [photo.id],
        visibility: kind === 'scheduled' ? 'subscribers' : kind, price: 4.5,
        publishAt: kind === 'scheduled' ? new Date(Date.now() + DAY) : new Date(Date.now() - 60_000),
      });
      feedIds[kind] = f.id;
      return f;
    };
    const [, , ppv] = await Promise.all([mk('free'), mk('subscribers'), mk('ppv'), mk('scheduled')]);
    await purchase(t, buyer.user.id, { id: ppv.id, performerId: creator.user.id, price: 450 });
    Object.assign(headers, { owner: creator.auth, admin: admin.auth, 'subscribed fan': subscribed.auth, fan: fan.auth, buyer: buyer.auth, anonymous: {} });
  });

  const cases = (Object.keys(TABLE) as Role[]).flatMap((role) => (Object.keys(TABLE[role]) as Kind[]).map((kind) => [role, kind, TABLE[role][kind]] as const));

  it.each(cases)('%s × %s → %s (GET /user/feeds/{id})', async (role, kind, expected) => {
    const res = await get(`/user/feeds/${feedIds[kind]}`, headers[role]);
    if (expected === 404) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(`${kind} feed`);
      return;
    }
    expect(res.statusCode).toBe(200);
    const feed = feedOf(res);
    expect(feed.isLocked).toBe(expected === 'locked');
    expect(feed.text).toBe(`${kind} feed`);
    expect(feed.files).toHaveLength(1);
    if (expected === 'open') {
      expect(feed.files[0]!.url).toBeTruthy();
    } else {
      expect(valuesOf(res.json(), 'url')).toEqual([]);
      expect(feed.files[0]!.thumbnails).toEqual([]);
      expect(feed.files[0]!.preview).toBeTruthy();
      expect(feed.previewImage).toBe(feed.files[0]!.preview);
    }
    expect(feed.isSubscribed).toBe(role === 'subscribed fan');
    expect(feed.isBought).toBe(role === 'buyer' && kind === 'ppv');
    expect(feed.price).toBe(kind === 'ppv' ? 4.5 : null);
    expect(feed.status).toBe(kind === 'scheduled' ? 'scheduled' : 'published');
  });

  it.each(Object.keys(TABLE) as Role[])('%s: the creator\'s feed list follows the same table', async (role) => {
    const res = await get(`/user/feeds/search/${creator.user.username}?limit=50`, headers[role]);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { data: Feed[]; total: number };
    const got = Object.fromEntries(list.data.map((f) => [f.text.replace(' feed', ''), f.isLocked ? 'locked' : 'open']));
    const want = Object.fromEntries(Object.entries(TABLE[role]).filter(([, v]) => v !== 404));
    expect(got).toEqual(want);
    expect(list.total).toBe(Object.keys(want).length);
    for (const f of list.data) if (f.isLocked) expect(valuesOf(f, 'url')).toEqual([]);
  });

  it('the file status answer follows the rule too', async () => {
    const feed = feedOf(await get(`/user/feeds/${feedIds.ppv}`, creator.auth));
    const fileId = feed.files[0]!._id;
    const locked = await get(`/user/feeds/${feedIds.ppv}/file/${fileId}/status`, headers.fan);
    expect(locked.statusCode).toBe(200);
    expect(locked.json().data).toMatchObject({ _id: fileId, status: 'ready' });
    expect(locked.json().data.url).toBeUndefined();
    expect((await get(`/user/feeds/${feedIds.ppv}/file/${fileId}/status`, headers.buyer)).json().data.url).toBeTruthy();
    expect((await get(`/user/feeds/${feedIds.scheduled}/file/${fileId}/status`, headers.fan)).statusCode).toBe(404);
    expect((await get(`/user/feeds/${feedIds.free}/file/${fileId}/status`, headers.fan)).statusCode).toBe(404); // not that feed's file
  });
});

describe('locked feeds never carry a media URL', () => {
  it('photos, videos and audio: no url and no thumbnails anywhere, blurred preview present', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const photo = await createFeedFile(t, creator.user.id, 'feed-photo');
    const video = await createFeedFile(t, creator.user.id, 'feed-video');
    const audio = await createFeedFile(t, creator.user.id, 'feed-audio');
    const feed = await createFeed(t, creator.user.id, { visibility: 'subscribers', fileIds: [video.id, photo.id, audio.id], type: 'mixed' });
    for (const h of [fan.auth, {}]) {
      const res = await get(`/user/feeds/${feed.id}`, h);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.isLocked).toBe(true);
      expect(valuesOf(body, 'url')).toEqual([]);
      expect(valuesOf(body, 'thumbnails').flat()).toEqual([]);
      expect(body.data.files.map((f: { _id: string }) => f._id)).toEqual([video.id, photo.id, audio.id]);
      expect(body.data.files[0].preview).toBeTruthy();
      expect(body.data.previewImage).toBe(body.data.files[0].preview);
      // Nothing of the private storage keys leaks either.
      for (const f of [photo, video, audio]) expect(res.body).not.toContain(f.storageKey);
      expect(res.body).not.toContain('/files/private');
      expect(res.body).not.toContain('/media/hls/');
    }
  });

  it('teaser and thumbnail stay visible on a locked feed; preview falls back per spec §3', async () => {
    const creator = await createCreator(t);
    const teaser = await createFeedFile(t, creator.user.id, 'feed-teaser');
    const thumb = await createFeedFile(t, creator.user.id, 'feed-thumbnail');
    const audio = await createFeedFile(t, creator.user.id, 'feed-audio');
    const withTeaser = await createFeed(t, creator.user.id, { visibility: 'ppv', fileIds: [audio.id], teaserFileId: teaser.id, thumbnailFileId: thumb.id });
    const a = feedOf(await get(`/user/feeds/${withTeaser.id}`));
    expect(a.isLocked).toBe(true);
    expect(a.files[0]!.url).toBeUndefined();
    expect(a.teaser?.url).toBeTruthy();
    expect(a.thumbnail?.url).toBeTruthy();
    expect(a.previewImage).toBe(a.teaser!.thumbnails[0]);
    const thumbOnly = await createFeed(t, creator.user.id, { visibility: 'ppv', fileIds: [audio.id], thumbnailFileId: thumb.id });
    expect(feedOf(await get(`/user/feeds/${thumbOnly.id}`)).previewImage).toBe(feedOf(await get(`/user/feeds/${thumbOnly.id}`)).thumbnail!.url);
    const bare = await createFeed(t, creator.user.id, { visibility: 'free', text: 'just words' });
    expect(feedOf(await get(`/user/feeds/${bare.id}`)).previewImage).toBe(FEED_PREVIEW_FALLBACK);
    const photo = await createFeedFile(t, creator.user.id, 'feed-photo');
    const open = feedOf(await get(`/user/feeds/${(await createFeed(t, creator.user.id, { fileIds: [audio.id, photo.id], teaserFileId: teaser.id })).id}`));
    expect(open.previewImage).toBe(open.files[1]!.thumbnails[0]);
  });
});

describe('creating, editing and deleting feeds', () => {
  let creator: Made;
  let other: Made;
  let fan: Made;
  beforeAll(async () => {
    [creator, other, fan] = await Promise.all([createCreator(t), createCreator(t), createFan(t)]);
  });

  it('a creator posts a photo feed with their own files; the type is derived', async () => {
    const p1 = await createFeedFile(t, creator.user.id, 'feed-photo');
    const p2 = await createFeedFile(t, creator.user.id, 'feed-photo');
    const thumb = await createFeedFile(t, creator.user.id, 'feed-thumbnail');
    const res = await post('/performer/feeds', { text: 'two photos', fileIds: [p2.id, p1.id], thumbnailId: thumb.id, visibility: 'subscribers' }, creator.auth);
    expect(res.statusCode).toBe(200);
    const feed = feedOf(res);
    expect(feed).toMatchObject({ text: 'two photos', type: 'photo', visibility: 'subscribers', price: null, status: 'published', isLocked: false, performerId: creator.user.id });
    expect(feed.files.map((f) => f._id)).toEqual([p2.id, p1.id]);
    expect(feed.performer).toMatchObject({ _id: creator.user.id, username: creator.user.username });
    const video = await createFeedFile(t, creator.user.id, 'feed-video');
    const mixed = feedOf(await post('/performer/feeds', { fileIds: [p1.id, video.id] }, creator.auth));
    expect(mixed.type).toBe('mixed');
    expect(feedOf(await post('/performer/feeds', { text: 'words' }, creator.auth)).type).toBe('text');
  });

  it('a creator cannot use another creator\'s files, nor files of the wrong kind', async () => {
    const theirs = await createFeedFile(t, other.user.id, 'feed-photo');
    const mine = await createFeedFile(t, creator.user.id, 'feed-photo');
    const res = await post('/performer/feeds', { text: 'x', fileIds: [mine.id, theirs.id] }, creator.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'fileIds.1', message: expect.any(String) }]);
    const theirTeaser = await createFeedFile(t, other.user.id, 'feed-teaser');
    expect((await post('/performer/feeds', { text: 'x', teaserId: theirTeaser.id }, creator.auth)).statusCode).toBe(400);
    // A photo is not a teaser; a thumbnail is not a feed photo.
    expect((await post('/performer/feeds', { text: 'x', teaserId: mine.id }, creator.auth)).json().details[0].field).toBe('teaserId');
    const thumb = await createFeedFile(t, creator.user.id, 'feed-thumbnail');
    expect((await post('/performer/feeds', { text: 'x', fileIds: [thumb.id] }, creator.auth)).statusCode).toBe(400);
    // Editing cannot smuggle them in either.
    const own = feedOf(await post('/performer/feeds', { text: 'mine' }, creator.auth));
    expect((await put(`/performer/feeds/${own._id}`, { fileIds: [theirs.id] }, creator.auth)).statusCode).toBe(400);
    const theirPoll = await createPoll(t, other.user.id);
    expect((await post('/performer/feeds', { text: 'x', pollId: theirPoll.poll.id }, creator.auth)).json().details[0].field).toBe('pollId');
  });

  it('fans cannot post; a feed needs something in it', async () => {
    expect((await post('/performer/feeds', { text: 'hi' }, fan.auth)).statusCode).toBe(403);
    expect((await post('/performer/feeds', { text: 'hi' })).statusCode).toBe(401);
    expect((await post('/performer/feeds', { text: '   ' }, creator.auth)).statusCode).toBe(400);
    expect((await post('/performer/feeds', { text: '<script>x</script>' }, creator.auth)).statusCode).toBe(400);
  });

  it('markup is stripped to the allowed list', async () => {
    const raw =
      '<p>Hi <b>bold</b> <i>it</i> <em>e</em> <strong>s</strong> <u>u</u><br>' +
      '<script>alert(1)</script><!-- secret comment --><img src=x onerror=alert(1)>' +
      '<a href="javascript:alert(1)">bad</a> <a href="https://example.com/x" onclick="steal()" target="_blank">good</a>' +
      '<span style="color:red">plain</span><iframe src="https://evil.example"></iframe></p>';
    const res = await post('/performer/feeds', { text: raw }, creator.auth);
    expect(res.statusCode).toBe(200);
    const text = feedOf(res).text;
    expect(text).toBe(
      '<p>Hi <b>bold</b> <i>it</i> <em>e</em> <strong>s</strong> <u>u</u><br />' +
        'bad <a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow ugc">good</a>plain</p>',
    );
    expect(text).not.toMatch(/script|secret|onerror|onclick|javascript|iframe|style/);
    expect(stripFeedText('<a href="//evil.example">x</a><a href="mailto:a@b.c">m</a>')).toBe('xm');
    // Editing strips too.
    const edited = await put(`/performer/feeds/${feedOf(res)._id}`, { text: '<b onmouseover="x()">ok</b><script>no</script>' }, creator.auth);
    expect(feedOf(edited).text).toBe('<b>ok</b>');
  });

  it('pay-per-view needs a price within the site limits (minimumSubscriptionPrice … maximumTipPrice)', async () => {
    const tryPrice = (body: object) => post('/performer/feeds', { text: 'ppv', visibility: 'ppv', ...body }, creator.auth);
    expect((await tryPrice({})).json().details).toEqual([{ field: 'price', message: 'Set a price for a pay-per-view feed' }]);
    expect((await tryPrice({ price: 1 })).statusCode).toBe(400);
    expect((await tryPrice({ price: 2.94 })).json().details[0].field).toBe('price');
    expect((await tryPrice({ price: 10000.01 })).statusCode).toBe(400);
    expect((await tryPrice({ price: -5 })).statusCode).toBe(400);
    expect((await tryPrice({ price: 3.333 })).statusCode).toBe(400);
    expect((await tryPrice({ price: 0 })).statusCode).toBe(400);
    const ok = await tryPrice({ price: 2.95 });
    expect(ok.statusCode).toBe(200);
    expect(feedOf(ok).price).toBe(2.95);
    expect(feedOf(await tryPrice({ price: 10000 })).price).toBe(10000);
    // A price on a free feed is not kept.
    expect(feedOf(await post('/performer/feeds', { text: 'free', visibility: 'free', price: 5 }, creator.auth)).price).toBeNull();
    // Switching a free feed to ppv on edit needs a price too.
    const free = feedOf(await post('/performer/feeds', { text: 'later ppv' }, creator.auth));
    expect((await put(`/performer/feeds/${free._id}`, { visibility: 'ppv' }, creator.auth)).statusCode).toBe(400);
    expect(feedOf(await put(`/performer/feeds/${free._id}`, { visibility: 'ppv', price: 12.5 }, creator.auth)).price).toBe(12.5);
    // The limits follow the settings.
    await t.ctx.settings.set('minimumSubscriptionPrice', 1);
    try {
      expect((await tryPrice({ price: 1 })).statusCode).toBe(200);
    } finally {
      await t.ctx.settings.set('minimumSubscriptionPrice', 2.95);
    }
  });

  it('scheduled feeds appear at their time (query-time rule) and only to the owner before', async () => {
    expect((await post('/performer/feeds', { text: 'past', scheduleAt: new Date(Date.now() - 60_000).toISOString() }, creator.auth)).json().details[0].field).toBe('scheduleAt');
    const at = new Date(Date.now() + 2 * DAY).toISOString();
    const res = await post('/performer/feeds', { text: 'soon', scheduleAt: at }, creator.auth);
    const feed = feedOf(res);
    expect(feed).toMatchObject({ status: 'scheduled', publishAt: at });
    expect((await get(`/user/feeds/${feed._id}`, fan.auth)).statusCode).toBe(404);
    const scheduled = (await get('/performer/feeds?status=scheduled', creator.auth)).json().data;
    expect(scheduled.data.map((f: Feed) => f._id)).toEqual([feed._id]);
    expect((await get('/performer/feeds?status=published&limit=100', creator.auth)).json().data.data.map((f: Feed) => f._id)).not.toContain(feed._id);
    // Publish now by clearing the schedule.
    const now = feedOf(await put(`/performer/feeds/${feed._id}`, { scheduleAt: null }, creator.auth));
    expect(now.status).toBe('published');
    expect((await get(`/user/feeds/${feed._id}`, fan.auth)).statusCode).toBe(200);
  });

  it('a fan cannot edit or delete another\'s feed; another creator gets 404; the owner can', async () => {
    const feed = feedOf(await post('/performer/feeds', { text: 'original' }, creator.auth));
    expect((await put(`/performer/feeds/${feed._id}`, { text: 'hacked' }, fan.auth)).statusCode).toBe(403);
    expect((await del(`/performer/feeds/${feed._id}`, fan.auth)).statusCode).toBe(403);
    expect((await put(`/performer/feeds/${feed._id}`, { text: 'hacked' }, other.auth)).statusCode).toBe(404);
    expect((await del(`/performer/feeds/${feed._id}`, other.auth)).statusCode).toBe(404);
    expect((await get(`/performer/feeds/${feed._id}`, other.auth)).statusCode).toBe(404);
    expect((await put(`/performer/feeds/${feed._id}`, { text: 'x' })).statusCode).toBe(401);
    expect(feedOf(await get(`/user/feeds/${feed._id}`)).text).toBe('original');
    expect(feedOf(await put(`/performer/feeds/${feed._id}`, { text: 'edited' }, creator.auth)).text).toBe('edited');
    expect(feedOf(await get(`/performer/feeds/${feed._id}`, creator.auth)).text).toBe('edited');
    expect((await del(`/performer/feeds/${feed._id}`, creator.auth)).json()).toEqual({ data: { success: true } });
    expect((await get(`/user/feeds/${feed._id}`)).statusCode).toBe(404);
    expect((await get('/user/feeds/not-a-uuid')).statusCode).toBe(400); // malformed id: 400 (issue 8, F5)
  });

  it('GET /performer/feeds lists only the caller\'s feeds, paginated, searchable', async () => {
    const c = await createCreator(t);
    for (let i = 0; i < 5; i++) await createFeed(t, c.user.id, { text: `post number ${i} ${i === 3 ? 'sunset beach' : ''}`, publishAt: new Date(Date.now() - (10 - i) * 60_000) });
    await createFeed(t, other.user.id, { text: 'not mine sunset' });
    const page = (await get('/performer/feeds?limit=2&offset=1', c.auth)).json().data;
    expect(page.total).toBe(5);
    expect(page.data.map((f: Feed) => f.text.trim())).toEqual(['post number 3 sunset beach', 'post number 2']);
    const found = (await get('/performer/feeds?q=sunset', c.auth)).json().data;
    expect(found.data.map((f: Feed) => f.text.trim())).toEqual(['post number 3 sunset beach']);
    expect((await get('/performer/feeds', fan.auth)).statusCode).toBe(403);
  });
});

describe('polls', () => {
  let creator: Made;
  let fan: Made;
  beforeAll(async () => {
    [creator, fan] = await Promise.all([createCreator(t), createFan(t)]);
  });
  const future = () => new Date(Date.now() + DAY).toISOString();

  it('creating a poll checks options and end time, and it attaches to one feed', async () => {
    expect((await post('/performer/feeds/polls', { options: ['only one'], expiresAt: future() }, creator.auth)).statusCode).toBe(400);
    expect((await post('/performer/feeds/polls', { options: Array.from({ length: 11 }, (_, i) => `o${i}`), expiresAt: future() }, creator.auth)).statusCode).toBe(400);
    expect((await post('/performer/feeds/polls', { options: ['a', 'b'], expiresAt: new Date(Date.now() - 1000).toISOString() }, creator.auth)).statusCode).toBe(400);
    expect((await post('/performer/feeds/polls', { options: ['a', 'A'], expiresAt: future() }, creator.auth)).statusCode).toBe(400);
    expect((await post('/performer/feeds/polls', { options: ['a', 'b'], expiresAt: future() }, fan.auth)).statusCode).toBe(403);
    const res = await post('/performer/feeds/polls', { question: 'Next video?', options: ['Beach', 'Forest', 'City'], expiresAt: future() }, creator.auth);
    expect(res.statusCode).toBe(200);
    const poll = res.json().data;
    expect(poll).toMatchObject({ question: 'Next video?', totalVotes: 0, votedOptionId: null, isExpired: false });
    expect(poll.options.map((o: { text: string }) => o.text)).toEqual(['Beach', 'Forest', 'City']);
    const feed = feedOf(await post('/performer/feeds', { pollId: poll._id }, creator.auth));
    expect(feed.type).toBe('poll');
    expect(feed.poll?._id).toBe(poll._id);
    expect((await post('/performer/feeds', { text: 'again', pollId: poll._id }, creator.auth)).statusCode).toBe(409);
  });

  it('one vote per user per poll: a second vote is refused (409), concurrent ones too', async () => {
    const { poll, options } = await createPoll(t, creator.user.id, { options: ['A', 'B', 'C'] });
    const feed = await createFeed(t, creator.user.id, { pollId: poll.id });
    const first = await post(`/user/feeds/vote/${options[1]!.id}`, {}, fan.auth);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ totalVotes: 1, votedOptionId: options[1]!.id });
    const again = await post(`/user/feeds/vote/${options[0]!.id}`, {}, fan.auth);
    expect(again.statusCode).toBe(409);
    const view = feedOf(await get(`/user/feeds/${feed.id}`, fan.auth));
    expect(view.poll).toMatchObject({ totalVotes: 1, votedOptionId: options[1]!.id });
    expect(feedOf(await get(`/user/feeds/${feed.id}`)).poll?.votedOptionId).toBeNull();

    // Ten concurrent votes of one user: exactly one counts.
    const racer = await createFan(t);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post(`/user/feeds/vote/${options[i % 3]!.id}`, {}, racer.auth)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const votes = await t.ctx.db.select().from(pollVotes).where(eq(pollVotes.pollId, poll.id));
    expect(votes).toHaveLength(2);
    const counts = await t.ctx.db.select().from(pollOptions).where(eq(pollOptions.pollId, poll.id));
    expect(counts.reduce((n, o) => n + o.votes, 0)).toBe(2);
    expect((await post(`/user/feeds/vote/${options[0]!.id}`, {})).statusCode).toBe(401);
  });

  it('no vote after the poll ended (422), none without access to the feed', async () => {
    const ended = await createPoll(t, creator.user.id, { expiresAt: new Date(Date.now() - 1000) });
    await createFeed(t, creator.user.id, { pollId: ended.poll.id });
    const res = await post(`/user/feeds/vote/${ended.options[0]!.id}`, {}, fan.auth);
    expect(res.statusCode).toBe(422);
    const subsOnly = await createPoll(t, creator.user.id);
    await createFeed(t, creator.user.id, { pollId: subsOnly.poll.id, visibility: 'subscribers' });
    expect((await post(`/user/feeds/vote/${subsOnly.options[0]!.id}`, {}, fan.auth)).statusCode).toBe(403);
    const subscriber = await createFan(t);
    await subscribe(t, subscriber.user.id, creator.user.id);
    expect((await post(`/user/feeds/vote/${subsOnly.options[0]!.id}`, {}, subscriber.auth)).statusCode).toBe(200);
    const scheduled = await createPoll(t, creator.user.id);
    await createFeed(t, creator.user.id, { pollId: scheduled.poll.id, publishAt: new Date(Date.now() + DAY) });
    expect((await post(`/user/feeds/vote/${scheduled.options[0]!.id}`, {}, fan.auth)).statusCode).toBe(404);
    const unattached = await createPoll(t, creator.user.id);
    expect((await post(`/user/feeds/vote/${unattached.options[0]!.id}`, {}, fan.auth)).statusCode).toBe(404);
    expect((await post('/user/feeds/vote/nope', {}, fan.auth)).statusCode).toBe(400); // malformed id
  });
});

describe('home timeline', () => {
  it('followed and subscribed creators only, newest first, paginated', async () => {
    const [a, b, c, fan] = await Promise.all([createCreator(t), createCreator(t), createCreator(t), createFan(t)]);
    await follow(t, fan.user.id, a.user.id);
    await subscribe(t, fan.user.id, b.user.id, { status: 'cancelled' }); // cancelled but still paid up
    await subscribe(t, fan.user.id, c.user.id, { status: 'active', expiresAt: new Date(Date.now() - 1000) }); // over
    const base = Date.now() - DAY;
    const made: Array<{ id: string; who: string; at: number }> = [];
    let i = 0;
    for (const [who, m] of [['a', a], ['b', b], ['c', c], ['a', a], ['b', b], ['a', a]] as const) {
      const at = base + i++ * 60_000;
      const f = await createFeed(t, m.user.id, { text: `${who}${i}`, publishAt: new Date(at), visibility: who === 'b' ? 'subscribers' : 'free' });
      made.push({ id: f.id, who, at });
    }
    await createFeed(t, a.user.id, { text: 'a-scheduled', publishAt: new Date(Date.now() + DAY) });
    const expected = made.filter((m) => m.who !== 'c').sort((x, y) => y.at - x.at).map((m) => m.id);
    const all = (await get('/user/feeds?limit=100', fan.auth)).json().data;
    expect(all.total).toBe(5);
    expect(all.data.map((f: Feed) => f._id)).toEqual(expected);
    expect(all.data.every((f: Feed) => !f.isLocked)).toBe(true); // b's subscribers feeds open for the subscriber
    const p1 = (await get('/user/feeds?limit=2&offset=0', fan.auth)).json().data;
    const p2 = (await get('/user/feeds?limit=2&offset=2', fan.auth)).json().data;
    const p3 = (await get('/user/feeds?limit=2&offset=4', fan.auth)).json().data;
    expect([...p1.data, ...p2.data, ...p3.data].map((f: Feed) => f._id)).toEqual(expected);
    expect(p3.data).toHaveLength(1);
    expect(p1.total).toBe(5);
    const loner = await createFan(t);
    expect((await get('/user/feeds', loner.auth)).json().data).toEqual({ data: [], total: 0 });
    expect((await get('/user/feeds')).statusCode).toBe(401);
    expect((await get('/user/feeds?limit=101', fan.auth)).statusCode).toBe(400);
  });

  it("a creator's own published posts are in their timeline, with the creators they follow (issue 8, defect 4)", async () => {
    const [me, other, stranger] = await Promise.all([createCreator(t), createCreator(t), createCreator(t)]);
    await follow(t, me.user.id, other.user.id);
    const base = Date.now() - DAY;
    const mine1 = await createFeed(t, me.user.id, { text: 'mine 1', publishAt: new Date(base), visibility: 'subscribers' });
    const theirs = await createFeed(t, other.user.id, { text: 'theirs', publishAt: new Date(base + 60_000) });
    const mine2 = await createFeed(t, me.user.id, { text: 'mine 2', publishAt: new Date(base + 120_000), visibility: 'ppv', price: 500 });
    await createFeed(t, me.user.id, { text: 'mine scheduled', publishAt: new Date(Date.now() + DAY) });
    await createFeed(t, stranger.user.id, { text: 'not followed', publishAt: new Date(base + 180_000) });
    const page = (await get('/user/feeds?limit=100', me.auth)).json().data;
    expect(page.data.map((f: Feed) => f._id)).toEqual([mine2.id, theirs.id, mine1.id]);
    expect(page.total).toBe(3);
    // Own posts are never locked for their owner.
    expect(page.data.filter((f: Feed) => f.performerId === me.user.id).every((f: Feed) => !f.isLocked)).toBe(true);
    // A creator who follows nobody still sees their own posts.
    const solo = await createCreator(t);
    const own = await createFeed(t, solo.user.id, { text: 'hello', publishAt: new Date(base) });
    expect((await get('/user/feeds', solo.auth)).json().data).toMatchObject({ total: 1, data: [{ _id: own.id }] });
    expect((await get('/user/feeds?offset=5', solo.auth)).json().data).toEqual({ data: [], total: 1 });
  });

  it('each timeline item is exactly what the single-feed read answers (same facts, same rule)', async () => {
    // The timeline fetches its facts with its rows in one statement; GET /user/feeds/{id} goes the
    // generic way (accessFactQueries). Both must agree on every flag, for every kind of feed.
    const [a, b, fan] = await Promise.all([createCreator(t), createCreator(t), createFan(t)]);
    await follow(t, fan.user.id, a.user.id);
    await follow(t, fan.user.id, b.user.id);
    await subscribe(t, fan.user.id, a.user.id);
    const base = Date.now() - DAY;
    const made = [];
    let i = 0;
    for (const m of [a, b]) {
      for (const visibility of ['free', 'subscribers', 'ppv'] as const) {
        const photo = await createFeedFile(t, m.user.id, 'feed-photo');
        made.push(await createFeed(t, m.user.id, { fileIds: [photo.id], visibility, publishAt: new Date(base + i++ * 60_000) }));
      }
    }
    const bPpv = made.find((f) => f.performerId === b.user.id && f.visibility === 'ppv')!;
    const bSubs = made.find((f) => f.performerId === b.user.id && f.visibility === 'subscribers')!;
    await purchase(t, fan.user.id, bPpv);
    for (const [id, action] of [[bPpv.id, 'like'], [bSubs.id, 'bookmark'], [made[0]!.id, 'like'], [made[0]!.id, 'bookmark']] as const) {
      expect((await t.app.inject({ method: 'POST', url: '/reactions', payload: { objectId: id, objectType: 'feed', action }, headers: fan.auth })).statusCode).toBeLessThan(300);
    }
    const page = (await get('/user/feeds?limit=100', fan.auth)).json().data;
    expect(page.total).toBe(6);
    // Signed URLs carry their expiry second: compare them without it.
    const unsigned = (v: unknown) => JSON.parse(JSON.stringify(v).replace(/expires=\d+&sig=[\w-]+/g, 'signed'));
    for (const item of page.data as Feed[]) {
      const one = (await get(`/user/feeds/${item._id}`, fan.auth)).json().data as Feed;
      expect(unsigned(item)).toEqual(unsigned(one));
    }
    expect(JSON.stringify(page.data)).toContain('sig='); // the open ones do carry signed URLs
    const byId = new Map((page.data as Feed[]).map((f) => [f._id, f]));
    expect(byId.get(bPpv.id)).toMatchObject({ isBought: true, isLocked: false, isLiked: true, isSubscribed: false });
    expect(byId.get(bSubs.id)).toMatchObject({ isLocked: true, isBookmarked: true, isSubscribed: false });
    expect(byId.get(made[0]!.id)).toMatchObject({ isSubscribed: true, isLiked: true, isBookmarked: true });
    expect(byId.get(made[2]!.id)).toMatchObject({ isSubscribed: true, isBought: false, isLocked: true }); // a's ppv: a subscription does not unlock it
    // A page past the end still reports the total.
    expect((await get('/user/feeds?limit=10&offset=50', fan.auth)).json().data).toEqual({ data: [], total: 6 });
  });

  it('the total counts at most offset + limit + the look-ahead: exact below it, "at least" above it', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await follow(t, fan.user.id, creator.user.id);
    for (let k = 0; k < 10; k++) await createFeed(t, creator.user.id, { visibility: 'free' });
    const page = (offset: number) => timelinePage(t.ctx.db, fan.user, { offset, limit: 3 }, 2);
    expect((await page(0)).total).toBe(5); // 10 posts, counted up to 0 + 3 + 2
    expect((await page(3)).total).toBe(8);
    expect((await page(6)).total).toBe(10); // the real end is within reach: exact
    expect((await page(12)).total).toBe(10); // past the end (no rows): counted on its own, capped the same way
    expect((await timelinePage(t.ctx.db, fan.user, { offset: 0, limit: 3 })).total).toBe(10); // the API's look-ahead (1,000)
  });

  it('lists load in a fixed number of queries, whatever their length (no N+1)', async () => {
    const fan = await createFan(t);
    const creators = await Promise.all(Array.from({ length: 4 }, () => createCreator(t)));
    const addFeeds = async (n: number) => {
      for (let k = 0; k < n; k++) {
        const c = creators[k % creators.length]!;
        const photo = await createFeedFile(t, c.user.id, 'feed-photo');
        const teaser = await createFeedFile(t, c.user.id, 'feed-teaser');
        const { poll } = await createPoll(t, c.user.id);
        await createFeed(t, c.user.id, { fileIds: [photo.id], teaserFileId: teaser.id, pollId: poll.id, visibility: (['free', 'subscribers', 'ppv'] as const)[k % 3] });
      }
    };
    for (const c of creators) await follow(t, fan.user.id, c.user.id);
    await subscribe(t, fan.user.id, creators[0]!.user.id);
    const countQueries = async (url: string) => {
      const { n, result: res } = await fewestQueries(t, () => get(url, fan.auth), { warm: () => get('/users/me', fan.auth) });
      expect(res.statusCode).toBe(200);
      return { n, items: res.json().data.data.length };
    };
    await addFeeds(3); // one of each visibility, so every query kind already runs
    const small = await countQueries('/user/feeds?limit=100');
    await addFeeds(13);
    const large = await countQueries('/user/feeds?limit=100');
    expect(small.items).toBe(3);
    expect(large.items).toBe(16);
    expect(large.n).toBe(small.n);
    expect(large.n).toBeLessThanOrEqual(12);
  });
});

describe('uploads', () => {
  it('a creator uploads a photo: the answer is the file view with its processing status', async () => {
    const creator = await createCreator(t);
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
    const body = multipart({}, [{ field: 'file', filename: 'p.png', content: png, type: 'image/png' }]);
    const res = await t.app.inject({ method: 'POST', url: '/performer/feeds/photo/upload', payload: body.payload, headers: { ...creator.auth, ...body.headers } });
    expect(res.statusCode).toBe(200);
    const file = res.json().data;
    expect(['uploaded', 'processing', 'ready']).toContain(file.status);
    expect(file.type).toBe('image');
    // The uploader can follow its status before any feed exists.
    const status = await get(`/user/feeds/new/file/${file._id}/status`, creator.auth);
    expect(status.statusCode).toBe(200);
    expect(status.json().data._id).toBe(file._id);
    // Processing (a pg-boss job in this process) makes it ready; the view then has thumbnails and a URL.
    let ready = status.json().data;
    for (let i = 0; i < 100 && ready.status !== 'ready' && ready.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      ready = (await get(`/user/feeds/new/file/${file._id}/status`, creator.auth)).json().data;
    }
    expect(ready).toMatchObject({ status: 'ready', width: 320, height: 240 });
    expect(ready.url).toBeTruthy();
    expect(ready.thumbnails.length).toBeGreaterThan(0);
    // …and attach it.
    const feed = await post('/performer/feeds', { text: 'fresh', fileIds: [file._id] }, creator.auth);
    expect(feed.statusCode).toBe(200);
    expect(feedOf(feed).type).toBe('photo');
    // A disguised file is refused by content; fans cannot upload.
    const exe = multipart({}, [{ field: 'file', filename: 'x.jpg', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(5000, 1)]), type: 'image/jpeg' }]);
    expect((await t.app.inject({ method: 'POST', url: '/performer/feeds/photo/upload', payload: exe.payload, headers: { ...creator.auth, ...exe.headers } })).statusCode).toBe(415);
    const fan = await createFan(t);
    expect((await t.app.inject({ method: 'POST', url: '/performer/feeds/photo/upload', payload: body.payload, headers: { ...fan.auth, ...body.headers } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/performer/feeds/pdf/upload', payload: body.payload, headers: { ...creator.auth, ...body.headers } })).statusCode).toBe(400);
  });
});
