import fsp from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCreator, createFan, createTestApp, multipart, storedFiles, type Made, type TestApp } from '../../../test/harness';
import { mediaFixtures } from '../media/media.fixtures';
import { MEDIA_IMAGE_JOB, MEDIA_PROCESS_JOB } from '../media/media.jobs';
import { mediaTools, runTool } from '../media/media.processing';
import { files } from '../media/media.tables';

/**
 * Issue 25 (informational): a truncated MP4 sent to /messages/private/file was stored and queued,
 * and only failed later in processing. The container is checked before anything is stored.
 */

let t: TestApp;
let fan: Made;
let creator: Made;
let fx: Awaited<ReturnType<typeof mediaFixtures>>;
/** A whole MP4 as ffmpeg writes it (moov after mdat) and the same remuxed with faststart (moov first). */
let whole: Buffer;
let faststart: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  [fan, creator] = await Promise.all([createFan(t), createCreator(t)]);
  fx = await mediaFixtures();
  const clip = await fx.video({ container: 'mp4', seconds: 2 });
  whole = await fsp.readFile(clip.tmpPath);
  const fast = path.join(fx.dir, 'fast.mp4');
  await runTool(mediaTools(process.env).ffmpeg, ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-i', clip.tmpPath, '-c', 'copy', '-movflags', '+faststart', fast]);
  faststart = await fsp.readFile(fast);
});
afterAll(async () => {
  await fx?.cleanup();
  await t?.close();
});

const fileRows = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(files))[0]!.n;
const upload = (url: string, who: Made, content: Buffer) => {
  const body = multipart({}, [{ field: 'file', filename: 'clip.mp4', content, type: 'video/mp4' }]);
  return t.app.inject({ method: 'POST', url, headers: { ...who.auth, ...body.headers }, payload: body.payload });
};

describe('message uploads check an MP4 container before storing and queueing it', () => {
  it('a truncated MP4 (moov at the end or first) → 415 with a clear message, no record, no stored file, no job', async () => {
    const queued = vi.spyOn(t.ctx.queue, 'send');
    try {
      const before = { rows: await fileRows(), stored: await storedFiles(t) };
      const cuts: Array<[string, string, Made, Buffer]> = [
        ['/messages/private/file', 'moov at the end, cut in mdat', fan, whole.subarray(0, Math.floor(whole.length * 0.6))],
        ['/messages/private/file', 'cut right before moov', fan, whole.subarray(0, whole.indexOf(Buffer.from('moov')) - 4)],
        ['/messages/private/file', 'faststart, cut in mdat', fan, faststart.subarray(0, Math.floor(faststart.length * 0.8))],
        ['/messages/private/file/video', 'moov at the end, cut in mdat', creator, whole.subarray(0, Math.floor(whole.length * 0.6))],
      ];
      for (const [url, name, who, cut] of cuts) {
        const res = await upload(url, who, cut);
        expect(res.statusCode, `${url} ${name}: ${res.body}`).toBe(415);
        expect(res.json().message).toMatch(/incomplete/);
        expect(res.json().details).toEqual([{ field: 'file', message: expect.stringMatching(/cut off/) }]);
      }
      expect(await fileRows()).toBe(before.rows);
      expect(await storedFiles(t)).toEqual(before.stored);
      expect(queued.mock.calls.filter(([name]) => name === MEDIA_PROCESS_JOB || name === MEDIA_IMAGE_JOB)).toEqual([]);
    } finally {
      queued.mockRestore();
    }
  });

  it('a whole MP4 (either layout) is still accepted and queued', async () => {
    for (const content of [whole, faststart]) {
      const res = await upload('/messages/private/file', fan, content);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ type: 'video' });
      expect(['uploaded', 'processing', 'ready']).toContain(res.json().data.status);
    }
  });
});

describe('every upload route checks an MP4 container (receiveMultipart), not only the messages ones', () => {
  it('a truncated MP4 to the feed, video and welcome-video uploads → 415, nothing stored or queued; a whole one is accepted', async () => {
    const queued = vi.spyOn(t.ctx.queue, 'send');
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
    const urls = ['/performer/feeds/video/upload', '/performer/performer-assets/videos/upload', '/performers/welcome-video/upload'];
    try {
      const before = { rows: await fileRows(), stored: await storedFiles(t) };
      for (const url of urls) {
        const res = await upload(url, creator, cut);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(415);
        expect(res.json().message).toMatch(/incomplete/);
      }
      expect(await fileRows()).toBe(before.rows);
      expect(await storedFiles(t)).toEqual(before.stored);
      expect(queued.mock.calls.filter(([name]) => name === MEDIA_PROCESS_JOB || name === MEDIA_IMAGE_JOB)).toEqual([]);
    } finally {
      queued.mockRestore();
    }
    for (const url of urls) expect((await upload(url, creator, whole)).statusCode, url).toBe(200);
  });
});
