/**
 * JanusMedia against a real Janus (Debian's package, configured and started by
 * scripts/lib/janus.mjs as `npm start` does) on loopback: media really flows from a headless
 * publisher to a headless viewer (werift), and a peer that reaches Janus's API directly cannot
 * join a room without its pin nor create rooms without the admin key.
 */
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Janode from 'janode';
import VideoRoom, { type VideoRoomError } from 'janode/plugins/videoroom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeJanusPorts, janusPath, startJanus, type JanusInstance } from '../../../../../scripts/lib/janus.mjs';
import { createPublisher, createViewer, frameOf, videoOf, type Publisher, type Viewer } from '../../../test/live-peers';
import { JanusMedia, PUBLISHER_FEED } from './janus';
import { createLiveMedia } from './janus-cluster';
import { FORWARD_VIDEO_PT, LiveMediaError, type LivePeerClosed, type LiveRoom } from './provider';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Subscribes as the web app does: 'not_publishing' until Janus has the publisher's media up, then retry. */
async function watch(media: JanusMedia, room: LiveRoom, userId: string): Promise<{ viewer: Viewer; offerSdp: string }> {
  let offerSdp = '';
  const viewer = await createViewer(
    async () => {
      for (let i = 0; ; i++) {
        try {
          const r = await media.subscribe(room, { userId });
          offerSdp = r.offer.sdp;
          return r;
        } catch (err) {
          if (!(err instanceof LiveMediaError && err.code === 'not_publishing') || i >= 50) throw err;
          await sleep(200);
        }
      }
    },
    (peerId, answer) => media.start(peerId, answer),
  );
  return { viewer, offerSdp };
}

const janusMissing = !janusPath();
if (janusMissing) console.warn('janus.test.ts skipped: the janus binary is not installed (node scripts/ensure-janus.mjs)');

describe.skipIf(janusMissing)('JanusMedia with a real Janus', () => {
  let dataDir: string;
  let janus: JanusInstance;
  let ports: { wsPort: number; rtpPorts: string };
  let media: JanusMedia;
  const closed: LivePeerClosed[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-janus-'));
    ports = await freeJanusPorts();
    janus = await startJanus({ dataDir, ...ports, logLevel: 2 });
    media = new JanusMedia({ url: janus.url, apiSecret: janus.apiSecret, adminKey: janus.adminKey, log: quiet, retryMs: 100, maxRetryMs: 500 });
    media.onPeerClosed((e) => closed.push(e));
    await media.connect();
  });

  afterAll(async () => {
    await media?.close();
    await janus?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('relays the publisher\'s video RTP to a viewer', async () => {
    expect(media.available()).toBe(true);
    const room = await media.createRoom({ streamId: 'stream-1', description: 'Luna live', maxViewers: 10 });
    expect(Number.isSafeInteger(room.roomId)).toBe(true);
    await expect(media.subscribe(room, { userId: 'early-fan' })).rejects.toMatchObject({ code: 'not_publishing' });

    let publisher: Publisher | null = null;
    let viewer: Viewer | null = null;
    try {
      publisher = await createPublisher(async (offer) => (await media.publish(room, { userId: 'creator', display: 'luna', offer })).answer);
      await publisher.connected();
      publisher.startCamera(30);
      const watching = await watch(media, room, 'fan');
      viewer = watching.viewer;
      await viewer.connected();
      const v = viewer;
      await until('60 of the publisher\'s frames at the viewer', () => v.frames() >= 60);

      // What Janus forwards: its own SSRC and the VP8 payload type it offered the viewer, and
      // payloads that are the publisher's frames.
      const announced = videoOf(watching.offerSdp);
      expect(announced.payloadType).not.toBeNull();
      expect([...viewer.payloadTypes]).toEqual([announced.payloadType]);
      expect([...viewer.ssrcs]).toEqual([announced.ssrc]);
      expect(viewer.frames()).toBeGreaterThan(publisher.sent() * 0.5);
      expect(media.peerCount()).toBe(2);
      // The metrics' Janus load (platform/metrics.ts `stagepass_janus_peers`, `stagepass_janus_up`).
      expect(media.load()).toEqual({ server: janus.url, up: true, publishers: 1, subscribers: 1 });
    } finally {
      await viewer?.close();
      await publisher?.close();
    }
    await media.destroyRoom(room);
    expect(media.peerCount()).toBe(0);
    expect(media.load()).toMatchObject({ publishers: 0, subscribers: 0 });
    await media.destroyRoom(room); // idempotent
  });

  it('drops the viewers when the publisher hangs up, and tells who is gone', async () => {
    const room = await media.createRoom({ streamId: 'stream-2', description: '', maxViewers: 10 });
    let pubPeer = '';
    const publisher = await createPublisher(async (offer) => {
      const r = await media.publish(room, { userId: 'creator', display: 'luna', offer });
      pubPeer = r.peerId;
      return r.answer;
    });
    await publisher.connected();
    publisher.startCamera(30);
    const { viewer } = await watch(media, room, 'fan-2');
    await viewer.connected();
    closed.length = 0;

    await media.hangup(pubPeer);
    await until('the viewer dropped', () => closed.some((e) => e.peerId === viewer.peerId));
    expect(closed.find((e) => e.peerId === pubPeer)).toMatchObject({ role: 'publisher', userId: 'creator', roomId: room.roomId });
    expect(closed.find((e) => e.peerId === viewer.peerId)).toMatchObject({ role: 'subscriber', userId: 'fan-2', reason: 'unpublished' });
    expect(media.peerCount()).toBe(0);
    await media.hangup(pubPeer); // idempotent
    await expect(media.start(viewer.peerId, { type: 'answer', sdp: 'v=0' })).rejects.toMatchObject({ code: 'no_peer' });
    await viewer.close();
    await publisher.close();
    await media.destroyRoom(room);
  });

  it('lets a second publish of the creator replace the first camera', async () => {
    const room = await media.createRoom({ streamId: 'stream-3', description: 'again', maxViewers: 10 });
    const first = await createPublisher(async (offer) => (await media.publish(room, { userId: 'creator', display: 'luna', offer })).answer);
    await first.connected();
    const second = await createPublisher(async (offer) => (await media.publish(room, { userId: 'creator', display: 'luna', offer })).answer);
    await second.connected();
    second.startCamera(30);
    const { viewer } = await watch(media, room, 'fan-3');
    await viewer.connected();
    await until('frames from the second camera', () => viewer.frames() >= 10);
    await Promise.all([viewer.close(), first.close(), second.close()]);
    await media.destroyRoom(room);
  });

  it("answers a made-up SDP offer or answer as the caller's mistake ('bad_request'), not as a Janus failure", async () => {
    const room = await media.createRoom({ streamId: 'stream-sdp', description: 'made-up SDP', maxViewers: 10 });
    const lines = (...l: string[]) => `${l.join('\r\n')}\r\n`;
    const head = ['v=0', 'o=- 0 0 IN IP4 127.0.0.1', 's=-', 't=0 0'];
    const video = ['m=video 9 UDP/TLS/RTP/SAVPF 96', 'c=IN IP4 0.0.0.0', 'a=mid:0', 'a=sendonly', 'a=rtpmap:96 VP8/90000'];
    const madeUp = [
      'not an SDP at all',
      lines(...head),
      // No ICE credentials nor DTLS fingerprint.
      lines(...head, ...video),
    ];
    for (const sdp of madeUp) {
      const err = await media.publish(room, { userId: 'creator', display: 'luna', offer: { type: 'offer', sdp } }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LiveMediaError);
      expect(err).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/SDP|mandatory lines/) });
    }
    expect(media.peerCount()).toBe(0);
    // The room still works; a viewer's made-up answer is refused the same way.
    const publisher = await createPublisher(async (offer) => (await media.publish(room, { userId: 'creator', display: 'luna', offer })).answer);
    await publisher.connected();
    publisher.startCamera(30);
    let sub: { peerId: string } | null = null;
    for (let i = 0; !sub; i++) {
      sub = await media.subscribe(room, { userId: 'fan-sdp' }).catch((err: unknown) => {
        if (!(err instanceof LiveMediaError && err.code === 'not_publishing') || i >= 50) throw err;
        return sleep(200).then(() => null);
      });
    }
    await expect(media.start(sub.peerId, { type: 'answer', sdp: 'not an SDP at all' })).rejects.toMatchObject({ code: 'bad_request' });
    await media.hangup(sub.peerId);
    await publisher.close();
    await media.destroyRoom(room);
  });

  it('forwards the camera as plain RTP to a UDP port (rtp_forward with the admin key), until stopped', async () => {
    const room = await media.createRoom({ streamId: 'stream-fwd', description: 'forwarded', maxViewers: 10 });
    await expect(media.forwardRtp(room, { host: '127.0.0.1', videoPort: 9, audioPort: 9 })).rejects.toMatchObject({ code: 'not_publishing' });
    const sock = dgram.createSocket('udp4');
    await new Promise<void>((r) => sock.bind(0, '127.0.0.1', () => r()));
    const audioSock = dgram.createSocket('udp4');
    await new Promise<void>((r) => audioSock.bind(0, '127.0.0.1', () => r()));
    let packets = 0;
    let frames = 0;
    const pts = new Set<number>();
    sock.on('message', (msg) => {
      packets += 1;
      pts.add(msg[1] & 0x7f);
      const cc = msg[0] & 0x0f;
      const ext = (msg[0] & 0x10) !== 0;
      let o = 12 + cc * 4;
      if (ext) o += 4 + msg.readUInt16BE(o + 2) * 4;
      if (frameOf(msg.subarray(o)) !== null) frames += 1;
    });
    const publisher = await createPublisher(async (offer) => (await media.publish(room, { userId: 'creator', display: 'luna', offer })).answer);
    try {
      await publisher.connected();
      publisher.startCamera(30);
      let forward: Awaited<ReturnType<JanusMedia['forwardRtp']>> | null = null;
      for (let i = 0; !forward; i++) {
        forward = await media.forwardRtp(room, { host: '127.0.0.1', videoPort: sock.address().port, audioPort: audioSock.address().port }).catch((err: unknown) => {
          if (!(err instanceof LiveMediaError && err.code === 'not_publishing') || i >= 50) throw err;
          return sleep(200).then(() => null);
        });
      }
      expect(forward.streams).toEqual(['video', 'audio']);
      await until('30 forwarded frames', () => frames >= 30);
      expect([...pts]).toEqual([FORWARD_VIDEO_PT]);
      // Looking up the camera's streams joined the room for a moment: the publisher stays.
      expect(media.peerCount()).toBe(1);
      await forward.stop();
      await sleep(300);
      const after = packets;
      await sleep(500);
      expect(packets).toBe(after);
      await forward.stop(); // idempotent
    } finally {
      sock.close();
      audioSock.close();
      await publisher.close();
      await media.destroyRoom(room);
    }
  });

  it('refuses a direct Janus client without the room pin, the admin key or the API secret', async () => {
    const room = await media.createRoom({ streamId: 'stream-4', description: 'private', maxViewers: 1 });
    Janode.Logger.setLevel('none');
    // With the API secret (what a leaked loopback connection would have), but no pin / admin key.
    const conn = await Janode.connect({ address: { url: janus.url, apisecret: janus.apiSecret }, max_retries: 0 });
    try {
      const session = await conn.create();
      const h = await session.attach(VideoRoom);
      // Janus's VideoRoom answers 429 for a missing pin/key/secret and 433 for a wrong one.
      const refused = async (p: Promise<unknown>) => {
        const err = (await p.then(() => null, (e: unknown) => e)) as VideoRoomError | null;
        return err ? `${err._code} ${err.message}` : 'accepted';
      };
      expect(await refused(h.joinSubscriber({ room: room.roomId, feed: PUBLISHER_FEED }))).toMatch(/^429 .*\(pin\)/);
      expect(await refused(h.joinSubscriber({ room: room.roomId, feed: PUBLISHER_FEED, pin: 'guess' }))).toMatch(/^433 /);
      expect(await refused(h.joinPublisher({ room: room.roomId, feed: PUBLISHER_FEED, display: 'intruder' }))).toMatch(/^429 .*\(pin\)/);
      expect(await refused(h.joinPublisher({ room: room.roomId, display: 'intruder', pin: room.pin.slice(1) }))).toMatch(/^433 /);
      expect(await refused(h.create({ room: 4242 }))).toMatch(/^429 .*\(admin_key\)/);
      expect(await refused(h.create({ room: 4242, admin_key: 'guess' }))).toMatch(/^433 /);
      expect(await refused(h.destroy({ room: room.roomId }))).toMatch(/^429 .*\(secret\)/);
      expect(await refused(h.destroy({ room: room.roomId, secret: 'guess' }))).toMatch(/^433 /);
      expect(await refused(h.startForward({ room: room.roomId, feed: PUBLISHER_FEED, host: '127.0.0.1', video_port: 5004, secret: room.secret }))).toMatch(/^429 .*\(admin_key\)/);
      expect(await refused(h.kick({ room: room.roomId, feed: PUBLISHER_FEED, secret: 'guess' }))).toMatch(/^433 /);
      // The room is hidden from listings.
      const list = await h.list();
      expect(list.list.map((r) => r.room)).not.toContain(room.roomId);
    } finally {
      await conn.close().catch(() => {});
    }
    // Without the API secret Janus answers nothing but 403.
    const anonymous = await Janode.connect({ address: { url: janus.url }, max_retries: 0 });
    try {
      await expect(anonymous.create()).rejects.toThrow(/403/);
    } finally {
      await anonymous.close().catch(() => {});
    }
    await media.destroyRoom(room);
  });

  it('listens on loopback only', async () => {
    const outside = Object.values(os.networkInterfaces()).flat().find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    const port = Number(new URL(janus.url).port);
    const reachable = (host: string) =>
      new Promise<boolean>((resolve) => {
        const s = net.connect({ host, port }, () => { s.destroy(); resolve(true); });
        s.on('error', () => resolve(false));
      });
    expect(await reachable('127.0.0.1')).toBe(true);
    if (outside) expect(await reachable(outside)).toBe(false);
  });

  it('is unavailable while Janus is down, reconnects, and makes a lost room again', async () => {
    const room = await media.createRoom({ streamId: 'stream-5', description: 'survives', maxViewers: 10 });
    await janus.stop();
    await until('unavailable', () => !media.available());
    await expect(media.createRoom({ streamId: 'x', description: '', maxViewers: 1 })).rejects.toMatchObject({ code: 'unavailable' });

    janus = await startJanus({ dataDir, ...ports, logLevel: 2 });
    await until('connected again', () => media.available());
    // The room was in the old process's memory: publishing into it makes it again.
    const publisher = await createPublisher(async (offer) => (await media.publish(room, { userId: 'creator', display: 'luna', offer })).answer);
    await publisher.connected();
    publisher.startCamera(30);
    const { viewer } = await watch(media, room, 'fan-5');
    await viewer.connected();
    await until('frames after the restart', () => viewer.frames() >= 10);
    await Promise.all([viewer.close(), publisher.close()]);
    await media.destroyRoom(room);
  });
});

describe('createLiveMedia', () => {
  it('is off without JANUS_URL', () => {
    expect(createLiveMedia({ JANUS_URL: undefined, JANUS_API_SECRET: undefined, JANUS_ADMIN_KEY: undefined }, quiet)).toBeNull();
  });

  it('answers unavailable, with one warning, when Janus cannot be reached', async () => {
    const warnings: string[] = [];
    const { wsPort } = await freeJanusPorts();
    const media = createLiveMedia({ JANUS_URL: `ws://127.0.0.1:${wsPort}`, JANUS_API_SECRET: 'x', JANUS_ADMIN_KEY: 'y' }, { ...quiet, warn: (m: string) => warnings.push(m) } as never);
    try {
      expect(media).not.toBeNull();
      await expect(media!.createRoom({ streamId: 's', description: '', maxViewers: 1 })).rejects.toMatchObject({ code: 'unavailable' });
      expect(media!.available()).toBe(false);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/cannot reach Janus/);
    } finally {
      await media?.close();
    }
  });
});
