/**
 * HLS for large audiences on a real Janus: a werift creator publishes real VP8 + Opus (made by
 * ffmpeg), the operator plays public streams over HLS by default, a follower's join answers a
 * signed playlist; the first fetch starts the packager (Janus rtp_forward → ffmpeg → storage), the
 * playlist's segments download; forged, expired and someone else's links are refused, a ban
 * refuses the next playlist; the owner and a private show's fan stay on WebRTC; the HLS heartbeat
 * counts the viewer in over HLS; the stream's end stops the packager and deletes its files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStreamTrack, RTCPeerConnection, RtpPacket } from 'werift';
import { freeJanusPorts, janusPath, startJanus, type JanusInstance } from '../../../../../scripts/lib/janus.mjs';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { follow } from '../../../test/factories';
import { topUp } from '../../../test/money';
import { insertLiveStream } from '../../../test/stream-rows';
import { connectedPc } from '../../../test/live-peers';
import { hlsKey } from '../../platform/live/hls-packager';
import { mediaTools } from '../media/media.processing';
import { issueCredential } from './streaming.credentials';
import { streamViewers } from './streaming.tables';
import { eq } from 'drizzle-orm';
import { eventually } from '../../../test/sockets';

/** Polls `ok` until it holds (the shared `eventually`, with this file's longer default wait). */
const until = (what: string, ok: () => boolean | Promise<boolean>, ms = 30_000) => eventually(what, ok, ms);

/** A werift creator whose camera and microphone are ffmpeg's test pattern and tone (real VP8 and Opus, in real time). */
async function realPublisher(publish: (offer: { type: 'offer'; sdp: string }) => Promise<{ type: 'offer' | 'answer'; sdp: string }>) {
  const pc = new RTCPeerConnection({ iceUseIpv6: false });
  const video = new MediaStreamTrack({ kind: 'video' });
  const audio = new MediaStreamTrack({ kind: 'audio' });
  pc.addTransceiver(video, { direction: 'sendonly' });
  pc.addTransceiver(audio, { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise<void>((resolve, reject) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    const timer = setTimeout(() => reject(new Error('ICE gathering did not complete')), 10_000);
    pc.iceGatheringStateChange.subscribe((s) => {
      if (s !== 'complete') return;
      clearTimeout(timer);
      resolve();
    });
  });
  await pc.setRemoteDescription(await publish({ type: 'offer', sdp: pc.localDescription!.sdp }));
  await connectedPc(pc);
  const socket = (track: MediaStreamTrack) =>
    new Promise<dgram.Socket>((resolve) => {
      const s = dgram.createSocket('udp4');
      s.on('message', (m) => track.writeRtp(RtpPacket.deSerialize(m)));
      s.bind(0, '127.0.0.1', () => resolve(s));
    });
  const [vs, as] = [await socket(video), await socket(audio)];
  const ffmpeg: ChildProcess = spawn(mediaTools(process.env).ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-re',
    '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-map', '0:v', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-g', '30', '-b:v', '300k', '-f', 'rtp', '-pkt_size', '1100', `rtp://127.0.0.1:${vs.address().port}`,
    '-map', '1:a', '-c:a', 'libopus', '-b:a', '32k', '-f', 'rtp', '-pkt_size', '1100', `rtp://127.0.0.1:${as.address().port}`,
  ], { stdio: 'ignore' });
  return {
    async close() {
      ffmpeg.kill('SIGKILL');
      vs.close();
      as.close();
      await pc.close();
    },
  };
}

const janusMissing = !janusPath();
if (janusMissing) console.warn('streaming.hls.test.ts skipped: the janus binary is not installed (node scripts/ensure-janus.mjs)');

describe.skipIf(janusMissing)('HLS for large audiences (real Janus, real ffmpeg)', () => {
  let dataDir: string;
  let janus: JanusInstance;
  let t: TestApp;
  let creator: Made;
  let fan: Made;
  let streamId: string;
  let publisher: { close(): Promise<void> } | null = null;

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, m: Made | null, payload?: unknown) => t.app.inject({ method, url, headers: m?.auth ?? {}, payload: payload as never });
  const join = async (m: Made, id = streamId) => {
    const res = await inject('GET', `/streaming/join/${id}`, m);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  /** The path and query of a signed HLS link (the API answers absolute URLs). */
  const local = (url: string) => {
    const u = new URL(url, 'http://localhost');
    return `${u.pathname}${u.search}`;
  };
  const fetchPlaylist = async (url: string, m: Made | null = null) => {
    for (let i = 0; ; i++) {
      const res = await inject('GET', local(url), m);
      if (res.statusCode !== 503 || i > 5) return res;
    }
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-stream-hls-'));
    janus = await startJanus({ dataDir, ...(await freeJanusPorts()), logLevel: 2 });
    t = await createTestApp({ JANUS_URL: janus.url, JANUS_API_SECRET: janus.apiSecret, JANUS_ADMIN_KEY: janus.adminKey });
    await until('the API connected to Janus', () => Boolean(t.ctx.liveMedia?.available()));
    await t.ctx.settings.set('liveHlsDefault', true);
    creator = await createCreator(t);
    fan = await createFan(t);
    await follow(t, fan.user.id, creator.user.id);
    const live = await inject('POST', '/streaming/live', creator, { type: 'public', title: 'To thousands' });
    expect(live.statusCode, live.body).toBe(200);
    streamId = live.json().data._id;
    const token = (await join(creator)).credential.token;
    publisher = await realPublisher(async (offer) => {
      const res = await inject('POST', `/streaming/janus/${streamId}/publish`, creator, { token, jsep: offer });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.jsep;
    });
    await until('the camera on air', async () => (await inject('GET', `/streaming/live/${streamId}`, fan)).json().data.publishing === true);
  }, 90_000);

  afterAll(async () => {
    await publisher?.close().catch(() => {});
    await t?.close();
    await janus?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a follower's join answers the signed playlist; its segments download", async () => {
    const j = await join(fan);
    expect(j.entitled).toBe(true);
    expect(j.hls).toMatchObject({ playlistUrl: expect.stringMatching(new RegExp(`/streaming/hls/${streamId}/index\\.m3u8\\?t=`)), expiresAt: expect.any(String) });
    expect(new Date(j.hls.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(31_000);
    let segments: string[] = [];
    await until(
      'a playlist with segments',
      async () => {
        const res = await fetchPlaylist((await join(fan)).hls.playlistUrl);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
        expect(res.headers['cache-control']).toBe('private, no-store');
        segments = res.body.split('\n').filter((l) => l && !l.startsWith('#'));
        return segments.length >= 2;
      },
      45_000,
    );
    // Each segment's link is signed for this viewer, relative to the playlist.
    for (const s of segments) expect(s).toMatch(/^s\d+\.ts\?t=[\w-]+\.[\w-]+$/);
    const seg = await inject('GET', `/streaming/hls/${streamId}/${segments.at(-1)}`, null);
    expect(seg.statusCode, seg.body).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.headers['cache-control']).toBe('private, no-store');
    expect(seg.rawPayload.length).toBeGreaterThan(1000);
    expect(seg.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    // Stored in the site's storage under the stream's prefix.
    expect(await t.ctx.storage.stat(hlsKey(streamId, 'index.m3u8'))).not.toBeNull();
  }, 90_000);

  it('forged, expired, other streams’ and other users’ links are refused (403)', async () => {
    const url = local((await join(fan)).hls.playlistUrl);
    const token = new URL(url, 'http://x').searchParams.get('t')!;
    const [body, sig] = token.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...payload, exp: payload.exp + 3600 })).toString('base64url')}.${sig}`;
    expect((await inject('GET', `/streaming/hls/${streamId}/index.m3u8?t=${forged}`, null)).statusCode).toBe(403);
    expect((await inject('GET', `/streaming/hls/${streamId}/s0.ts?t=${forged}`, null)).statusCode).toBe(403);
    expect((await inject('GET', `/streaming/hls/${streamId}/index.m3u8`, null)).statusCode).toBe(403);
    const expired = issueCredential(t.config.APP_SECRET, { userId: fan.user.id, streamId, role: 'hls' }, new Date(Date.now() - 60_000), 30).token;
    expect((await inject('GET', `/streaming/hls/${streamId}/index.m3u8?t=${expired}`, null)).statusCode).toBe(403);
    // A Janus credential is not an HLS link.
    const janusToken = (await join(fan)).credential.token;
    expect((await inject('GET', `/streaming/hls/${streamId}/index.m3u8?t=${janusToken}`, null)).statusCode).toBe(403);
    // Bound to the stream and to the viewer: another stream's path, or another signed-in user presenting it.
    const other = await insertLiveStream(t, (await createCreator(t)).user.id, { provider: 'janus' });
    expect((await inject('GET', `/streaming/hls/${other.id}/index.m3u8?t=${token}`, null)).statusCode).toBe(403);
    const stranger = await createFan(t);
    await follow(t, stranger.user.id, creator.user.id);
    expect((await inject('GET', url, stranger)).statusCode).toBe(403);
    expect((await fetchPlaylist(url, fan)).statusCode).toBe(200);
  }, 30_000);

  it('the HLS heartbeat counts the viewer in over HLS', async () => {
    const res = await inject('PUT', '/streaming/set-duration', fan, { streamId, path: 'hls' });
    expect(res.statusCode, res.body).toBe(200);
    const view = (await inject('GET', `/streaming/live/${streamId}`, creator)).json().data;
    expect(view.audience).toEqual({ webrtc: 0, hls: 1 });
    expect(view.viewerCount).toBe(1);
  });

  it('without the HLS default, a viewer goes to HLS only when every Janus server is at its WebRTC limit', async () => {
    await t.ctx.settings.set('liveHlsDefault', false);
    try {
      const late = await createFan(t);
      await follow(t, late.user.id, creator.user.id);
      expect((await join(late)).hls).toBeNull();
      // One WebRTC viewer open on the only server, which carries one.
      await t.ctx.settings.set('liveWebrtcViewersPerServer', 1);
      const watching = await createFan(t);
      await t.ctx.db.insert(streamViewers).values({ streamId, userId: watching.user.id, joinedAt: new Date(), lastSeenAt: new Date(), path: 'webrtc', mediaServer: t.ctx.liveMedia!.servers()[0]! });
      const j = await join(late);
      expect(j.hls?.playlistUrl).toMatch(/\/index\.m3u8\?t=/);
      expect(j.credential.role).toBe('subscriber');
      await t.ctx.db.delete(streamViewers).where(eq(streamViewers.userId, watching.user.id));
    } finally {
      await t.ctx.settings.set('liveWebrtcViewersPerServer', 200);
      await t.ctx.settings.set('liveHlsDefault', true);
    }
  });

  it('the owner and a private show stay on WebRTC (hls null)', async () => {
    const own = await join(creator);
    expect(own.credential.role).toBe('publisher');
    expect(own.hls).toBeNull();
    const other = await createCreator(t);
    const privateFan = await createFan(t);
    await topUp(t, privateFan, 50, { card: true });
    const show = await insertLiveStream(t, other.user.id, { type: 'private', provider: 'janus', price: 100, privateFanId: privateFan.user.id });
    const j = await join(privateFan, show.id);
    expect(j.entitled).toBe(true);
    expect(j.hls).toBeNull();
  });

  it('a ban refuses the next playlist fetch (403) and join', async () => {
    const banned = await createFan(t);
    await follow(t, banned.user.id, creator.user.id);
    const url = (await join(banned)).hls.playlistUrl;
    expect((await fetchPlaylist(url)).statusCode).toBe(200);
    const ban = await inject('POST', '/streaming/bans', creator, { userId: banned.user.id, streamId });
    expect(ban.statusCode, ban.body).toBe(200);
    expect((await inject('GET', local(url), null)).statusCode).toBe(403);
    expect((await inject('GET', `/streaming/join/${streamId}`, banned)).statusCode).toBe(403);
  });

  it('the creator publishing again (a new camera, the old forward gone with it) keeps the same playlist going', async () => {
    const run = t.ctx.streaming.hls!.local(streamId)!;
    const last = Math.max(...run.listed().map((s) => s.seq));
    await publisher!.close();
    const token = (await join(creator)).credential.token;
    publisher = await realPublisher(async (offer) => {
      const res = await inject('POST', `/streaming/janus/${streamId}/publish`, creator, { token, jsep: offer });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.jsep;
    });
    await until('segments of the new camera', () => run.listed().some((s) => s.discontinuity) && Math.max(...run.listed().map((s) => s.seq)) > last + 2, 45_000);
    expect(t.ctx.streaming.hls!.local(streamId)).toBe(run);
    const res = await fetchPlaylist((await join(fan)).hls.playlistUrl);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('#EXT-X-DISCONTINUITY');
  }, 60_000);

  it("the stream's end stops the packager and deletes its files", async () => {
    const run = t.ctx.streaming.hls!.local(streamId)!;
    expect(run).not.toBeNull();
    const listed = run.listed().map((s) => s.name);
    const url = (await join(fan)).hls.playlistUrl;
    expect((await fetchPlaylist(url)).statusCode).toBe(200);
    expect(listed.length).toBeGreaterThan(0);
    expect((await inject('POST', `/streaming/live/${streamId}/end`, creator)).statusCode).toBe(200);
    await until('the packager stopped', () => t.ctx.streaming.hls!.local(streamId) === null, 10_000);
    expect(run.stopped).toBe(true);
    expect(await t.ctx.storage.stat(hlsKey(streamId, 'index.m3u8'))).toBeNull();
    for (const name of listed) expect(await t.ctx.storage.stat(hlsKey(streamId, name))).toBeNull();
    // A link issued before the end: the stream is gone.
    expect((await inject('GET', local(url), null)).statusCode).toBe(404);
  }, 20_000);
});
