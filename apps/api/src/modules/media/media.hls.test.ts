// Encrypted HLS (issue 32 §1; README "HLS"): packaging, per-viewer playlists and key, the key refused after access ends, the backfill.
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { hlsProgressSchema, mediaFileSchema } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { createFeed, purchase, subscribe } from '../../../test/factories';
import { createVideo } from '../../../test/videos';
import { userBlocks } from '../blocks/blocks.tables';
import { purchases } from '../purchases/purchases.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { users } from '../users/users.tables';
import { files, type FileRow } from './media.tables';
import { mediaFixtures } from './media.fixtures';
import { mediaTools, runTool } from './media.processing';
import { hlsLadder, parseSegments } from './hls.package';
import { hlsStorageKeys } from './media.hls';

let t: TestApp;
let fx: Awaited<ReturnType<typeof mediaFixtures>>;
let creator: Made;
let buyer: Made;
let stranger: Made;
let admin: Made;
let file: FileRow;
let videoId: string;
const tools = mediaTools(process.env);

const row = async (id: string) => (await t.ctx.db.select().from(files).where(eq(files.id, id)))[0]!;
const local = (url: string) => {
  expect(url.startsWith(`${t.config.PUBLIC_API_URL}/`)).toBe(true);
  return url.slice(t.config.PUBLIC_API_URL.length);
};
const fetchUrl = (url: string) => t.app.inject({ method: 'GET', url: local(url) });
const get = (url: string, auth: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: auth });

/** A video as `who` gets it from GET /performer-assets/videos/{id}. */
async function videoAs(who: Made | null) {
  const res = await get(`/performer-assets/videos/${videoId}`, who?.auth ?? {});
  expect(res.statusCode, res.body).toBe(200);
  return res;
}
/** The rendition playlist, the key URL and the segment URLs of a master playlist URL. */
async function walk(masterUrl: string) {
  const master = await fetchUrl(masterUrl);
  expect(master.statusCode, master.body).toBe(200);
  const variants = master.body.split('\n').filter((l) => l && !l.startsWith('#'));
  const media = await fetchUrl(variants[0]!);
  expect(media.statusCode, media.body).toBe(200);
  const keyLine = media.body.split('\n').find((l) => l.startsWith('#EXT-X-KEY:'))!;
  const keyUrl = /URI="([^"]+)"/.exec(keyLine)![1]!;
  const iv = /IV=0x([0-9a-fA-F]{32})/.exec(keyLine)![1]!;
  return { master, variants, media, keyUrl, iv, segments: parseSegments(media.body).map((s) => s.uri) };
}

beforeAll(async () => {
  t = await createTestApp();
  fx = await mediaFixtures();
  [creator, buyer, stranger, admin] = await Promise.all([createCreator(t), createFan(t), createFan(t), createAdmin(t)]);
  // A real 720p clip through the pipeline: MP4 + HLS 360p/720p.
  const f = await t.ctx.media.storeUpload(creator.user.id, 'video', 'video', await fx.video({ seconds: 9, width: 1280, height: 720 }));
  // MP4 and HLS (two renditions, both forensic variants): over a minute beside CI's browser tests.
  await t.ctx.queue.drain({ timeoutMs: 240_000 });
  file = await row(f.id);
  videoId = (await createVideo(t, creator.user.id, { access: 'sale', price: 5, fileId: file.id })).id;
  await purchase(t, buyer.user.id, { id: videoId, performerId: creator.user.id, price: 500 }, 'video');
}, 300_000);
afterAll(async () => {
  await t?.close();
  await fx?.cleanup();
});

describe('packaging', () => {
  it('renditions by source size: 360p always, 720p from 720, 1080p from 1080 (never upscaled)', () => {
    expect(hlsLadder(1920, 1080).map((r) => `${r.name}:${r.width}x${r.height}`)).toEqual(['360p:640x360', '720p:1280x720', '1080p:1920x1080']);
    expect(hlsLadder(1280, 720).map((r) => r.name)).toEqual(['360p', '720p']);
    expect(hlsLadder(720, 1280).map((r) => `${r.name}:${r.width}x${r.height}`)).toEqual(['360p:360x640', '720p:720x1280']);
    expect(hlsLadder(320, 240).map((r) => `${r.name}:${r.width}x${r.height}`)).toEqual(['360p:320x240']);
  });

  it('stores a master playlist, 360p + 720p playlists and AES-128 segments; the key is sealed, never stored as a file', async () => {
    expect(file.status).toBe('ready');
    expect(file.hlsStatus).toBe('ready');
    const hls = file.hls!;
    expect(hls.dir).toMatch(new RegExp(`^private/video/${file.id}/hls-[0-9a-f]{8}$`));
    expect(hls.renditions!.map((r) => [r.name, r.width, r.height])).toEqual([['360p', 640, 360], ['720p', 1280, 720]]);
    for (const r of hls.renditions!) {
      expect(r.segments).toBeGreaterThanOrEqual(2); // 9 s in ~4 s segments
      expect(r.bandwidth).toBeGreaterThan(0);
    }
    for (const key of hlsStorageKeys(hls)) expect(await t.ctx.storage.stat(key), key).not.toBeNull();
    const stored = (await buffer(await t.ctx.storage.get(`${hls.dir}/360p/index.m3u8`))).toString('utf8');
    expect(stored).toContain('#EXT-X-KEY:METHOD=AES-128,URI="key.bin"');
    // The sealed key is not the raw 16 bytes in base64.
    expect(Buffer.from(hls.key!, 'base64').length).toBeGreaterThan(16);
    // The MP4 is still there for the owner and operators.
    expect(file.storageKey).toBe(`private/video/${file.id}/video.mp4`);
  });

  it('a segment does not decode without the key; decrypted with it (AES-128-CBC, the playlist IV) it is MPEG-TS whose frames are 1280×720', async () => {
    const { keyUrl, iv, segments } = await walk(mediaFileSchema.parse((await videoAs(buyer)).json().data.video).hls!);
    const key = (await fetchUrl(keyUrl)).rawPayload;
    expect(key.length).toBe(16);
    const variants = (await walk(mediaFileSchema.parse((await videoAs(buyer)).json().data.video).hls!)).variants;
    const m720 = await fetchUrl(variants[1]!);
    const seg720 = parseSegments(m720.body)[0]!.uri;
    const enc = (await fetchUrl(seg720)).rawPayload;
    const encFile = path.join(fx.dir, 'enc.ts');
    await fsp.writeFile(encFile, enc);
    expect(enc[0]).not.toBe(0x47);
    // ffmpeg decodes a frame of a segment only once it is decrypted (ffmpeg, not ffprobe: the
    // bundled ffprobe build crashes on some MPEG-TS files).
    const frameOf = async (file: string) => {
      const png = path.join(fx.dir, `frame-${path.basename(file)}.png`);
      await runTool(tools.ffmpeg, ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-f', 'mpegts', '-i', file, '-frames:v', '1', png]);
      return sharp(png).metadata();
    };
    await expect(frameOf(encFile)).rejects.toThrow();
    const ivOf = /IV=0x([0-9a-fA-F]{32})/.exec(m720.body)![1]!;
    const d = crypto.createDecipheriv('aes-128-cbc', key, Buffer.from(ivOf, 'hex'));
    const plain = Buffer.concat([d.update(enc), d.final()]);
    expect(plain[0]).toBe(0x47); // TS sync byte
    const plainFile = path.join(fx.dir, 'plain.ts');
    await fsp.writeFile(plainFile, plain);
    expect(await frameOf(plainFile)).toMatchObject({ width: 1280, height: 720 });
    expect(iv).toHaveLength(32);
    expect(segments.length).toBeGreaterThanOrEqual(2);
  });
});

describe('delivery', () => {
  it('an entitled viewer gets `hls` (signed for them) and no MP4 URL anywhere; the owner and operators also get the MP4', async () => {
    const fan = await videoAs(buyer);
    const v = mediaFileSchema.strict().parse(fan.json().data.video);
    expect(v.hls).toMatch(new RegExp(`/media/hls/${file.id}/master\\.m3u8\\?v=${buyer.user.id}&e=\\d+&s=`));
    expect(v.url).toBeUndefined();
    expect(fan.body).not.toMatch(/\.mp4/);
    const locked = await videoAs(stranger);
    expect(locked.json().data.video).toBeNull();
    expect(locked.body).not.toMatch(/\.mp4|\/media\/hls\//);
    const anonymous = await videoAs(null);
    expect(anonymous.body).not.toMatch(/\.mp4|\/media\/hls\//);
    const own = mediaFileSchema.parse((await videoAs(creator)).json().data.video);
    expect(own.url).toMatch(/video\.mp4\?expires=/);
    expect(own.hls).toContain(`v=${creator.user.id}`);
    // Operators open paid media through the console's audited read; its file view carries the MP4 too.
    const op = t.ctx.media.fileView(await row(file.id), 'full', admin.user);
    expect(op.url).toMatch(/video\.mp4\?expires=/);
    expect(op.hls).toContain(`v=${admin.user.id}`);
    // Any other viewer with access: HLS only.
    expect(t.ctx.media.fileView(await row(file.id), 'full', stranger.user).url).toBeUndefined();
  });

  it('the playlists carry the viewer: rendition URIs and the key URI signed for them, segments as signed storage URLs', async () => {
    const { master, variants, media, keyUrl, segments } = await walk(mediaFileSchema.parse((await videoAs(buyer)).json().data.video).hls!);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('private, no-store');
    expect(master.body).toContain('RESOLUTION=1280x720');
    expect(variants).toHaveLength(2);
    for (const u of variants) expect(u).toContain(`v=${buyer.user.id}`);
    expect(keyUrl).toMatch(new RegExp(`/media/hls/${file.id}/key\\?v=${buyer.user.id}&e=\\d+&s=`));
    for (const s of segments) expect(s).toMatch(/\/files\/private\/video\/.+\/360p\/seg-\d{5}b?\.ts\?expires=\d+&sig=/); // A or B (README "Forensic A/B variants")
    expect(media.body).not.toContain('key.bin');
    const seg = await fetchUrl(segments[0]!);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
  });

  it('links are bound to the viewer and expire: another viewer id, a changed expiry or an expired link → 403', async () => {
    const { keyUrl } = await walk(mediaFileSchema.parse((await videoAs(buyer)).json().data.video).hls!);
    expect((await fetchUrl(keyUrl)).statusCode).toBe(200);
    expect((await fetchUrl(keyUrl.replace(buyer.user.id, stranger.user.id))).statusCode).toBe(403);
    const e = Number(new URL(keyUrl).searchParams.get('e'));
    expect((await fetchUrl(keyUrl.replace(`e=${e}`, `e=${e + 60}`))).statusCode).toBe(403);
    const links = t.ctx.media.hlsLinks;
    const past = Math.floor(Date.now() / 1000) - 5;
    const expired = `${t.config.PUBLIC_API_URL}/media/hls/${file.id}/key?v=${buyer.user.id}&e=${past}&s=${links.sign('key', file.id, buyer.user.id, past)}`;
    expect((await fetchUrl(expired)).statusCode).toBe(403);
    // A playlist signature does not open the key (purpose is signed too).
    const q = new URL(mediaFileSchema.parse((await videoAs(buyer)).json().data.video).hls!).search;
    expect((await fetchUrl(`${t.config.PUBLIC_API_URL}/media/hls/${file.id}/key${q}`)).statusCode).toBe(403);
    // Malformed: 400 on a bad id, 403 without a signature.
    expect((await get(`/media/hls/not-a-uuid/key`)).statusCode).toBe(400);
    expect((await get(`/media/hls/${file.id}/key`)).statusCode).toBe(403);
  });

  it('not entitled: a correctly signed link for a viewer who has not bought the video → 403 (master, rendition and key)', async () => {
    const links = t.ctx.media.hlsLinks;
    expect((await fetchUrl(links.keyUrl(file.id, stranger.user.id))).statusCode).toBe(403);
    expect((await fetchUrl(links.masterUrl(file.id, stranger.user.id))).statusCode).toBe(403);
    expect((await fetchUrl(links.renditionUrl(file.id, '360p', stranger.user.id))).statusCode).toBe(403);
    expect((await fetchUrl(links.keyUrl(file.id, null))).statusCode).toBe(403);
    expect((await fetchUrl(links.renditionUrl(file.id, '1080p', buyer.user.id))).statusCode).toBe(404);
  });

  it('after a refund (the purchase gone), a block or a suspension, the next key fetch is refused', async () => {
    const keyUrl = t.ctx.media.hlsLinks.keyUrl(file.id, buyer.user.id);
    expect((await fetchUrl(keyUrl)).statusCode).toBe(200);
    await t.ctx.db.delete(purchases).where(and(eq(purchases.userId, buyer.user.id), eq(purchases.itemId, videoId)));
    expect((await fetchUrl(keyUrl)).statusCode).toBe(403);
    await purchase(t, buyer.user.id, { id: videoId, performerId: creator.user.id, price: 500 }, 'video');
    expect((await fetchUrl(keyUrl)).statusCode).toBe(200);

    await t.ctx.db.insert(userBlocks).values({ blockerId: creator.user.id, targetId: buyer.user.id });
    expect((await fetchUrl(keyUrl)).statusCode).toBe(403);
    await t.ctx.db.delete(userBlocks).where(eq(userBlocks.targetId, buyer.user.id));
    expect((await fetchUrl(keyUrl)).statusCode).toBe(200);

    await t.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, buyer.user.id));
    expect((await fetchUrl(keyUrl)).statusCode).toBe(403);
    await t.ctx.db.update(users).set({ status: 'active' }).where(eq(users.id, buyer.user.id));
    expect((await fetchUrl(keyUrl)).statusCode).toBe(200);
  });

  it('a subscribers-only post carrying the video: the subscriber gets the key, and not once the subscription has ended', async () => {
    const fan = await createFan(t);
    const feed = await createFeed(t, creator.user.id, { visibility: 'subscribers', fileIds: [file.id], type: 'video' });
    const sub = await subscribe(t, fan.user.id, creator.user.id);
    const res = await get(`/user/feeds/${feed.id}`, fan.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/\.mp4/);
    const v = mediaFileSchema.parse(res.json().data.files[0]);
    const { keyUrl } = await walk(v.hls!);
    expect((await fetchUrl(keyUrl)).statusCode).toBe(200);
    await t.ctx.db.update(subscriptions).set({ status: 'expired', expiresAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.id, sub.id));
    expect((await fetchUrl(keyUrl)).statusCode).toBe(403);
  });
});

describe('backfill of videos processed before HLS', () => {
  it('packages a ready video without HLS from its stored MP4, shows progress to operators, and the old package keys are not reused', async () => {
    const before = file.hls!;
    // As a file processed before the upgrade: no HLS.
    await t.ctx.db.update(files).set({ hlsStatus: null, hls: null }).where(eq(files.id, file.id));
    const progress = async () => {
      const res = await get('/admin/media/hls', admin.auth);
      expect(res.statusCode, res.body).toBe(200);
      return hlsProgressSchema.parse(res.json().data);
    };
    expect((await progress()).pending).toBeGreaterThanOrEqual(1);
    expect((await get('/admin/media/hls', buyer.auth)).statusCode).toBe(403);
    expect(mediaFileSchema.parse((await videoAs(buyer)).json().data.video).hls).toBeUndefined(); // nothing to play until packaged, and still no MP4
    expect((await videoAs(buyer)).body).not.toMatch(/\.mp4/);

    expect(await t.ctx.mediaJobs.backfillHls()).toBeGreaterThanOrEqual(1);
    await t.ctx.queue.drain();
    const after = await row(file.id);
    expect(after.hlsStatus).toBe('ready');
    expect(after.hls!.dir).not.toBe(before.dir);
    expect(after.hls!.key).not.toBe(before.key);
    const p = await progress();
    expect(p).toMatchObject({ pending: 0, failed: 0 });
    expect(p.done).toBe(p.total);
    // Queued again: nothing to do.
    expect(await t.ctx.mediaJobs.backfillHls()).toBe(0);
    const { keyUrl } = await walk(mediaFileSchema.parse((await videoAs(buyer)).json().data.video).hls!);
    expect((await fetchUrl(keyUrl)).statusCode).toBe(200);
  }, 120_000);

  it('re-packages a video packaged before the forensic variants (README "Forensic A/B variants"): both variants, the old package removed', async () => {
    const current = (await row(file.id)).hls!;
    // As a package made before the variants: no `variants`, no B segments.
    const { variants: _variants, ...old } = current;
    for (const k of hlsStorageKeys(current)) if (/b\.ts$/.test(k)) await t.ctx.storage.delete(k);
    await t.ctx.db.update(files).set({ hls: old }).where(eq(files.id, file.id));
    const progress = hlsProgressSchema.parse((await get('/admin/media/hls', admin.auth)).json().data);
    expect(progress.pending).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.mediaJobs.backfillHls()).toBeGreaterThanOrEqual(1);
    await t.ctx.queue.drain({ timeoutMs: 120_000 });
    const after = await row(file.id);
    expect(after.hls).toMatchObject({ variants: 1 });
    expect(after.hls!.dir).not.toBe(old.dir);
    for (const k of hlsStorageKeys(old)) expect(await t.ctx.storage.stat(k), k).toBeNull();
    const keys = hlsStorageKeys(after.hls);
    expect(keys.some((k) => /seg-\d{5}b\.ts$/.test(k))).toBe(true);
    for (const k of keys) expect(await t.ctx.storage.stat(k), k).not.toBeNull();
    expect(await t.ctx.mediaJobs.backfillHls()).toBe(0);
  }, 180_000);
});
