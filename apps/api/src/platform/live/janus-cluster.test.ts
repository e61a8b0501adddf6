/**
 * JanusCluster against two real Janus instances on loopback (started by scripts/lib/janus.mjs as
 * `npm start` does with JANUS_INSTANCES=2): a werift camera publishes on server A, the camera is
 * forwarded to an edge room on server B (Janus 1.1's remote publishers), and werift viewers on
 * both servers receive its VP8 frames.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeJanusPorts, janusEnv, janusPath, startJanusInstances, type JanusInstance } from '../../../../../scripts/lib/janus.mjs';
import { createPublisher, createViewer, type Publisher, type Viewer } from '../../../test/live-peers';
import { createLiveMedia, janusServers, type JanusCluster } from './janus-cluster';
import { LiveMediaError, type LivePeerClosed, type LiveRoom } from './provider';
import { eventually } from '../../../test/sockets';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `ok` until it holds (the shared `eventually`, with this file's longer default wait). */
const until = (what: string, ok: () => boolean | Promise<boolean>, ms = 15_000) => eventually(what, ok, ms);

/** Retries `op` while the camera is not up yet ('not_publishing'), as the web app does. */
async function whenPublishing<T>(op: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await op();
    } catch (err) {
      if (!(err instanceof LiveMediaError && err.code === 'not_publishing') || i >= 75) throw err;
      await sleep(200);
    }
  }
}

const watch = (media: JanusCluster, room: LiveRoom, userId: string): Promise<Viewer> =>
  createViewer(() => whenPublishing(() => media.subscribe(room, { userId })), (peerId, answer) => media.start(peerId, answer));

describe('janusServers (JANUS_URL with several servers)', () => {
  it('aligns the secrets with the URLs, or gives one to all', () => {
    expect(janusServers({ JANUS_URL: 'ws://127.0.0.1:9080', JANUS_API_SECRET: 'a,b', JANUS_ADMIN_KEY: 'k' })).toEqual([{ url: 'ws://127.0.0.1:9080', apiSecret: 'a,b', adminKey: 'k' }]);
    expect(janusServers({ JANUS_URL: 'ws://127.0.0.1:9080, ws://127.0.0.1:9180', JANUS_API_SECRET: 's1,s2', JANUS_ADMIN_KEY: 'k' })).toEqual([
      { url: 'ws://127.0.0.1:9080', apiSecret: 's1', adminKey: 'k' },
      { url: 'ws://127.0.0.1:9180', apiSecret: 's2', adminKey: 'k' },
    ]);
    expect(() => janusServers({ JANUS_URL: 'ws://a:1,ws://b:2,ws://c:3', JANUS_API_SECRET: 's1,s2' })).toThrow(/JANUS_API_SECRET lists 2 values for the 3 servers/);
  });
});

const janusMissing = !janusPath();
if (janusMissing) console.warn('janus-cluster.test.ts skipped: the janus binary is not installed (node scripts/ensure-janus.mjs)');

describe.skipIf(janusMissing)('JanusCluster with two real Janus servers', () => {
  let dataDir: string;
  let instances: JanusInstance[];
  let media: JanusCluster;
  let a: string;
  let b: string;
  const closed: LivePeerClosed[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-janus-cluster-'));
    instances = await startJanusInstances({ dataDir: path.join(dataDir, 'janus'), count: 2, ports: () => freeJanusPorts(), logLevel: 2 });
    media = createLiveMedia(janusEnv(instances), quiet)!;
    media.onPeerClosed((e) => closed.push(e));
    await media.connect();
    [a, b] = media.servers() as [string, string];
  }, 60_000);

  afterAll(async () => {
    await media?.close();
    for (const j of instances ?? []) await j.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('drives both servers: rooms name theirs, one recordings folder for all', () => {
    expect(media.servers()).toEqual(instances.map((j) => j.url));
    expect(a).not.toBe(b);
    expect(media.available()).toBe(true);
    expect(media.recordingsDir).toBe(instances[0]!.recordingsDir);
  });

  it("forwards a camera on server A to an edge room on server B: viewers on both receive its frames, and again after the camera publishes anew", async () => {
    const origin = await media.createRoom({ streamId: 's-1', description: 'origin', maxViewers: 10, server: a });
    const edge = await media.createRoom({ streamId: 's-1', description: 'edge', maxViewers: 10, server: b });
    expect([origin.server, edge.server]).toEqual([a, b]);
    await expect(media.forwardToEdge(origin, edge)).rejects.toMatchObject({ code: 'not_publishing' });
    // The edge has no camera until it is forwarded.
    await expect(media.subscribe(edge, { userId: 'early' })).rejects.toMatchObject({ code: 'not_publishing' });

    const open: Array<Publisher | Viewer> = [];
    try {
      const publisher = await createPublisher(async (offer) => (await media.publish(origin, { userId: 'creator', display: 'luna', offer })).answer);
      open.push(publisher);
      await publisher.connected();
      publisher.startCamera(30);
      await whenPublishing(() => media.forwardToEdge(origin, edge));
      // Once forwarded, again is nothing to do (the edge's viewers keep their feed).
      await media.forwardToEdge(origin, edge);

      const onA = await watch(media, origin, 'fan-a');
      const onB = await watch(media, edge, 'fan-b');
      open.push(onA, onB);
      await Promise.all([onA.connected(), onB.connected()]);
      await until('frames on both servers', () => onA.frames() >= 30 && onB.frames() >= 30);
      expect(media.members.map((m) => m.peerCount())).toEqual([2, 1]);

      // The creator publishes again (a reconnect): the previous forward went with the first
      // camera; forwarding again makes the edge show the new one.
      const again = await createPublisher(async (offer) => (await media.publish(origin, { userId: 'creator', display: 'luna', offer })).answer);
      open.push(again);
      await again.connected();
      again.startCamera(30);
      await whenPublishing(() => media.forwardToEdge(origin, edge));
      const onB2 = await watch(media, edge, 'fan-b2');
      open.push(onB2);
      await onB2.connected();
      await until('the new camera\'s frames on the edge', () => onB2.frames() >= 30);
    } finally {
      for (const p of open) await p.close().catch(() => {});
    }
    closed.length = 0;
    await media.destroyRoom(edge);
    await media.destroyRoom(origin);
    expect(media.peerCount()).toBe(0);
  }, 60_000);

  it('a room on a server that is down is unavailable; the cluster is available while one server answers', async () => {
    const onB = await media.createRoom({ streamId: 's-2', description: 'on B', maxViewers: 10, server: b });
    await instances[1]!.stop();
    await until('server B seen down', () => !media.serverAvailable(b));
    expect(media.available()).toBe(true);
    expect(media.serverAvailable(a)).toBe(true);
    await expect(media.subscribe(onB, { userId: 'fan' })).rejects.toMatchObject({ code: 'unavailable' });
    await expect(media.createRoom({ streamId: 's-3', description: '', maxViewers: 1, server: b })).rejects.toMatchObject({ code: 'unavailable' });
    const onA = await media.createRoom({ streamId: 's-4', description: 'on A', maxViewers: 10, server: a });
    await media.destroyRoom(onA);
    await expect(media.createRoom({ streamId: 's-5', description: '', maxViewers: 1, server: 'ws://127.0.0.1:1' })).rejects.toMatchObject({ code: 'failed' });
  });
});
