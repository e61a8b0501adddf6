/**
 * The HLS packager with the real ffmpeg: VP8 + Opus RTP (made by another ffmpeg, as Janus's
 * rtp_forward sends a camera) in → H.264 + AAC segments and a live playlist in the site's storage
 * (here DATA_DIR/files on disk), removed when it stops; a new publisher (another SSRC) goes on in
 * the same playlist after a discontinuity.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaTools } from '../../modules/media/media.processing';
import { LocalStorage } from '../storage';
import { HlsPackager, hlsKey, isVp8KeyFrameStart, parsePlaylist, type HlsRun } from './hls-packager';

const run = promisify(execFile);
const tools = mediaTools(process.env);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
const log = { info: () => {}, warn: (...a: unknown[]) => console.warn(...a), error: (...a: unknown[]) => console.error(...a) } as never;

/** A camera as Janus forwards it: VP8 (a key frame a second) and Opus RTP to the two ports, in real time. */
function camera(videoPort: number, audioPort: number, ssrc: number): ChildProcess {
  return spawn(tools.ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-re',
    '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-map', '0:v', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-g', '15', '-b:v', '300k', '-ssrc', String(ssrc), '-payload_type', '100', '-f', 'rtp', `rtp://127.0.0.1:${videoPort}`,
    '-map', '1:a', '-c:a', 'libopus', '-b:a', '48k', '-ssrc', String(ssrc + 1), '-payload_type', '111', '-f', 'rtp', `rtp://127.0.0.1:${audioPort}`,
  ], { stdio: 'ignore' });
}

describe('HLS packager (real ffmpeg)', () => {
  let dir: string;
  let storage: LocalStorage;
  let packager: HlsPackager;
  let hls: HlsRun;
  const streamId = '0190aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee';
  const cameras: ChildProcess[] = [];

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-hls-test-'));
    storage = new LocalStorage(path.join(dir, 'files'));
    packager = new HlsPackager({ ffmpeg: tools.ffmpeg, storage, log, segmentSeconds: 1, listSize: 6, tmpDir: dir });
  });
  afterAll(async () => {
    for (const c of cameras) c.kill('SIGKILL');
    await hls?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('RTP in → H.264/AAC segments and a live playlist in storage', async () => {
    hls = await packager.start(streamId);
    expect(hls.videoPort).toBeGreaterThan(0);
    cameras.push(camera(hls.videoPort, hls.audioPort, 1111));
    await hls.ready;
    await until('three segments', () => hls.listed().length >= 3);
    const text = fs.readFileSync(path.join(dir, 'files', hlsKey(streamId, 'index.m3u8')), 'utf8');
    expect(text).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
    expect(text).toMatch(/#EXT-X-PROGRAM-DATE-TIME:/);
    expect(text).not.toContain('#EXT-X-ENDLIST');
    const segs = parsePlaylist(text);
    expect(segs.length).toBeGreaterThanOrEqual(1);
    for (const s of segs) expect(s.duration).toBeLessThan(2.5);
    const first = path.join(dir, 'files', hlsKey(streamId, segs[0]!.uri));
    expect(fs.statSync(first).size).toBeGreaterThan(1000);
    expect(hls.segment(segs[0]!.uri)?.length).toBe(fs.statSync(first).size);
    // What ffmpeg reads in it (this ffprobe build crashes on MPEG-TS): `ffmpeg -i` lists the streams and exits 1.
    const probe = await run(tools.ffmpeg, ['-hide_banner', '-nostdin', '-i', first]).catch((e: { stderr: string }) => ({ stderr: e.stderr }));
    expect(probe.stderr).toMatch(/Video: h264/);
    expect(probe.stderr).toMatch(/Audio: aac/);
  }, 60_000);

  it('keeps a sliding window: old segments leave the playlist and storage', async () => {
    await until('the list to slide', () => (hls.listed()[0]?.seq ?? 0) >= 3, 30_000);
    expect(hls.listed().length).toBeLessThanOrEqual(6);
    await until('the first segment deleted', () => !fs.existsSync(path.join(dir, 'files', hlsKey(streamId, 's0.ts'))), 15_000);
    expect(hls.playlist()).toMatch(/#EXT-X-MEDIA-SEQUENCE:[1-9]/);
  }, 60_000);

  it('a new publisher (another SSRC) goes on in the same playlist after a discontinuity', async () => {
    cameras.shift()!.kill('SIGKILL');
    const before = Math.max(...hls.listed().map((s) => s.seq));
    await sleep(500);
    cameras.push(camera(hls.videoPort, hls.audioPort, 2222));
    await until('segments of the new publisher', () => hls.listed().some((s) => s.seq > before + 1 && !s.discontinuity) && hls.listed().some((s) => s.discontinuity), 30_000);
    expect(hls.playlist()).toContain('#EXT-X-DISCONTINUITY\n');
  }, 60_000);

  it('media back after a drop (same publisher) goes on after a discontinuity', async () => {
    const cam = cameras.at(-1)!;
    const discontinuities = () => (hls.playlist()?.match(/#EXT-X-DISCONTINUITY\n/g) ?? []).length + Number(/#EXT-X-DISCONTINUITY-SEQUENCE:([1-9]\d*)/.exec(hls.playlist() ?? '')?.[1] ?? 0);
    const before = discontinuities();
    const last = Math.max(...hls.listed().map((s) => s.seq));
    cam.kill('SIGSTOP');
    await sleep(3000);
    cam.kill('SIGCONT');
    await until('segments after the drop', () => discontinuities() > before && Math.max(...hls.listed().map((s) => s.seq)) > last + 1, 30_000);
    for (const s of hls.listed()) expect(s.duration).toBeLessThan(3.5);
  }, 60_000);

  it('stop removes every stored file', async () => {
    const listed = hls.listed();
    await hls.stop();
    expect(fs.existsSync(path.join(dir, 'files', hlsKey(streamId, 'index.m3u8')))).toBe(false);
    for (const s of listed) expect(fs.existsSync(path.join(dir, 'files', hlsKey(streamId, s.name)))).toBe(false);
    expect(hls.playlist()).toBeNull();
  }, 30_000);

  it('tells a VP8 key frame from the rest', () => {
    const rtp = (payload: number[]) => Buffer.from([0x80, 96, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, ...payload]);
    expect(isVp8KeyFrameStart(rtp([0x10, 0x00]))).toBe(true); // S=1, P=0
    expect(isVp8KeyFrameStart(rtp([0x10, 0x01]))).toBe(false); // interframe
    expect(isVp8KeyFrameStart(rtp([0x00, 0x00]))).toBe(false); // continuation
    expect(isVp8KeyFrameStart(rtp([0x90, 0x80, 0x81, 0x23, 0x00]))).toBe(true); // X, I with a 15-bit picture id
  });
});
