// Videos beyond the required tables: a real upload played with Range, publication on time by the job, vault uses, lists and their query count.
import fsp from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { videoSchema, type Video } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, multipart, type Made, type TestApp } from '../../../test/harness';
import { fewestQueries } from '../../../test/query-count';
import { follow, purchase, subscribe } from '../../../test/factories';
import { domainEvents } from '../../platform/events.tables';
import { mediaFixtures } from '../media/media.fixtures';
import { defineVideoJobs } from './videos.schedule';
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
const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
const A = '/performer/performer-assets/videos';
const F = '/performer-assets/videos';

describe('a real upload, processed and played with Range through a signed URL', () => {
  it('upload → status (`new`) → attach → the buyer seeks in it (206), others get no URL', async () => {
    const fx = await mediaFixtures();
    try {
      const creator = await createCreator(t);
      const [buyer, fan] = await Promise.all([createFan(t), createFan(t)]);
      const clip = await fsp.readFile((await fx.video({ seconds: 2 })).tmpPath);
      const body = multipart({}, [{ field: 'file', filename: 'clip.mkv', content: clip }]);
      const up = await t.app.inject({ method: 'POST', url: `${A}/upload`, payload: body.payload, headers: { ...creator.auth, ...body.headers } });
      expect(up.statusCode, up.body).toBe(200);
      const fileId = up.json().data._id as string;
      await t.ctx.queue.drain();
      const ready = (await get(`${F}/new/file/${fileId}/status`, creator.auth)).json().data;
      expect(ready).toMatchObject({ _id: fileId, status: 'ready', type: 'video', mimeType: 'video/mp4' });
      // A disguised file is refused by content; a photo is no video.
      const png = await fsp.readFile((await fx.image(64, 48)).tmpPath);
      const wrong = multipart({}, [{ field: 'file', filename: 'x.mp4', content: png }]);
      expect((await t.app.inject({ method: 'POST', url: `${A}/video/upload`, payload: wrong.payload, headers: { ...creator.auth, ...wrong.headers } })).statusCode).toBe(415);
      const none = multipart({ title: 'x' }, []);
      expect((await t.app.inject({ method: 'POST', url: `${A}/upload`, payload: none.payload, headers: { ...creator.auth, ...none.headers } })).statusCode).toBe(400);

      const v = videoOf(await call('POST', `${A}/create`, creator.auth, { title: 'Real', status: 'active', access: 'sale', price: 5, fileId }));
      await purchase(t, buyer.user.id, { id: v._id, performerId: creator.user.id, price: 500 }, 'video');
      const open = videoOf(await get(`${F}/${v._id}`, buyer.auth));
      expect(open.duration).toBeGreaterThan(1);
      // The buyer streams it (HLS, no MP4 URL); the MP4 — the owner's — still seeks with Range.
      expect(open.video!.hls).toContain(`v=${buyer.user.id}`);
      expect(open.video!.url).toBeUndefined();
      const url = t.ctx.media.ownerFileView((await t.ctx.media.byId(fileId))!).url!;
      const whole = await t.app.inject({ method: 'GET', url: local(url) });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      const size = whole.rawPayload.length;
      const part = await t.app.inject({ method: 'GET', url: local(url), headers: { range: 'bytes=100-199' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
      expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);
      // The signature binds the key: no URL for the fan, and a tampered one is refused.
      const locked = videoOf(await get(`${F}/${v._id}`, fan.auth));
      expect(locked.video).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: local(url).replace(/sig=[^&]+/, 'sig=AAAA') })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: local(url).split('?')[0]! })).statusCode).toBe(403);
    } finally {
      await fx.cleanup();
    }
  }, 180_000); // a real video's MP4 and HLS variants: over 30 s beside CI's browser tests (stop 46)
});

describe('publication on time by the job (not by an hourly cron)', () => {
  it('a video scheduled a moment ahead gets its `video.published` within a second of its time, once', async () => {
    const creator = await createCreator(t);
    const file = await createVideoFile(t, creator.user.id, 'video');
    // The job as worker nodes run it (tests leave it off by default), with a long sweep interval:
    // only the timer armed for the next publication time can make it on time.
    const jobs = defineVideoJobs({ db: t.ctx.db, events: t.ctx.events, log: t.ctx.log, queue: t.ctx.queue, config: t.ctx.config, everyMs: 60_000, enabled: () => true });
    const at = new Date(Date.now() + 1500);
    const v = videoOf(await call('POST', `${A}/create`, creator.auth, { title: 'Soon', status: 'active', fileId: file.id, scheduleAt: at.toISOString() }));
    jobs.start();
    try {
      const events = () => t.ctx.db.select().from(domainEvents).where(and(eq(domainEvents.type, 'video.published'), sql`${domainEvents.payload}->>'videoId' = ${v._id}`));
      let found = await events();
      for (let i = 0; i < 60 && found.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        found = await events();
      }
      expect(found).toHaveLength(1);
      const lag = found[0]!.occurredAt.getTime() - at.getTime();
      expect(lag).toBeGreaterThanOrEqual(0);
      expect(lag).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 200));
      expect(await events()).toHaveLength(1);
    } finally {
      await jobs.stop();
    }
  });
});

describe('the vault counts video uses', () => {
  it('a file used as a video, teaser or thumbnail is "used" and cannot be deleted (409) until detached', async () => {
    const creator = await createCreator(t);
    const main = await createVideoFile(t, creator.user.id, 'video');
    const thumb = await createVideoFile(t, creator.user.id, 'thumbnail');
    const v = await createVideo(t, creator.user.id, { status: 'draft', fileId: main.id, thumbnailFileId: thumb.id });
    const items = (await get('/vault?limit=100', creator.auth)).json().data.data as Array<{ _id: string; usedIn: { videos?: number } }>;
    expect(items.find((i) => i._id === main.id)?.usedIn.videos).toBe(1);
    expect(items.find((i) => i._id === thumb.id)?.usedIn.videos).toBe(1);
    const refused = await call('DELETE', `/vault/${thumb.id}`, creator.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/1 video/);
    expect((await call('DELETE', `${A}/remove-file/${v.id}`, creator.auth, { type: 'thumbnail' })).statusCode).toBe(200);
    expect((await call('DELETE', `/vault/${thumb.id}`, creator.auth)).statusCode).toBe(200);
    // Deleting the video leaves its file in the vault.
    expect((await call('DELETE', `${A}/${v.id}`, creator.auth)).statusCode).toBe(200);
    expect((await get('/vault?limit=100', creator.auth)).json().data.data.map((i: { _id: string }) => i._id)).toContain(main.id);
  });
});

describe('lists', () => {
  let creator: Made;
  let other: Made;
  beforeAll(async () => {
    [creator, other] = await Promise.all([createCreator(t), createCreator(t)]);
    const ago = (m: number) => new Date(Date.now() - m * 60_000);
    await createVideo(t, creator.user.id, { title: 'Sunset beach walk', tags: ['beach', 'sunset'], publishAt: ago(50) });
    await createVideo(t, creator.user.id, { title: 'Morning yoga', description: 'slow flow on the beach', tags: ['yoga'], access: 'subscribers', publishAt: ago(40) });
    await createVideo(t, creator.user.id, { title: 'City lights', tags: ['city'], access: 'sale', price: 7, publishAt: ago(30) });
    await createVideo(t, creator.user.id, { title: 'Unfinished', status: 'draft', publishAt: ago(20) });
    await createVideo(t, creator.user.id, { title: 'Next week', publishAt: new Date(Date.now() + 7 * 86_400_000) });
    await createVideo(t, other.user.id, { title: 'Other beach', tags: ['beach'], publishAt: ago(10) });
  });
  const titles = (res: { json(): { data: { data: Video[] } } }) => res.json().data.data.map((v) => v.title);

  it('the public search: active and published only, newest first; by creator, tag, text, access; paginated with total', async () => {
    const mine = await get(`${F}/search?performerId=${creator.user.id}`);
    expect(titles(mine)).toEqual(['City lights', 'Morning yoga', 'Sunset beach walk']);
    expect(mine.json().data.total).toBe(3);
    expect(titles(await get(`${F}/search?performerId=${creator.user.id}&sort=asc`))).toEqual(['Sunset beach walk', 'Morning yoga', 'City lights']);
    expect(titles(await get(`${F}/search?tag=beach`))).toEqual(expect.arrayContaining(['Other beach', 'Sunset beach walk']));
    expect(titles(await get(`${F}/search?tag=BEACH&performerId=${creator.user.id}`))).toEqual(['Sunset beach walk']);
    expect(titles(await get(`${F}/search?q=beach&performerId=${creator.user.id}`))).toEqual(['Morning yoga', 'Sunset beach walk']);
    expect(titles(await get(`${F}/search?access=sale&performerId=${creator.user.id}`))).toEqual(['City lights']);
    const page = await get(`${F}/search?performerId=${creator.user.id}&limit=1&offset=1`);
    expect(titles(page)).toEqual(['Morning yoga']);
    expect(page.json().data.total).toBe(3);
    const first = (await get(`${F}/search?performerId=${creator.user.id}&limit=1`)).json().data.data[0] as Video;
    expect(titles(await get(`${F}/search?performerId=${creator.user.id}&excludeId=${first._id}`))).toEqual(['Morning yoga', 'Sunset beach walk']);
    // The profile's figures count published videos.
    expect((await get(`/performers/${creator.user.id}/stats`)).json().data.totalVideos).toBe(3);
  });

  it('the creator\'s own search: every status, filters by status (scheduled = active, not yet published), access and text', async () => {
    const all = await get(`${A}/search?limit=50&sortBy=publishAt`, creator.auth);
    expect(titles(all)).toEqual(['Next week', 'Unfinished', 'City lights', 'Morning yoga', 'Sunset beach walk']);
    expect(titles(await get(`${A}/search?status=draft`, creator.auth))).toEqual(['Unfinished']);
    expect(titles(await get(`${A}/search?status=scheduled`, creator.auth))).toEqual(['Next week']);
    expect(titles(await get(`${A}/search?access=subscribers`, creator.auth))).toEqual(['Morning yoga']);
    expect(titles(await get(`${A}/search?q=city`, creator.auth))).toEqual(['City lights']);
    expect(titles(await get(`${A}/search?q=city`, other.auth))).toEqual([]);
  });

  it('lists load in a fixed number of queries, whatever their length (no N+1)', async () => {
    const fan = await createFan(t);
    const creators = await Promise.all(Array.from({ length: 3 }, () => createCreator(t)));
    for (const c of creators) await follow(t, fan.user.id, c.user.id);
    await subscribe(t, fan.user.id, creators[0]!.user.id);
    const add = async (n: number) => {
      for (let k = 0; k < n; k++) {
        const c = creators[k % creators.length]!;
        const teaser = await createVideoFile(t, c.user.id, 'teaser');
        const thumb = await createVideoFile(t, c.user.id, 'thumbnail');
        await createVideo(t, c.user.id, { tags: ['nplus'], teaserFileId: teaser.id, thumbnailFileId: thumb.id, access: (['free', 'subscribers', 'sale'] as const)[k % 3] });
      }
    };
    const countQueries = async (url: string) => {
      const { n, result: res } = await fewestQueries(t, () => get(url, fan.auth), { warm: () => get('/users/me', fan.auth) });
      expect(res.statusCode).toBe(200);
      return { n, items: res.json().data.data.length };
    };
    await add(3);
    const small = await countQueries(`${F}/search?tag=nplus&limit=100`);
    await add(12);
    const large = await countQueries(`${F}/search?tag=nplus&limit=100`);
    expect(small.items).toBe(3);
    expect(large.items).toBe(15);
    expect(large.n).toBe(small.n);
    expect(large.n).toBeLessThanOrEqual(6);
  });
});
