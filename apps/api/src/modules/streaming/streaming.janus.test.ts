/**
 * The streaming module on a real Janus (Debian's package, started as `npm start` does): the API
 * relays an entitled caller's signalling only. A headless creator (werift) publishes through POST
 * …/publish with the publisher credential from join, a follower watches through …/watch + …/start
 * and receives the creator's frames; credentials that are forged, expired or someone else's are
 * refused, and so is a viewer who is no longer entitled.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeJanusPorts, janusPath, startJanus, type JanusInstance } from '../../../../../scripts/lib/janus.mjs';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { spawnPublisher } from '../../../test/publisher-process';
import { connectClient, got, joinRoom, listen, type Client, eventually } from '../../../test/sockets';
import { follow } from '../../../test/factories';
import { createPublisher, createViewer, type Publisher, type Viewer } from '../../../test/live-peers';
import type { Jsep } from '../../platform/live/provider';
import { issueCredential } from './streaming.credentials';
import { LIVE_UNAVAILABLE } from './streams.service';
import { eq } from 'drizzle-orm';
import { streamBans, streams } from './streaming.tables';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Polls `ok` until it holds (the shared `eventually`, with this file's longer default wait). */
const until = (what: string, ok: () => boolean | Promise<boolean>, ms = 20_000) => eventually(what, ok, ms);

const janusMissing = !janusPath();
if (janusMissing) console.warn('streaming.janus.test.ts skipped: the janus binary is not installed (node scripts/ensure-janus.mjs)');

// WebRTC through a real Janus (ICE, DTLS, media timers): a minute a case beside CI's browser tests.
describe.skipIf(janusMissing)('live streams through a real Janus', { timeout: 60_000 }, () => {
  let dataDir: string;
  let janus: JanusInstance;
  let t: TestApp;
  let creator: Made;
  let fan: Made;
  let streamId: string;
  const peers: Array<Publisher | Viewer> = [];
  const sockets: Client[] = [];

  const inject = (method: 'GET' | 'POST', url: string, m: Made, payload?: unknown) => t.app.inject({ method, url, headers: m.auth, payload: payload as never });
  const join = async (m: Made) => (await inject('GET', `/streaming/join/${streamId}`, m)).json().data;
  const watch = (m: Made, token: string) => inject('POST', `/streaming/janus/${streamId}/watch`, m, { token });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-stream-janus-'));
    janus = await startJanus({ dataDir, ...(await freeJanusPorts()), logLevel: 2 });
    t = await createTestApp({ JANUS_URL: janus.url, JANUS_API_SECRET: janus.apiSecret, JANUS_ADMIN_KEY: janus.adminKey });
    await until('the API connected to Janus', () => Boolean(t.ctx.liveMedia?.available()));
    creator = await createCreator(t);
    fan = await createFan(t);
    await follow(t, fan.user.id, creator.user.id);
    const live = await inject('POST', '/streaming/live', creator, { type: 'public', title: 'Through Janus' });
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().data).toMatchObject({ provider: 'janus', publishing: false });
    streamId = live.json().data._id;
  }, 60_000);

  afterAll(async () => {
    for (const p of peers) await p.close().catch(() => {});
    for (const c of sockets) c.close();
    await t?.close();
    await janus?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('join hands out Janus credentials: publisher for the creator, subscriber for an entitled fan', async () => {
    expect((await join(creator)).credential).toMatchObject({ provider: 'janus', role: 'publisher', token: expect.any(String) });
    expect((await join(fan)).credential).toMatchObject({ provider: 'janus', role: 'subscriber', token: expect.any(String) });
  });

  it('watching before the camera is on → 409', async () => {
    const res = await watch(fan, (await join(fan)).credential.token);
    expect(res.statusCode).toBe(409);
  });

  it('forged, expired and other users’ credentials are refused (403); a fan cannot publish', async () => {
    const { token } = (await join(fan)).credential;
    const [body, sig] = token.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...payload, r: 'publisher' })).toString('base64url')}.${sig}`;
    expect((await watch(fan, forged)).statusCode).toBe(403);
    const expired = issueCredential(t.config.APP_SECRET, { userId: fan.user.id, streamId, role: 'subscriber' }, new Date(Date.now() - 3_600_000), 300).token;
    expect((await watch(fan, expired)).statusCode).toBe(403);
    const other = await createFan(t);
    await follow(t, other.user.id, creator.user.id);
    expect((await watch(other, token)).statusCode).toBe(403);
    const offer: Jsep = { type: 'offer', sdp: 'v=0\r\n' };
    expect((await inject('POST', `/streaming/janus/${streamId}/publish`, fan, { token, jsep: offer })).statusCode).toBe(403);
    const creatorToken = (await join(creator)).credential.token;
    expect((await inject('POST', `/streaming/janus/${streamId}/publish`, await createCreator(t), { token: creatorToken, jsep: offer })).statusCode).toBe(404);
  });

  it('a camera that connects but never sends is not on air: viewers are not let in (issue 27 §1)', async () => {
    const token = (await join(creator)).credential.token;
    const silent = await createPublisher(async (offer) => {
      const res = await inject('POST', `/streaming/janus/${streamId}/publish`, creator, { token, jsep: offer });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.jsep;
    });
    peers.push(silent);
    await silent.connected(); // ICE and DTLS up, not one frame sent
    // Janus would report the first packets within a second; two pass and the camera is still off.
    await sleep(2_000);
    expect((await inject('GET', `/streaming/live/${streamId}`, fan)).json().data).toMatchObject({ publishing: false });
    expect((await watch(fan, (await join(fan)).credential.token)).statusCode).toBe(409);
    // The first frames put it on air.
    silent.startCamera(30);
    await until('the camera on air', async () => (await inject('GET', `/streaming/live/${streamId}`, fan)).json().data.publishing === true);
    const peerId = t.ctx.streaming.peers.idsOf(streamId, creator.user.id, 'publisher')[0]!;
    expect((await inject('POST', `/streaming/janus/${streamId}/leave`, creator, { peerId })).statusCode).toBe(200);
    await silent.close();
  });

  it("a made-up SDP with a valid credential is the caller's mistake: 400 with a clear message, for the camera's offer and a viewer's answer", async () => {
    const token = (await join(creator)).credential.token;
    for (const sdp of ['not an SDP at all', 'v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n']) {
      const res = await inject('POST', `/streaming/janus/${streamId}/publish`, creator, { token, jsep: { type: 'offer', sdp } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/^The live video server could not use your session description \(SDP\): ./);
    }
    expect((await inject('GET', `/streaming/live/${streamId}`, creator)).json().data.publishing).toBe(false);

    // A viewer's made-up answer to Janus's offer: 400 too.
    const publisher = await createPublisher(async (offer) => {
      const res = await inject('POST', `/streaming/janus/${streamId}/publish`, creator, { token, jsep: offer });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.jsep;
    });
    peers.push(publisher);
    publisher.startCamera(30);
    await publisher.connected();
    const fanToken = (await join(fan)).credential.token;
    let peerId = '';
    for (let i = 0; !peerId; i++) {
      const res = await watch(fan, fanToken);
      if (res.statusCode === 409 && i < 50) await sleep(200);
      else peerId = res.json().data.peerId;
    }
    const started = await inject('POST', `/streaming/janus/${streamId}/start`, fan, { peerId, jsep: { type: 'answer', sdp: 'not an SDP at all' } });
    expect(started.statusCode, started.body).toBe(400);
    expect(started.json().message).toMatch(/^The live video server could not use your session description \(SDP\): ./);
    expect((await inject('POST', `/streaming/janus/${streamId}/leave`, fan, { peerId })).statusCode).toBe(200);
    expect((await inject('POST', `/streaming/janus/${streamId}/leave`, creator, { peerId: t.ctx.streaming.peers.idsOf(streamId, creator.user.id, 'publisher')[0]! })).statusCode).toBe(200);
    await publisher.close();
  });

  it('media flows from the creator to an entitled fan; viewers are counted; the camera going off counts them out', async () => {
    let publisherPeer = '';
    const publisher = await createPublisher(async (offer) => {
      const res = await inject('POST', `/streaming/janus/${streamId}/publish`, creator, { token: (await join(creator)).credential.token, jsep: offer });
      expect(res.statusCode, res.body).toBe(200);
      publisherPeer = res.json().data.peerId;
      return res.json().data.jsep;
    });
    peers.push(publisher);
    publisher.startCamera(30);
    await publisher.connected();
    // On air once Janus reports the camera's first packets.
    await until('the camera on air', async () => (await inject('GET', `/streaming/live/${streamId}`, fan)).json().data.publishing === true);

    const token = (await join(fan)).credential.token;
    let peerId = '';
    const viewer = await createViewer(
      async () => {
        for (let i = 0; ; i++) {
          const res = await watch(fan, token);
          if (res.statusCode === 409 && i < 50) {
            await sleep(200);
            continue;
          }
          expect(res.statusCode, res.body).toBe(200);
          peerId = res.json().data.peerId;
          return { peerId, offer: res.json().data.jsep };
        }
      },
      async (id, answer) => {
        // Someone else's peer id is not theirs to start.
        expect((await inject('POST', `/streaming/janus/${streamId}/start`, creator, { peerId: id, jsep: answer })).statusCode).toBe(404);
        const res = await inject('POST', `/streaming/janus/${streamId}/start`, fan, { peerId: id, jsep: answer });
        expect(res.statusCode, res.body).toBe(200);
      },
    );
    peers.push(viewer);
    await viewer.connected();
    await until('the viewer receives the creator’s frames', () => viewer.frames() > 20);
    expect((await inject('GET', `/streaming/live/${streamId}`, fan)).json().data.viewerCount).toBe(1);

    // Full (the operator's liveWebrtcViewersPerServer, and one server): a newcomer is turned away
    // (503); a viewer already counted in (a second tab) gets in, and hanging that second peer up
    // leaves them watching.
    const admin = await createAdmin(t);
    const perServer = (value: number) => t.app.inject({ method: 'PUT', url: '/admin/settings/liveWebrtcViewersPerServer', headers: admin.auth, payload: { value } });
    expect((await perServer(1)).statusCode).toBe(200);
    const late = await createFan(t);
    await follow(t, late.user.id, creator.user.id);
    const full = await watch(late, (await join(late)).credential.token);
    expect(full.statusCode).toBe(503);
    expect(full.json().message).toMatch(/full/);
    const secondTab = await watch(fan, token);
    expect(secondTab.statusCode, secondTab.body).toBe(200);
    expect((await inject('POST', `/streaming/janus/${streamId}/leave`, fan, { peerId: secondTab.json().data.peerId })).statusCode).toBe(200);
    expect((await perServer(200)).statusCode).toBe(200);
    expect((await t.ctx.db.select({ n: streams.viewerCount }).from(streams).where(eq(streams.id, streamId)))[0]!.n).toBe(1);
    await until('the first tab still receives frames', async () => {
      const before = viewer.frames();
      await sleep(300);
      return viewer.frames() > before;
    });

    // The creator's camera goes off (their leave): Janus drops the viewers' peers, which the API
    // hears (LiveMedia.onPeerClosed) — the viewer's presence closes; the stream is no longer publishing.
    const pubPeer = publisherPeer;
    expect((await inject('POST', `/streaming/janus/${streamId}/leave`, fan, { peerId: pubPeer })).statusCode).toBe(404);
    expect((await inject('POST', `/streaming/janus/${streamId}/leave`, creator, { peerId: pubPeer })).statusCode).toBe(200);
    await until('the viewer is counted out', async () => (await inject('GET', `/streaming/live/${streamId}`, fan)).json().data.viewerCount === 0);
    expect((await inject('GET', `/streaming/live/${streamId}`, fan)).json().data.publishing).toBe(false);
    expect((await inject('POST', `/streaming/janus/${streamId}/leave`, fan, { peerId })).statusCode).toBe(404);
  });

  it('a fan banned since their credential was issued cannot watch (the relay re-checks entitlement)', async () => {
    const late = await createFan(t);
    await follow(t, late.user.id, creator.user.id);
    const { token } = (await join(late)).credential;
    await t.ctx.db.insert(streamBans).values({ performerId: creator.user.id, userId: late.user.id });
    expect((await watch(late, token)).statusCode).toBe(403);
    const stranger = await createFan(t);
    expect((await join(stranger)).entitled).toBe(false);
  });

  it('a watching fan the creator blocks loses their media at once, is counted out and cannot watch again (404)', async () => {
    const publisher = await createPublisher(async (offer) => {
      const res = await inject('POST', `/streaming/janus/${streamId}/publish`, creator, { token: (await join(creator)).credential.token, jsep: offer });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.jsep;
    });
    peers.push(publisher);
    publisher.startCamera(30);
    await publisher.connected();
    const blocked = await createFan(t);
    await follow(t, blocked.user.id, creator.user.id);
    const token = (await join(blocked)).credential.token;
    const viewer = await createViewer(
      async () => {
        for (let i = 0; ; i++) {
          const res = await watch(blocked, token);
          if (res.statusCode === 409 && i < 50) {
            await sleep(200);
            continue;
          }
          expect(res.statusCode, res.body).toBe(200);
          return { peerId: res.json().data.peerId, offer: res.json().data.jsep };
        }
      },
      async (id, answer) => expect((await inject('POST', `/streaming/janus/${streamId}/start`, blocked, { peerId: id, jsep: answer })).statusCode).toBe(200),
    );
    peers.push(viewer);
    await viewer.connected();
    await until('the viewer receives frames', () => viewer.frames() > 10);
    expect((await t.ctx.db.select({ n: streams.viewerCount }).from(streams).where(eq(streams.id, streamId)))[0]!.n).toBe(1);

    expect((await inject('POST', '/block/users', creator, { targetId: blocked.user.id })).statusCode).toBe(200);
    await t.ctx.queue.drain(); // the user.blocked handlers (streaming.handlers.ts)
    expect(t.ctx.streaming.peers.idsOf(streamId, blocked.user.id, 'subscriber')).toEqual([]);
    expect((await t.ctx.db.select({ n: streams.viewerCount }).from(streams).where(eq(streams.id, streamId)))[0]!.n).toBe(0);
    await until('no more frames reach the blocked viewer', async () => {
      const before = viewer.frames();
      await sleep(500);
      return viewer.frames() === before;
    });
    expect((await watch(blocked, token)).statusCode).toBe(404);
    expect((await inject('GET', `/streaming/join/${streamId}`, blocked)).statusCode).toBe(404);
    await publisher.close();
  });

  it('ending the stream destroys its room: the relay refuses the stream afterwards', async () => {
    const token = (await join(fan)).credential.token;
    expect((await inject('POST', `/streaming/live/${streamId}/end`, creator)).json().data.status).toBe('ended');
    expect((await watch(fan, token)).statusCode).toBe(404);
  });

  // After the shared stream has ended: the sweep below ends every stream past the grace.
  it("a creator who vanishes without hanging up (camera process killed): viewers hear of the drop, a camera back within the grace resumes the same stream, and gone for good it ends as publisher_lost (issue 27 §1)", async () => {
    const admin = await createAdmin(t);
    expect((await t.app.inject({ method: 'PUT', url: '/admin/settings/liveReconnectGraceSeconds', headers: admin.auth, payload: { value: 10 } })).statusCode).toBe(200);
    const host = await createCreator(t);
    const watcher = await createFan(t);
    await follow(t, watcher.user.id, host.user.id);
    const live = await inject('POST', '/streaming/live', host, { type: 'public', title: 'Vanishing act' });
    const id = live.json().data._id as string;
    const room = await connectClient(await listen(t.app), watcher.token, sockets);
    expect(await joinRoom(room, 'stream/join', { streamId: id })).toBe(true);
    const publishVia = async (offer: Jsep) => {
      const token = (await inject('GET', `/streaming/join/${id}`, host)).json().data.credential.token;
      const res = await inject('POST', `/streaming/janus/${id}/publish`, host, { token, jsep: offer });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.jsep as Jsep;
    };
    const updates = () => got(room, 'stream/updated').map((e) => e.stream);
    const live2 = async () => (await inject('GET', `/streaming/live/${id}`, watcher)).json().data;

    const first = await spawnPublisher(publishVia);
    await until('the camera is on air', async () => (await live2()).publishing === true);
    // Janus reports media stopping only once it has received some: a viewer's frames show it has.
    const token = (await inject('GET', `/streaming/join/${id}`, watcher)).json().data.credential.token;
    const viewer = await createViewer(
      async () => {
        for (let i = 0; ; i++) {
          const res = await inject('POST', `/streaming/janus/${id}/watch`, watcher, { token });
          if (res.statusCode === 409 && i < 50) {
            await sleep(200);
            continue;
          }
          expect(res.statusCode, res.body).toBe(200);
          return { peerId: res.json().data.peerId, offer: res.json().data.jsep };
        }
      },
      async (peerId, answer) => {
        expect((await inject('POST', `/streaming/janus/${id}/start`, watcher, { peerId, jsep: answer })).statusCode).toBe(200);
      },
    );
    peers.push(viewer);
    await until('the viewer receives frames', () => viewer.frames() > 10);
    first.kill();
    // Nothing hangs up: Janus reports the media stopped, and the room hears the drop.
    await until('viewers hear the connection dropped', () => updates().some((u) => !u.publishing && u.droppedAt !== null));
    expect(await live2()).toMatchObject({ status: 'live', publishing: false, droppedAt: expect.any(String), reconnectBy: expect.any(String) });

    // Back within the grace: the same stream goes on.
    const second = await spawnPublisher(publishVia);
    await until('the camera is back on air', async () => (await live2()).publishing === true);
    expect(await live2()).toMatchObject({ _id: id, status: 'live', droppedAt: null, reconnectBy: null });

    // Gone for good: the worker's sweep ends it once the grace (10 s) is over.
    second.kill();
    await until('the drop is seen again', async () => (await live2()).publishing === false);
    await until('the stream ends as publisher_lost', async () => {
      await t.ctx.streaming.streams.endAbandoned(new Date());
      return got(room, 'stream/ended').length > 0;
    }, 30_000);
    expect(got(room, 'stream/ended')[0]).toEqual({ streamId: id, reason: 'publisher_lost' });
    expect(await live2()).toMatchObject({ status: 'ended', endReason: 'publisher_lost', publishing: false });
    expect((await t.app.inject({ method: 'PUT', url: '/admin/settings/liveReconnectGraceSeconds', headers: admin.auth, payload: { value: 60 } })).statusCode).toBe(200);
  }, 90_000);

  it('Janus down: the relay answers 503 (the server, not the caller), even for a made-up SDP', async () => {
    const live = await inject('POST', '/streaming/live', creator, { type: 'public', title: 'Before Janus stops' });
    expect(live.statusCode, live.body).toBe(200);
    const id = live.json().data._id;
    const token = (await inject('GET', `/streaming/join/${id}`, creator)).json().data.credential.token;
    await janus.stop();
    await until('the API sees Janus gone', () => !t.ctx.liveMedia!.available());
    for (const sdp of ['not an SDP at all', 'v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n']) {
      const res = await inject('POST', `/streaming/janus/${id}/publish`, creator, { token, jsep: { type: 'offer', sdp } });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().message).toBe(LIVE_UNAVAILABLE);
    }
  });
});
