import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFileSchema } from '@stagepass/shared';
import { createCreator, createTestApp, multipart, type TestApp } from '../../../test/harness';
import { S3Storage } from '../../platform/storage-s3';
import { files } from './media.tables';
import { mediaFixtures, mp4TopLevelBoxes } from './media.fixtures';

/** A local S3-compatible server (s3rver) with a bucket, on a free port. */
let s3: S3rver;
let s3Dir: string;
let endpoint: string;
const BUCKET = 'stagepass-test';
const KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

beforeAll(async () => {
  s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = (await s3.run()) as { port: number };
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3?.close();
  await fs.rm(s3Dir, { recursive: true, force: true });
});

describe('S3Storage against an S3-compatible server', () => {
  let storage: S3Storage;
  beforeAll(() => {
    storage = new S3Storage({ bucket: BUCKET, region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  });
  afterAll(() => storage.destroy());

  it('put (buffer) / stat / get / get with a range / delete', async () => {
    const key = 'private/test/a/hello.txt';
    await storage.put(key, Buffer.from('hello, stagepass'), 'text/plain');
    expect(await storage.stat(key)).toEqual({ size: 16 });
    expect(await text(await storage.get(key))).toBe('hello, stagepass');
    expect(await text(await storage.get(key, { start: 7, end: 15 }))).toBe('stagepass');
    expect(await text(await storage.get(key, { start: 7 }))).toBe('stagepass');
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    await storage.delete(key); // deleting what is gone is fine
    expect(storage.localPath()).toBeNull();
  });

  it("usage answers the bucket's objects and bytes, page by page, and says when it stopped early (the System section)", async () => {
    const before = await storage.usage();
    expect(before).toMatchObject({ driver: 's3', bucket: BUCKET, truncated: false });
    if (before.driver !== 's3') throw new Error('not s3');
    for (let i = 0; i < 3; i++) await storage.put(`private/test/usage/${i}.txt`, Buffer.from('x'.repeat(10 + i)), 'text/plain');
    expect(await storage.usage()).toEqual({ driver: 's3', bucket: BUCKET, objects: before.objects + 3, bytes: before.bytes + 33, truncated: false });
    // At most `maxPages` list requests of 1,000 keys: with no page allowed it stops at once, truncated.
    expect(await storage.usage(0)).toMatchObject({ objects: 0, truncated: true });
    for (let i = 0; i < 3; i++) await storage.delete(`private/test/usage/${i}.txt`);
  });

  it('streams a multi-part upload (larger than one 8 MB part) from a stream and a file', async () => {
    const big = crypto.randomBytes(9 * 1024 * 1024 + 123);
    await storage.put('private/test/big.bin', Readable.from([big.subarray(0, 5_000_000), big.subarray(5_000_000)]), 'application/octet-stream');
    expect(await storage.stat('private/test/big.bin')).toEqual({ size: big.length });
    const chunks: Buffer[] = [];
    for await (const c of await storage.get('private/test/big.bin', { start: 8 * 1024 * 1024 - 10, end: 8 * 1024 * 1024 + 9 })) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(big.subarray(8 * 1024 * 1024 - 10, 8 * 1024 * 1024 + 10))).toBe(true);

    const file = path.join(s3Dir, 'upload.bin');
    await fs.writeFile(file, big.subarray(0, 1000));
    await storage.putFile('private/test/from-file.bin', file, 'application/octet-stream');
    expect(await storage.stat('private/test/from-file.bin')).toEqual({ size: 1000 });
    await storage.delete('private/test/big.bin');
    await storage.delete('private/test/from-file.bin');
  });

  it('stat of a missing key is null', async () => {
    expect(await storage.stat('private/nothing/here')).toBeNull();
  });
});

describe('the API with S3_BUCKET set', () => {
  let t: TestApp;
  let fx: Awaited<ReturnType<typeof mediaFixtures>>;
  beforeAll(async () => {
    t = await createTestApp({}, { S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'us-east-1', ...KEYS });
    fx = await mediaFixtures();
  });
  afterAll(async () => {
    await t?.close();
    await fx?.cleanup();
  });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: url.slice(t.config.PUBLIC_API_URL.length), headers });
  const bucketFiles = async () => {
    const out: string[] = [];
    const walk = async (d: string) => {
      for (const e of await fs.readdir(d, { withFileTypes: true }).catch(() => [])) {
        if (e.isDirectory()) await walk(path.join(d, e.name));
        else out.push(path.join(d, e.name));
      }
    };
    await walk(path.join(s3Dir, BUCKET));
    return out;
  };

  it('uses S3: an avatar upload lands in the bucket (not on disk) and is served by /files/*', async () => {
    expect(t.ctx.storage.driver).toBe('s3');
    const creator = await createCreator(t);
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c33' } }).png().toBuffer();
    const body = multipart({}, [{ field: 'avatar', filename: 'me.png', content: png, type: 'image/png' }]);
    const res = await t.app.inject({ method: 'POST', url: '/users/avatar/upload', payload: body.payload, headers: { ...creator.auth, ...body.headers } });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.url;
    const img = await get(url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect((await sharp(img.rawPayload).metadata()).format).toBe('webp');
    expect(await fs.readdir(t.config.filesDir).catch(() => [])).toEqual([]);
  });

  it('a video uploaded through the API: stored in S3 → processed → ready → downloaded through the signed route, with ranges', async () => {
    const creator = await createCreator(t);
    const video = await fx.video({ seconds: 2, width: 320, height: 240, container: 'mov' });
    const body = multipart({}, [{ field: 'file', filename: 'clip.mov', content: await fs.readFile(video.tmpPath), type: 'video/quicktime' }]);
    const up = await t.app.inject({ method: 'POST', url: '/performer/feeds/video/upload', payload: body.payload, headers: { ...creator.auth, ...body.headers } });
    expect(up.statusCode).toBe(200);
    const uploaded = mediaFileSchema.parse(up.json().data);
    expect(uploaded).toMatchObject({ type: 'video', status: 'uploaded', mimeType: 'video/quicktime', thumbnails: [] });
    const f = (await t.ctx.db.select().from(files).where(eq(files.id, uploaded._id)))[0]!;
    expect(await t.ctx.storage.stat(f.storageKey)).toEqual({ size: video.size });
    const status = await t.app.inject({ method: 'GET', url: `/files/${f.id}/status`, headers: creator.auth });
    expect(['uploaded', 'processing', 'ready']).toContain(status.json().data.status);

    await t.ctx.queue.drain();
    const done = (await t.ctx.db.select().from(files).where(eq(files.id, f.id)))[0]!;
    expect(done).toMatchObject({ status: 'ready', mimeType: 'video/mp4', width: 320, height: 240 });
    expect((await t.app.inject({ method: 'GET', url: `/files/${f.id}/status`, headers: creator.auth })).json().data).toEqual({ _id: f.id, status: 'ready' });
    expect(await t.ctx.storage.stat(f.storageKey)).toBeNull(); // original removed from the bucket
    const inBucket = (await bucketFiles()).join('\n');
    expect(inBucket).toContain(`private/feed-video/${f.id}/video.mp4`);
    expect(inBucket).toContain(`public/feed-video/${f.id}/preview.webp`);

    // The uploader reads the processed file (with its signed URL) through the feeds status call.
    const ready = await t.app.inject({ method: 'GET', url: `/user/feeds/new/file/${f.id}/status`, headers: creator.auth });
    const view = mediaFileSchema.parse(ready.json().data);
    expect(view).toMatchObject({ status: 'ready', mimeType: 'video/mp4', duration: expect.any(Number) });
    const full = await get(view.url!);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/mp4');
    const boxes = mp4TopLevelBoxes(full.rawPayload);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const part = await get(view.url!, { range: 'bytes=100-1123' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1123/${full.rawPayload.length}`);
    expect(part.rawPayload.equals(full.rawPayload.subarray(100, 1124))).toBe(true);
    // Private objects only with a signature, whatever the store.
    expect((await t.app.inject({ method: 'GET', url: `/files/${done.storageKey}` })).statusCode).toBe(403);
    expect((await get(view.preview!)).statusCode).toBe(200);
  });
});
