/**
 * Replays (README.md beside this file, "Replays"): the rules of asking for one (the operator's
 * setting, Janus only), and on a real Janus (Debian's package, started as `npm start` does) a
 * recorded stream whose creator drops and resumes becomes one draft video "Replay of …" in the
 * creator's vault through the media pipeline; a stream whose camera never came on fails with its
 * reason; ticket holders of a group stream watch its replay, once sold, without paying again.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';
import { freeJanusPorts, janusPath, startJanus, type JanusInstance } from '../../../../../scripts/lib/janus.mjs';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { agoraOn } from '../../../test/streams';
import { topUp } from '../../../test/money';
import { connectedPc } from '../../../test/live-peers';
import type { Jsep } from '../../platform/live/provider';
import { mediaTools } from '../media/media.processing';
import { REPLAYS_NEED_JANUS } from './streams.service';
import { REPLAY_NO_MEDIA, replayTitle } from './streaming.replays';
import { streams } from './streaming.tables';
import { eq } from 'drizzle-orm';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits for a condition the system reaches by itself (a job, a pipeline): polls it, fails after `timeoutMs`. */
async function until<T>(what: string, get: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(v).slice(0, 500)})`);
    await sleep(100);
  }
}

const inject = (t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, m: Made | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: m ? { ...m.auth, 'idempotency-key': `k-${Math.random()}` } : {}, payload: payload as never });

describe('asking for a replay', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await agoraOn(t);
  });
  afterAll(async () => t?.close());

  it('is refused while the operator disallows recording (400 on `record`), and with Agora (400)', async () => {
    const creator = await createCreator(t);
    await t.ctx.settings.set('liveRecordingEnabled', false);
    try {
      const off = await inject(t, 'POST', '/streaming/live', creator, { type: 'public', title: 'Recorded', record: true });
      expect(off.statusCode, off.body).toBe(400);
      expect(off.json().details).toEqual([expect.objectContaining({ field: 'record' })]);
    } finally {
      await t.ctx.settings.set('liveRecordingEnabled', true);
    }
    const agora = await inject(t, 'POST', '/streaming/live', creator, { type: 'public', title: 'Recorded', record: true });
    expect(agora.statusCode, agora.body).toBe(400);
    expect(agora.json().message).toBe(REPLAYS_NEED_JANUS);
    // Without `record` the same stream goes live, and says it records nothing.
    const plain = await inject(t, 'POST', '/streaming/live', creator, { type: 'public', title: 'Not recorded' });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data).toMatchObject({ record: false, replayStatus: 'none', replayVideoId: null });
    const fan = await createFan(t);
    expect((await inject(t, 'GET', `/streaming/live/${plain.json().data._id}`, fan)).json().data).toMatchObject({ record: null, replayStatus: null });
  });
});

/** IVF frames of a real VP8 picture (ffmpeg's test pattern), so the replay decodes and transcodes like a camera's. */
async function vp8Frames(dir: string, seconds: number, fps: number): Promise<Buffer[]> {
  const file = path.join(dir, `camera-${seconds}.ivf`);
  await run(mediaTools({}).ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=320x240:rate=${fps}`, '-t', String(seconds),
    '-c:v', 'libvpx', '-b:v', '300k', '-g', String(fps), '-auto-alt-ref', '0', '-deadline', 'realtime', '-cpu-used', '8', '-f', 'ivf', file,
  ]);
  const buf = fs.readFileSync(file);
  const frames: Buffer[] = [];
  for (let o = buf.readUInt16LE(6); o + 12 <= buf.length;) {
    const size = buf.readUInt32LE(o);
    frames.push(buf.subarray(o + 12, o + 12 + size));
    o += 12 + size;
  }
  return frames;
}

/** A werift camera sending `frames` (VP8, RFC 7741 packetization) at `fps`; `sent` resolves after the last one. */
async function realCamera(publish: (offer: Jsep) => Promise<Jsep>, frames: Buffer[], fps: number) {
  const pc = new RTCPeerConnection({ iceUseIpv6: false });
  const track = new MediaStreamTrack({ kind: 'video' });
  pc.addTransceiver(track, { direction: 'sendonly' });
  pc.addTransceiver('audio', { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  await until('ICE gathering', async () => pc.iceGatheringState, (s) => s === 'complete', 10_000);
  await pc.setRemoteDescription(await publish({ type: 'offer', sdp: pc.localDescription!.sdp }));
  await connectedPc(pc);
  let seq = Math.floor(Math.random() * 60000);
  const ts0 = Math.floor(Math.random() * 2 ** 31);
  const sent = new Promise<void>((resolve) => {
    let i = 0;
    const timer = setInterval(() => {
      const frame = frames[i]!;
      const chunks = Math.ceil(frame.length / 1000);
      for (let c = 0; c < chunks; c++) {
        const header = new RtpHeader({ payloadType: 96, sequenceNumber: seq++ % 65536, timestamp: (ts0 + i * Math.round(90000 / fps)) >>> 0, marker: c === chunks - 1 });
        track.writeRtp(new RtpPacket(header, Buffer.concat([Buffer.from([c === 0 ? 0x10 : 0x00]), frame.subarray(c * 1000, (c + 1) * 1000)])));
      }
      i += 1;
      if (i === frames.length) {
        clearInterval(timer);
        resolve();
      }
    }, 1000 / fps);
  });
  return { sent, close: () => pc.close() };
}

const janusMissing = !janusPath();
if (janusMissing) console.warn('streaming.replays.test.ts: the Janus part is skipped: the janus binary is not installed (node scripts/ensure-janus.mjs)');

describe.skipIf(janusMissing)('replays through a real Janus', () => {
  let dataDir: string;
  let janus: JanusInstance;
  let t: TestApp;
  const closers: Array<() => Promise<unknown> | unknown> = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-replay-janus-'));
    janus = await startJanus({ dataDir: path.join(dataDir, 'janus'), ...(await freeJanusPorts()), logLevel: 2 });
    t = await createTestApp({ JANUS_URL: janus.url, JANUS_API_SECRET: janus.apiSecret, JANUS_ADMIN_KEY: janus.adminKey, JANUS_RECORDINGS_DIR: janus.recordingsDir });
    await until('the API connected to Janus', async () => Boolean(t.ctx.liveMedia?.available()), (ok) => ok, 20_000);
  }, 60_000);

  afterAll(async () => {
    for (const c of closers) await c();
    await t?.close();
    await janus?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const notifications = async (m: Made): Promise<string[]> => (await inject(t, 'GET', '/notification?limit=50', m)).json().data.data.map((n: { text: string }) => n.text);
  const streamOf = async (m: Made, id: string) => (await inject(t, 'GET', `/streaming/live/${id}`, m)).json().data;

  it('a recorded group stream (dropped and resumed) becomes one draft video in the vault; ticket holders watch it free once sold, others buy it', async () => {
    const creator = await createCreator(t);
    const holder = await createFan(t);
    const stranger = await createFan(t);
    const live = await inject(t, 'POST', '/streaming/live', creator, { type: 'group', title: 'Night show', price: 5, record: true });
    expect(live.statusCode, live.body).toBe(200);
    const s = live.json().data;
    expect(s).toMatchObject({ provider: 'janus', record: true, replayStatus: 'recording', replayVideoId: null });
    await topUp(t, holder, 20, { card: true });
    expect((await inject(t, 'POST', `/wallet/charges/stream/${s._id}`, holder)).statusCode).toBe(200);

    // Two publishes — the camera, a drop, the camera again — are two segments, both kept, in order.
    const fps = 15;
    const frames = await vp8Frames(dataDir, 2, fps);
    for (let segment = 0; segment < 2; segment++) {
      const token = (await inject(t, 'GET', `/streaming/join/${s._id}`, creator)).json().data.credential.token;
      const camera = await realCamera(async (offer) => {
        const res = await inject(t, 'POST', `/streaming/janus/${s._id}/publish`, creator, { token, jsep: offer });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.jsep;
      }, frames, fps);
      closers.push(camera.close);
      await camera.sent;
      await camera.close();
      await until('the camera counted off', () => streamOf(creator, s._id), (v) => v.publishing === false);
    }
    const segments = await until('two recorded segments', async () => fs.readdirSync(janus.recordingsDir).filter((f) => f.startsWith(s._id) && f.includes('-video-')), (f) => f.length === 2);
    expect(segments.every((f) => /-video-\d+\.mjr$/.test(f))).toBe(true);

    expect((await inject(t, 'POST', `/streaming/live/${s._id}/end`, creator)).statusCode).toBe(200);
    const done = await until('the replay', () => streamOf(creator, s._id), (v) => v.replayStatus === 'ready' || v.replayStatus === 'failed');
    expect(done, JSON.stringify(done)).toMatchObject({ replayStatus: 'ready', replayError: null, replayVideoId: expect.any(String) });
    // The recordings are gone once converted (deleted right after the replay is marked ready).
    await until('the recordings removed', async () => fs.readdirSync(janus.recordingsDir).filter((f) => f.startsWith(s._id)), (f) => f.length === 0);
    await until('the notification', () => notifications(creator), (texts) => texts.includes('Your replay of Night show is ready'), 30_000);
    // Others never see the replay's state.
    expect(await streamOf(holder, s._id)).toMatchObject({ record: null, replayStatus: null, replayVideoId: null });

    // A draft video of the creator, its file in the vault, processed by the media pipeline.
    const videoId = done.replayVideoId as string;
    const title = replayTitle('Night show', new Date(s.startedAt));
    expect(title).toMatch(/^Replay of Night show \(\d{1,2} [A-Z][a-z]{2,4} \d{4}\)$/);
    const own = await until('the replay processed', async () => (await inject(t, 'GET', `/performer/performer-assets/videos/${videoId}/view`, creator)).json().data, (v) => v.video?.status === 'ready' || v.video?.status === 'failed');
    expect(own).toMatchObject({ title, status: 'draft', access: 'free' });
    expect(own.video).toMatchObject({ status: 'ready', url: expect.any(String) });
    expect(own.video.duration).toBeGreaterThan(2); // both segments (2 s each)
    const vault = (await inject(t, 'GET', '/vault?type=video', creator)).json().data.data;
    expect(vault).toEqual([expect.objectContaining({ file: expect.objectContaining({ _id: own.video._id, status: 'ready' }), usedIn: expect.objectContaining({ videos: 1 }) })]);
    // The file plays: it is an MP4 with a picture, as long as the video says.
    const url = new URL(own.video.url);
    const file = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.statusCode).toBe(200);
    const mp4 = path.join(dataDir, 'replay.mp4');
    fs.writeFileSync(mp4, file.rawPayload);
    const probe = JSON.parse((await run(mediaTools({}).ffprobe, ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', mp4])).stdout);
    expect(probe.streams.map((x: { codec_type: string }) => x.codec_type).sort()).toEqual(['audio', 'video']);
    expect(Number(probe.format.duration)).toBeGreaterThan(2);

    // The creator sells it: the ticket holder watches without paying again; anyone else buys it.
    const sold = await inject(t, 'PUT', `/performer/performer-assets/videos/edit/${videoId}`, creator, { status: 'active', access: 'sale', price: 9 });
    expect(sold.statusCode, sold.body).toBe(200);
    const asHolder = (await inject(t, 'GET', `/performer-assets/videos/${videoId}`, holder)).json().data;
    // A viewer streams the replay as encrypted HLS (media README "HLS"), never the MP4.
    expect(asHolder).toMatchObject({ canView: true, isBought: false, video: expect.objectContaining({ hls: expect.stringContaining('/media/hls/') }) });
    expect(asHolder.video.url).toBeUndefined();
    const asStranger = (await inject(t, 'GET', `/performer-assets/videos/${videoId}`, stranger)).json().data;
    expect(asStranger).toMatchObject({ canView: false, video: null });
    await topUp(t, stranger, 20, { card: true });
    const bought = await inject(t, 'POST', `/wallet/charges/video/${videoId}`, stranger);
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await inject(t, 'GET', `/performer-assets/videos/${videoId}`, stranger)).json().data).toMatchObject({ canView: true, isBought: true });

    // The creator's choice: with replayFreeForTicketHolders off, a ticket is no longer enough.
    await t.ctx.db.update(streams).set({ replayFreeForTicketHolders: false }).where(eq(streams.id, s._id));
    expect((await inject(t, 'GET', `/performer-assets/videos/${videoId}`, holder)).json().data).toMatchObject({ canView: false, video: null });
  }, 240_000);

  it('a recorded stream whose camera never came on fails with the reason, and the creator is told', async () => {
    const creator = await createCreator(t);
    const live = await inject(t, 'POST', '/streaming/live', creator, { type: 'public', title: 'Camera shy', record: true });
    expect(live.statusCode, live.body).toBe(200);
    const s = live.json().data;
    expect((await inject(t, 'POST', `/streaming/live/${s._id}/end`, creator)).statusCode).toBe(200);
    const done = await until('the replay', () => streamOf(creator, s._id), (v) => v.replayStatus === 'ready' || v.replayStatus === 'failed');
    expect(done).toMatchObject({ replayStatus: 'failed', replayError: REPLAY_NO_MEDIA, replayVideoId: null });
    // The creator's notification is the `stream.replay` event's handler job: it may still be queued when the status reads failed.
    const told = `Your replay of Camera shy could not be made: ${REPLAY_NO_MEDIA}`;
    await until('the notification', () => notifications(creator), (texts) => texts.includes(told), 30_000);
    expect((await inject(t, 'GET', '/vault?type=video', creator)).json().data.data).toEqual([]);
  });
});
