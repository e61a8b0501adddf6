/**
 * Audiences larger than one media server, on two real Janus servers (started as `npm start` does
 * with JANUS_INSTANCES=2) and the operator's `liveWebrtcViewersPerServer` at 1: the first viewer
 * watches at the stream's origin server, the second on the other server, in an edge room made
 * for the stream and fed with the creator's camera; both receive its frames. A third finds every
 * server full (503). After the creator publishes again the edge is fed again; ending the stream
 * destroys both rooms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Janode from 'janode';
import VideoRoom from 'janode/plugins/videoroom';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeJanusPorts, janusEnv, janusPath, startJanusInstances, type JanusInstance } from '../../../../../scripts/lib/janus.mjs';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { follow } from '../../../test/factories';
import { createPublisher, createViewer, type Publisher, type Viewer } from '../../../test/live-peers';
import type { Jsep } from '../../platform/live/provider';
import { streamEdges, streamViewers, streams } from './streaming.tables';
import { eventually } from '../../../test/sockets';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Polls `ok` until it holds (the shared `eventually`, with this file's longer default wait). */
const until = (what: string, ok: () => boolean | Promise<boolean>, ms = 20_000) => eventually(what, ok, ms);

/** Whether a room exists on a Janus instance (asked directly, with its API secret). */
async function roomExists(j: JanusInstance, roomId: number): Promise<boolean> {
  const conn = await Janode.connect({ address: { url: j.url, apisecret: j.apiSecret }, max_retries: 0 });
  try {
    const h = await (await conn.create()).attach(VideoRoom);
    return (await h.exists({ room: roomId })).exists;
  } finally {
    await conn.close().catch(() => {});
  }
}

const janusMissing = !janusPath();
if (janusMissing) console.warn('streaming.edges.test.ts skipped: the janus binary is not installed (node scripts/ensure-janus.mjs)');

describe.skipIf(janusMissing)('a stream spread over two Janus servers', () => {
  let dataDir: string;
  let instances: JanusInstance[];
  let t: TestApp;
  let creator: Made;
  let streamId: string;
  const open: Array<Publisher | Viewer> = [];

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, m: Made, payload?: unknown) => t.app.inject({ method, url, headers: m.auth, payload: payload as never });
  const join = async (m: Made) => (await inject('GET', `/streaming/join/${streamId}`, m)).json().data;

  const publish = async (): Promise<Publisher> => {
    const token = (await join(creator)).credential.token;
    const publisher = await createPublisher(async (offer: Jsep) => {
      const res = await inject('POST', `/streaming/janus/${streamId}/publish`, creator, { token, jsep: offer });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.jsep;
    });
    open.push(publisher);
    await publisher.connected();
    publisher.startCamera(30);
    return publisher;
  };

  /** Watches as the web app does (retrying while the camera is not up yet); answers the viewer and the watch's status. */
  const watch = async (m: Made): Promise<Viewer> => {
    const token = (await join(m)).credential.token;
    const viewer = await createViewer(
      async () => {
        for (let i = 0; ; i++) {
          const res = await inject('POST', `/streaming/janus/${streamId}/watch`, m, { token });
          if (res.statusCode === 409 && i < 75) {
            await sleep(200);
            continue;
          }
          expect(res.statusCode, res.body).toBe(200);
          return { peerId: res.json().data.peerId, offer: res.json().data.jsep };
        }
      },
      async (peerId, answer) => expect((await inject('POST', `/streaming/janus/${streamId}/start`, m, { peerId, jsep: answer })).statusCode).toBe(200),
    );
    open.push(viewer);
    await viewer.connected();
    return viewer;
  };

  const presenceServer = async (m: Made) =>
    (await t.ctx.db.select({ server: streamViewers.mediaServer, path: streamViewers.path }).from(streamViewers).where(and(eq(streamViewers.streamId, streamId), eq(streamViewers.userId, m.user.id), isNull(streamViewers.leftAt))))[0] ?? null;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-stream-edges-'));
    instances = await startJanusInstances({ dataDir: path.join(dataDir, 'janus'), count: 2, ports: () => freeJanusPorts(), logLevel: 2 });
    t = await createTestApp(janusEnv(instances));
    await until('the API connected to both Janus servers', () => instances.every((j) => Boolean(t.ctx.liveMedia?.serverAvailable(j.url))));
    const admin = await createAdmin(t);
    expect((await inject('PUT', '/admin/settings/liveWebrtcViewersPerServer', admin, { value: 1 })).statusCode).toBe(200);
    creator = await createCreator(t);
  }, 60_000);

  afterAll(async () => {
    for (const p of open) await p.close().catch(() => {});
    await t?.close();
    for (const j of instances ?? []) await j.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the first viewer watches at the origin server, the second in an edge room on the other; a third finds both full; ending destroys both rooms', async () => {
    const [a, b] = instances.map((j) => j.url) as [string, string];
    const fans = await Promise.all([createFan(t), createFan(t), createFan(t), createFan(t)]);
    for (const f of fans) await follow(t, f.user.id, creator.user.id);
    const [first, second, third, later] = fans as [Made, Made, Made, Made];

    const live = await inject('POST', '/streaming/live', creator, { type: 'public', title: 'Two servers' });
    expect(live.statusCode, live.body).toBe(200);
    streamId = live.json().data._id;
    const [row] = await t.ctx.db.select().from(streams).where(eq(streams.id, streamId));
    // Both servers idle: the origin goes to the first.
    expect(row!.mediaServer).toBe(a);
    await publish();

    const onA = await watch(first);
    expect(await presenceServer(first)).toEqual({ server: a, path: 'webrtc' });
    expect(await t.ctx.db.select().from(streamEdges).where(eq(streamEdges.streamId, streamId))).toEqual([]);

    // Server A carries its one WebRTC viewer: the next goes to B, into an edge room fed with the camera.
    const onB = await watch(second);
    expect(await presenceServer(second)).toEqual({ server: b, path: 'webrtc' });
    const edges = await t.ctx.db.select().from(streamEdges).where(eq(streamEdges.streamId, streamId));
    expect(edges).toHaveLength(1);
    expect(edges[0]).toMatchObject({ server: b });
    await until('frames at both servers', () => onA.frames() >= 30 && onB.frames() >= 30);
    expect((await inject('GET', `/streaming/live/${streamId}`, creator)).json().data.viewerCount).toBe(2);

    // Both servers full.
    const full = await inject('POST', `/streaming/janus/${streamId}/watch`, third, { token: (await join(third)).credential.token });
    expect(full.statusCode).toBe(503);
    expect(full.json().message).toMatch(/full/);
    // A viewer already counted in (another tab) gets back in where they watch.
    const again = await inject('POST', `/streaming/janus/${streamId}/watch`, second, { token: (await join(second)).credential.token });
    expect(again.statusCode, again.body).toBe(200);
    expect(t.ctx.streaming.peers.get(again.json().data.peerId)).toMatchObject({ server: b });
    expect((await inject('POST', `/streaming/janus/${streamId}/leave`, second, { peerId: again.json().data.peerId })).statusCode).toBe(200);

    // The creator publishes again (a reconnect): their viewers were dropped with the old camera and
    // come back; the edge is fed the new camera.
    await publish();
    await t.ctx.streaming.edges.idle();
    await until('the viewers of the old camera are counted out', async () => (await inject('GET', `/streaming/live/${streamId}`, creator)).json().data.viewerCount === 0);
    const onA2 = await watch(first);
    const onB2 = await watch(later);
    expect(await presenceServer(later)).toEqual({ server: b, path: 'webrtc' });
    await until('the new camera\'s frames at both servers', () => onA2.frames() >= 30 && onB2.frames() >= 30);
    expect(await t.ctx.db.select().from(streamEdges).where(eq(streamEdges.streamId, streamId))).toHaveLength(1);

    // The end destroys the origin room and the edge room.
    expect(await roomExists(instances[0]!, row!.roomId!)).toBe(true);
    expect(await roomExists(instances[1]!, edges[0]!.roomId)).toBe(true);
    expect((await inject('POST', `/streaming/live/${streamId}/end`, creator)).json().data.status).toBe('ended');
    await until('both rooms destroyed', async () => !(await roomExists(instances[0]!, row!.roomId!)) && !(await roomExists(instances[1]!, edges[0]!.roomId)));
    expect(await t.ctx.db.select().from(streamEdges).where(eq(streamEdges.streamId, streamId))).toEqual([]);
    expect(t.ctx.streaming.peers.idsOf(streamId, later.user.id, 'subscriber')).toEqual([]);
  }, 120_000);

  it('a new stream goes to the least loaded server', async () => {
    const other = await createCreator(t);
    const fan = await createFan(t);
    await follow(t, fan.user.id, other.user.id);
    // A WebRTC viewer open on server A (a stream there): the next stream's origin goes to B.
    const first = await inject('POST', '/streaming/live', other, { type: 'public', title: 'Loads A' });
    const firstId = first.json().data._id as string;
    await t.ctx.db.insert(streamViewers).values({ streamId: firstId, userId: fan.user.id, joinedAt: new Date(), lastSeenAt: new Date(), path: 'webrtc', mediaServer: instances[0]!.url });
    const next = await createCreator(t);
    const live = await inject('POST', '/streaming/live', next, { type: 'public', title: 'Goes to B' });
    expect(live.statusCode, live.body).toBe(200);
    const [row] = await t.ctx.db.select().from(streams).where(eq(streams.id, live.json().data._id));
    expect(row!.mediaServer).toBe(instances[1]!.url);
    for (const [m, id] of [[other, firstId], [next, row!.id]] as const) await inject('POST', `/streaming/live/${id}/end`, m);
  });
});
