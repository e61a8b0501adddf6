// Over 300 lines: the media pipeline end to end (images, video, audio, status, signed URLs, recovery) on one app.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fileStatusSchema, mediaFileSchema } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { files } from './media.tables';
import { mediaFixtures, mp4TopLevelBoxes } from './media.fixtures';
import { mediaTools, probe } from './media.processing';
import { MEDIA_PROCESS_JOB, MEDIA_RETRY_LIMIT, MEDIA_SWEEP_AFTER_SECONDS, MediaJobs } from './media.jobs';

let t: TestApp;
let fx: Awaited<ReturnType<typeof mediaFixtures>>;
let creator: Made;
const tools = mediaTools(process.env);

beforeAll(async () => {
  t = await createTestApp();
  fx = await mediaFixtures();
  creator = await createCreator(t);
});
afterAll(async () => {
  await t?.close();
  await fx?.cleanup();
});

const row = async (id: string) => (await t.ctx.db.select().from(files).where(eq(files.id, id)))[0]!;
/** The path of an absolute URL the API built from PUBLIC_API_URL (inject wants a path). */
const local = (url: string) => {
  expect(url.startsWith(`${t.config.PUBLIC_API_URL}/`)).toBe(true);
  return url.slice(t.config.PUBLIC_API_URL.length);
};
const fetchUrl = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: local(url), headers });
const stored = (key: string) => t.ctx.storage.stat(key);
/** Writes bytes to a temp file (for ffprobe). */
const tmpFile = async (buf: Buffer, ext: string) => {
  const f = path.join(fx.dir, `dl-${Math.random().toString(36).slice(2)}.${ext}`);
  await fsp.writeFile(f, buf);
  return f;
};

describe('images', () => {
  it('→ WebP renditions 320/960/1920 wide, a tiny blurred public preview, dimensions; the original is removed', async () => {
    const upload = await fx.image(2400, 1600);
    const f = await t.ctx.media.storeUpload(creator.user.id, 'feed-photo', 'image', upload);
    expect(f).toMatchObject({ status: 'uploaded', mediaType: 'image', visibility: 'private', ownerId: creator.user.id, mimeType: 'image/png' });
    expect(f.storageKey).toBe(`private/feed-photo/${f.id}/original.png`);
    expect(await stored(f.storageKey)).toEqual({ size: upload.size });

    await t.ctx.queue.drain();
    const done = await row(f.id);
    expect(done).toMatchObject({ status: 'ready', error: null, width: 2400, height: 1600, mimeType: 'image/webp', attempts: 1 });
    expect(Object.keys(done.variants).sort()).toEqual(['large', 'medium', 'thumb']);
    for (const [name, w] of [['thumb', 320], ['medium', 960], ['large', 1920]] as const) {
      const key = done.variants[name]!;
      expect(key).toBe(`private/feed-photo/${f.id}/${name}.webp`);
      const buf = (await fetchUrl(t.ctx.media.signedUrl(key))).rawPayload;
      const m = await sharp(buf).metadata();
      expect([m.format, m.width, m.height]).toEqual(['webp', w, Math.round((w * 2) / 3)]);
    }
    expect(done.storageKey).toBe(done.variants.large);
    expect(await stored(f.storageKey)).toBeNull(); // original gone

    expect(done.preview).toBe(`public/feed-photo/${f.id}/preview.webp`);
    const preview = await t.app.inject({ method: 'GET', url: `/files/${done.preview}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    const pm = await sharp(preview.rawPayload).metadata();
    expect(pm.width).toBe(32);
    expect(preview.rawPayload.length).toBeLessThan(1000);
  });

  it('never upscales: a 500×300 image keeps 500 px in medium and large', async () => {
    const f = await t.ctx.media.storeUpload(creator.user.id, 'feed-photo', 'image', await fx.image(500, 300));
    await t.ctx.queue.drain();
    const done = await row(f.id);
    const widths = await Promise.all(['thumb', 'medium', 'large'].map(async (n) => (await sharp((await fetchUrl(t.ctx.media.signedUrl(done.variants[n]!))).rawPayload).metadata()).width));
    expect(widths).toEqual([320, 500, 500]);
  });

  it('fileView: with access → signed URL and thumbnails; without → only type, status, dimensions and the blurred preview', async () => {
    const f = await t.ctx.media.storeUpload(creator.user.id, 'feed-photo', 'image', await fx.image(800, 600));
    const before = t.ctx.media.ownerFileView(f);
    expect(mediaFileSchema.strict().parse(before)).toEqual({ _id: f.id, type: 'image', status: 'uploaded', mimeType: 'image/png', thumbnails: [] });
    await t.ctx.queue.drain();
    const done = await row(f.id);

    const full = mediaFileSchema.strict().parse(t.ctx.media.ownerFileView(done));
    expect(full).toMatchObject({ _id: f.id, type: 'image', status: 'ready', mimeType: 'image/webp', width: 800, height: 600 });
    expect(full.url).toMatch(new RegExp(`/files/private/feed-photo/${f.id}/large\\.webp\\?expires=\\d+&sig=`));
    expect(full.thumbnails).toHaveLength(2);
    expect(full.thumbnails[0]).toContain('/thumb.webp?expires=');
    expect(full.preview).toBe(`${t.config.PUBLIC_API_URL}/files/public/feed-photo/${f.id}/preview.webp`);
    const res = await fetchUrl(full.url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');

    const locked = mediaFileSchema.strict().parse(t.ctx.media.fileView(done, false, null));
    expect(locked).toEqual({ _id: f.id, type: 'image', status: 'ready', mimeType: 'image/webp', width: 800, height: 600, preview: full.preview, thumbnails: [] });
    expect(JSON.stringify(locked)).not.toContain('private/');
    expect(t.ctx.media.fileView(done, 'locked', null)).toEqual(locked);
  });

  it('public visibility → renditions at stable public URLs', async () => {
    const f = await t.ctx.media.storeUpload(creator.user.id, 'feed-thumbnail', 'image', await fx.image(640, 480), { visibility: 'public' });
    expect(f.storageKey.startsWith('private/')).toBe(true); // the original is never delivered as it is
    await t.ctx.queue.drain();
    const view = t.ctx.media.ownerFileView(await row(f.id));
    expect(view.url).toBe(`${t.config.PUBLIC_API_URL}/files/public/feed-thumbnail/${f.id}/large.webp`);
    const res = await fetchUrl(view.url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });
});

// A private video's job now also packages encrypted HLS (three renditions of a 1080p source): on
// two shared cores beside the browser tests that took over the default 30 s.
describe('video', { timeout: 300_000 }, () => {
  let id: string;
  let mp4: Buffer;
  let url: string;

  it('→ H.264/AAC MP4 with faststart, scaled into 1080p with even dimensions, poster, blurred preview, duration', async () => {
    // 2000×1126: bigger than 1080p and not a multiple of anything convenient.
    const upload = await fx.video({ seconds: 2, width: 2000, height: 1126, container: 'mkv' });
    expect(upload.mime).toBe('video/matroska');
    const f = await t.ctx.media.storeUpload(creator.user.id, 'feed-video', 'video', upload);
    id = f.id;
    // The MP4 and the HLS renditions with both forensic variants, from a 1080p source: over a
    // minute beside CI's browser tests.
    await t.ctx.queue.drain({ timeoutMs: 240_000 });
    const done = await row(f.id);
    expect(done).toMatchObject({ status: 'ready', mimeType: 'video/mp4', error: null });
    expect(done.width! <= 1920 && done.height! <= 1080).toBe(true);
    expect(done.width! % 2 + done.height! % 2).toBe(0);
    expect(done.height).toBe(1080);
    expect(Math.abs(done.width! / done.height! - 2000 / 1126)).toBeLessThan(0.01);
    expect(done.duration).toBeGreaterThan(1.8);
    expect(done.duration).toBeLessThan(2.3);

    const view = mediaFileSchema.strict().parse(t.ctx.media.ownerFileView(done));
    expect(view).toMatchObject({ type: 'video', status: 'ready', mimeType: 'video/mp4', width: done.width, height: 1080 });
    url = view.url!;
    const res = await fetchUrl(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    mp4 = res.rawPayload;
    expect(Number(res.headers['content-length'])).toBe(mp4.length);

    const boxes = mp4TopLevelBoxes(mp4);
    expect(boxes).toContain('moov');
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const p = await probe(tools, await tmpFile(mp4, 'mp4'));
    expect(p.video?.codec).toBe('h264');
    expect(p.audio?.codec).toBe('aac');
    expect(p.duration).toBeGreaterThan(1.8);
    expect(p.duration).toBeLessThan(2.3);

    expect(view.thumbnails).toHaveLength(1);
    const poster = await fetchUrl(view.thumbnails[0]!);
    expect(poster.statusCode).toBe(200);
    const pm = await sharp(poster.rawPayload).metadata();
    expect(pm.format).toBe('webp');
    expect(pm.width).toBe(1280);

    const preview = await t.app.inject({ method: 'GET', url: local(view.preview!) });
    expect(preview.statusCode).toBe(200);
    expect((await sharp(preview.rawPayload).metadata()).width).toBe(32);
    expect(preview.rawPayload.length).toBeLessThan(1000);
    expect(await stored(f.storageKey)).toBeNull();
  });

  it('Range requests on the processed video answer 206 with exactly those bytes (and 416 beyond the end)', async () => {
    expect(id).toBeTruthy();
    const size = mp4.length;
    const mid = await fetchUrl(url, { range: 'bytes=1000-1999' });
    expect(mid.statusCode).toBe(206);
    expect(mid.headers['content-range']).toBe(`bytes 1000-1999/${size}`);
    expect(mid.headers['content-length']).toBe('1000');
    expect(mid.rawPayload.equals(mp4.subarray(1000, 2000))).toBe(true);

    const open = await fetchUrl(url, { range: `bytes=${size - 10}-` });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(mp4.subarray(size - 10))).toBe(true);

    const suffix = await fetchUrl(url, { range: 'bytes=-500' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(suffix.rawPayload.equals(mp4.subarray(size - 500))).toBe(true);

    const beyond = await fetchUrl(url, { range: `bytes=${size + 10}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('a small odd-sized video keeps its size, rounded to even dimensions; no audio track is fine', async () => {
    const f = await t.ctx.media.storeUpload(creator.user.id, 'feed-teaser', 'video', await fx.video({ seconds: 1, width: 321, height: 181, container: 'mp4', audio: false }));
    await t.ctx.queue.drain();
    const done = await row(f.id);
    expect(done).toMatchObject({ status: 'ready', width: 320, height: 180 });
    const p = await probe(tools, await tmpFile((await fetchUrl(t.ctx.media.ownerFileView(done).url!)).rawPayload, 'mp4'));
    expect(p.video?.codec).toBe('h264');
    expect(p.audio).toBeUndefined();
  });

  it(`a corrupt video is retried (${MEDIA_RETRY_LIMIT} times) and then failed with a reason`, async () => {
    const f = await t.ctx.media.storeUpload(creator.user.id, 'feed-video', 'video', await fx.corruptVideo());
    await t.ctx.queue.drain();
    const done = await row(f.id);
    expect(done.status).toBe('failed');
    expect(done.attempts).toBe(MEDIA_RETRY_LIMIT + 1);
    expect(done.error).toMatch(/^The video could not be read: /);
    expect(done.error).not.toContain(os.tmpdir());
    const view = mediaFileSchema.strict().parse(t.ctx.media.ownerFileView(done));
    expect(view).toMatchObject({ status: 'failed', error: done.error });
    expect(view.url).toBeUndefined();
    // The upload is kept for the owner to look at / delete; nothing else was written.
    expect(await stored(f.storageKey)).not.toBeNull();
    expect(done.variants).toEqual({});
  });
});

describe('audio', () => {
  it('→ AAC in .m4a with its duration, playable with ranges', async () => {
    const upload = await fx.audio({ seconds: 2, format: 'mp3' });
    expect(upload.mime).toBe('audio/mpeg');
    const f = await t.ctx.media.storeUpload(creator.user.id, 'feed-audio', 'audio', upload);
    await t.ctx.queue.drain();
    const done = await row(f.id);
    expect(done).toMatchObject({ status: 'ready', mimeType: 'audio/mp4', width: null, height: null, preview: null });
    expect(done.storageKey).toBe(`private/feed-audio/${f.id}/audio.m4a`);
    expect(done.duration).toBeGreaterThan(1.9);
    expect(done.duration).toBeLessThan(2.2);
    const view = mediaFileSchema.strict().parse(t.ctx.media.ownerFileView(done));
    expect(view).toMatchObject({ type: 'audio', thumbnails: [], duration: done.duration });
    const res = await fetchUrl(view.url!);
    expect(res.headers['content-type']).toBe('audio/mp4');
    const p = await probe(tools, await tmpFile(res.rawPayload, 'm4a'));
    expect(p.audio?.codec).toBe('aac');
    expect(p.video).toBeUndefined();
    const part = await fetchUrl(view.url!, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(res.rawPayload.subarray(0, 100))).toBe(true);
  });

  it('a WAV works too', async () => {
    const f = await t.ctx.media.storeUpload(creator.user.id, 'feed-audio', 'audio', await fx.audio({ seconds: 1, format: 'wav' }));
    await t.ctx.queue.drain();
    expect(await row(f.id)).toMatchObject({ status: 'ready', mimeType: 'audio/mp4' });
  });
});

describe('GET /files/{fileId}/status', () => {
  it('answers the owner and admins; 404 for others, 401 without a session', async () => {
    const f = await t.ctx.media.storeUpload(creator.user.id, 'feed-photo', 'image', await fx.image(300, 200));
    await t.ctx.queue.drain();
    const get = (id: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/files/${id}/status`, headers });
    const mine = await get(f.id, creator.auth);
    expect(mine.statusCode).toBe(200);
    expect(fileStatusSchema.strict().parse(mine.json().data)).toEqual({ _id: f.id, status: 'ready' });
    expect((await get(f.id, (await createAdmin(t)).auth)).statusCode).toBe(200);
    const fan = await createFan(t);
    expect((await get(f.id, fan.auth)).statusCode).toBe(404);
    expect((await get(f.id)).statusCode).toBe(401);
    expect((await get('not-a-uuid', creator.auth)).statusCode).toBe(400); // malformed id: 400 (issue 8, F5)
    expect((await get('01890000-0000-7000-8000-000000000000', creator.auth)).statusCode).toBe(404);
    expect(await t.ctx.media.status(f.id)).toEqual({ _id: f.id, status: 'ready' });
    expect(await t.ctx.media.status('01890000-0000-7000-8000-000000000000')).toBeNull();
  });

  it('reports failed with the reason', async () => {
    const f = await t.ctx.media.storeUpload(creator.user.id, 'feed-video', 'video', await fx.corruptVideo());
    await t.ctx.queue.drain();
    const res = await t.app.inject({ method: 'GET', url: `/files/${f.id}/status`, headers: creator.auth });
    expect(res.json().data).toMatchObject({ _id: f.id, status: 'failed', error: expect.stringMatching(/could not be read/) });
  });
});

describe('signed URLs', () => {
  let key: string;
  beforeAll(async () => {
    const f = await t.ctx.media.storeUpload(creator.user.id, 'feed-photo', 'image', await fx.image(200, 200));
    await t.ctx.queue.drain();
    key = (await row(f.id)).storageKey;
  });
  const at = (k: string, expires: number, sig: string) => t.app.inject({ method: 'GET', url: `/files/${k}?expires=${expires}&sig=${encodeURIComponent(sig)}` });
  const now = () => Math.floor(Date.now() / 1000);

  it('a valid signature works; none, expired, tampered, or for another key → 403', async () => {
    const exp = now() + 60;
    expect((await at(key, exp, t.ctx.media.sign(key, exp))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(403);
    const past = now() - 1;
    expect((await at(key, past, t.ctx.media.sign(key, past))).statusCode).toBe(403);
    // Moving the expiry later invalidates the signature.
    expect((await at(key, exp + 3600, t.ctx.media.sign(key, exp))).statusCode).toBe(403);
    const sig = t.ctx.media.sign(key, exp);
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect((await at(key, exp, flipped)).statusCode).toBe(403);
    expect((await at(key, exp, sig.slice(0, -2))).statusCode).toBe(403);
    // A signature for the thumbnail does not open the large rendition.
    const other = key.replace(/large\.webp$/, 'thumb.webp');
    expect((await at(key, exp, t.ctx.media.sign(other, exp))).statusCode).toBe(403);
    expect((await at(other, exp, t.ctx.media.sign(other, exp))).statusCode).toBe(200);
  });

  it('URLs from fileView expire: the TTL is hours for video/audio, one hour for images', async () => {
    const f = (await t.ctx.db.select().from(files).where(eq(files.storageKey, key)))[0]!;
    const u = new URL(t.ctx.media.ownerFileView(f).url!);
    const expires = Number(u.searchParams.get('expires'));
    expect(expires - now()).toBeGreaterThan(3500);
    expect(expires - now()).toBeLessThanOrEqual(3600);
  });
});

describe('byIds', () => {
  it('answers many rows in one query, ignoring unknown and malformed ids', async () => {
    const a = await t.ctx.media.storeUpload(creator.user.id, 'feed-photo', 'image', await fx.image(100, 100));
    const b = await t.ctx.media.storeUpload(creator.user.id, 'feed-audio', 'audio', await fx.audio({ seconds: 1 }));
    const rows = await t.ctx.media.byIds([a.id, b.id, a.id, 'nope', '01890000-0000-7000-8000-000000000000']);
    expect(rows.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(await t.ctx.media.byIds([])).toEqual([]);
    await t.ctx.queue.drain();
  });
});

describe('storeUpload', () => {
  it('leaves nothing behind when the job cannot be queued', async () => {
    const upload = await fx.image(100, 100);
    const before = (await t.ctx.db.select().from(files)).length;
    const send = t.ctx.queue.send.bind(t.ctx.queue);
    t.ctx.queue.send = async () => {
      throw new Error('queue down');
    };
    try {
      await expect(t.ctx.media.storeUpload(creator.user.id, 'feed-photo', 'image', upload)).rejects.toThrow('queue down');
    } finally {
      t.ctx.queue.send = send;
    }
    expect((await t.ctx.db.select().from(files)).length).toBe(before);
    const dir = path.join(t.config.filesDir, 'private', 'feed-photo');
    const left = await fsp.readdir(dir).catch(() => []);
    const originals = (await Promise.all(left.map(async (d) => (await fsp.readdir(path.join(dir, d))).filter((n) => n.startsWith('original'))))).flat();
    expect(originals).toEqual([]);
  });
});

describe('queues', () => {
  it('a picture is processed while a video waits on its own queue (pictures never queue behind videos)', async () => {
    await t.ctx.queue.pause(MEDIA_PROCESS_JOB);
    try {
      const video = await t.ctx.media.storeUpload(creator.user.id, 'feed-video', 'video', await fx.video({ seconds: 1, width: 160, height: 90 }));
      const picture = await t.ctx.media.storeUpload(creator.user.id, 'feed-photo', 'image', await fx.image(300, 200));
      await expect.poll(async () => (await row(picture.id)).status, { timeout: 60_000 }).toBe('ready');
      expect((await row(video.id)).status).toBe('uploaded');
    } finally {
      await t.ctx.queue.resume(MEDIA_PROCESS_JOB);
    }
    await t.ctx.queue.drain({ timeoutMs: 240_000 });
  });
});

describe('remove', () => {
  it('deletes the renditions a job wrote after the caller read the row (its copy names only the original)', async () => {
    const stale = await t.ctx.media.storeUpload(creator.user.id, 'feed-photo', 'image', await fx.image(400, 300));
    await t.ctx.queue.drain();
    const done = await row(stale.id);
    expect(Object.keys(done.variants).length).toBeGreaterThan(0);
    await t.ctx.media.remove(stale);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, stale.id))).toEqual([]);
    for (const key of [...Object.values(done.variants), done.preview!]) expect(await stored(key), key).toBeNull();
  });
});

describe('recovery sweep', () => {
  it('queues files left `uploaded` without a job; running it twice processes them once', async () => {
    const upload = await fx.image(120, 80);
    const old = new Date(Date.now() - (MEDIA_SWEEP_AFTER_SECONDS + 60) * 1000);
    const [f] = await t.ctx.db
      .insert(files)
      .values({ ownerId: creator.user.id, kind: 'feed-photo', visibility: 'private', mediaType: 'image', status: 'uploaded', mimeType: 'image/png', size: upload.size, storageKey: 'pending', meta: { sourceMime: 'image/png', sourceExt: 'png' } })
      .returning();
    const key = `private/feed-photo/${f!.id}/original.png`;
    await t.ctx.storage.putFile(key, upload.tmpPath, upload.mime);
    await t.ctx.db.update(files).set({ storageKey: key, updatedAt: old }).where(eq(files.id, f!.id));
    // A recent upload is left alone (its job is on the way).
    const [recent] = await t.ctx.db
      .insert(files)
      .values({ ownerId: creator.user.id, kind: 'feed-photo', visibility: 'private', mediaType: 'image', status: 'uploaded', mimeType: 'image/png', size: 1, storageKey: 'private/x/y/original.png' })
      .returning();

    const jobs = new MediaJobs({ db: t.ctx.db, storage: t.ctx.storage, config: t.config, log: t.app.log, queue: t.ctx.queue, realtime: t.ctx.realtime });
    expect(await jobs.sweep()).toBe(1);
    await jobs.sweep();
    await t.ctx.queue.drain();
    expect(await row(f!.id)).toMatchObject({ status: 'ready', attempts: 1, width: 120, height: 80 });
    expect(await row(recent!.id)).toMatchObject({ status: 'uploaded', attempts: 0 });
    await t.ctx.db.delete(files).where(eq(files.id, recent!.id));
  });
});
