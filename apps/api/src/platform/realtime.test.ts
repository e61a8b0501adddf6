import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, MediaStatusEvent, ServerToClientEvents } from '@stagepass/shared';
import { buildAppWithRoot } from '../app';
import { openDatabase } from '../db/client';
import { createCreator, createFan, createTestApp, type TestApp } from '../../test/harness';
import { mediaFixtures } from '../modules/media/media.fixtures';
import { eventually, flushed, listen } from '../../test/sockets';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let base: string;
const clients: Client[] = [];


function client(url: string, token: string | undefined, opts: { reconnection?: boolean } = {}): Client {
  const s: Client = connect(url, { query: token === undefined ? {} : { token }, transports: ['websocket'], reconnection: opts.reconnection ?? false, forceNew: true });
  clients.push(s);
  return s;
}
const connected = (s: Client) =>
  new Promise<void>((resolve, reject) => {
    if (s.connected) return resolve();
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
const refused = (s: Client) =>
  new Promise<string>((resolve, reject) => {
    s.once('connect', () => reject(new Error('connected')));
    s.once('connect_error', (e) => resolve(e.message));
  });
const disconnected = (s: Client) => new Promise<string>((resolve) => (s.disconnected ? resolve('already') : s.once('disconnect', (reason) => resolve(reason))));
const next = <E extends keyof ServerToClientEvents>(s: Client, event: E) =>
  new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) => s.once(event, ((e: Parameters<ServerToClientEvents[E]>[0]) => resolve(e)) as never));

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await t?.close();
});

describe('realtime gateway', () => {
  it('a valid token in the query connects and receives its own user events', async () => {
    const fan = await createFan(t);
    const s = client(base, fan.token);
    // Connected means in its rooms: the gateway joins them in the tick it acknowledges the connection.
    await connected(s);
    const got = next(s, 'media/status');
    t.ctx.realtime.toUser(fan.user.id, 'media/status', { fileId: 'f1', status: 'ready' });
    expect(await got).toEqual({ fileId: 'f1', status: 'ready' });
    expect(await t.ctx.realtime.isOnline(fan.user.id)).toBe(true);
    s.close();
    await eventually('the closed socket to go offline', async () => !(await t.ctx.realtime.isOnline(fan.user.id)));
  });

  it('no token, an unknown token and a revoked token are refused with a clear message', async () => {
    expect(await refused(client(base, undefined))).toBe('A token is required');
    expect(await refused(client(base, 'not-a-token'))).toBe('Your session has expired, please log in again');
    const fan = await createFan(t);
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers: fan.auth })).statusCode).toBe(200);
    expect(await refused(client(base, fan.token))).toBe('Your session has expired, please log in again');
  });

  it('after a reconnect the client re-authenticates with auth/login {token}; a revoked token is refused and closed', async () => {
    const fan = await createFan(t);
    const s = client(base, fan.token, { reconnection: true });
    await connected(s);
    const reconnected = new Promise<void>((resolve) => s.io.once('reconnect', () => resolve()));
    s.io.engine.close(); // the transport drops: the manager reconnects
    await reconnected;
    const ok = next(s, 'auth/result');
    s.emit('auth/login', { token: fan.token });
    // The server joins the rooms before it answers.
    expect(await ok).toEqual({ ok: true });
    const got = next(s, 'media/status');
    t.ctx.realtime.toUser(fan.user.id, 'media/status', { fileId: 'f2', status: 'processing' });
    expect(await got).toEqual({ fileId: 'f2', status: 'processing' });

    const other = await createFan(t);
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers: other.auth });
    const no = next(s, 'auth/result');
    const closed = disconnected(s);
    s.emit('auth/login', { token: other.token });
    expect(await no).toEqual({ ok: false, message: 'Your session has expired, please log in again' });
    expect(await closed).toBe('io server disconnect');
  });

  it("a logout closes that session's sockets at once, not the user's other sessions; a password change closes them all", async () => {
    const fan = await createFan(t);
    const second = await t.ctx.auth.issueSession(fan.user.id, false);
    const a = client(base, fan.token);
    const b = client(base, second.token);
    await Promise.all([connected(a), connected(b)]);
    const closedA = disconnected(a);
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers: fan.auth })).statusCode).toBe(200);
    expect(await closedA).toBe('io server disconnect');
    // Had the logout closed b too, b would not get this marker (sent after the disconnects).
    await flushed(t, b, fan.user.id);
    expect(b.connected).toBe(true);

    const closedB = disconnected(b);
    const res = await t.app.inject({ method: 'PUT', url: '/auth/users/me/password', headers: { authorization: `Bearer ${second.token}` }, payload: { currentPassword: fan.password, password: 'another-pass-93' } });
    expect(res.statusCode).toBe(200);
    expect(await closedB).toBe('io server disconnect');
  });

  it("a fan never receives another user's events", async () => {
    const [a, b] = [await createFan(t), await createFan(t)];
    const sa = client(base, a.token);
    const sb = client(base, b.token);
    await Promise.all([connected(sa), connected(sb)]);
    const seenByA: unknown[] = [];
    sa.on('media/status', (e) => seenByA.push(e));
    const got = next(sb, 'media/status');
    t.ctx.realtime.toUser(b.user.id, 'media/status', { fileId: 'fb', status: 'ready' });
    expect(await got).toEqual({ fileId: 'fb', status: 'ready' });
    await flushed(t, sa, a.user.id);
    expect(seenByA).toEqual([]);
  });

  it('the uploader is told each processing status of its file (id and status, no URL); nobody else is', async () => {
    const fx = await mediaFixtures();
    try {
      const creator = await createCreator(t);
      const fan = await createFan(t);
      const sc = client(base, creator.token);
      const sf = client(base, fan.token);
      await Promise.all([connected(sc), connected(sf)]);
      const seen: MediaStatusEvent[] = [];
      const fanSeen: unknown[] = [];
      sc.on('media/status', (e) => seen.push(e));
      sf.on('media/status', (e) => fanSeen.push(e));
      const f = await t.ctx.media.storeUpload(creator.user.id, 'feed-photo', 'image', await fx.image(400, 300));
      await t.ctx.queue.drain();
      await Promise.all([flushed(t, sc, creator.user.id), flushed(t, sf, fan.user.id)]);
      expect(seen).toEqual([
        { fileId: f.id, status: 'processing' },
        { fileId: f.id, status: 'ready' },
      ]);
      expect(fanSeen).toEqual([]);
    } finally {
      await fx.cleanup();
    }
  });
});

// Two API nodes on one PostgreSQL + Redis (CI's second run sets both).
describe('graceful shutdown', () => {
  it("a node that closes tells its sockets to reconnect ('server/restarting') before closing them; their session stays valid", async () => {
    const node = await createTestApp();
    try {
      const url = await listen(node.app);
      const fan = await createFan(node);
      const s = client(url, fan.token);
      await connected(s);
      const seen: string[] = [];
      s.on('server/restarting', (e) => seen.push(`restarting ${e.reconnectAfterMs}`));
      const closed = disconnected(s).then((reason) => seen.push(`disconnect ${reason}`));
      const session = await node.app.inject({ method: 'GET', url: '/users/me', headers: { authorization: `Bearer ${fan.token}` } });
      expect(session.statusCode).toBe(200);
      await node.app.close();
      await closed;
      // The hint comes first. The close itself reaches the client as the server's disconnect packet
      // or, when the engine closes before that packet is flushed, as a transport close: socket.io
      // reconnects by itself after the latter, the web client after the former (lib/socket.tsx).
      expect(seen[0]).toBe('restarting 1000');
      expect(seen[1]).toMatch(/^disconnect (io server disconnect|transport close)$/);
      expect(seen).toHaveLength(2);
    } finally {
      await node.close().catch(() => {});
    }
  });
});

describe.skipIf(!process.env.REDIS_URL || !process.env.DATABASE_URL)('two API nodes on one PostgreSQL + Redis', () => {
  it('an event published on node A reaches a socket on node B; a logout on node A closes a socket on node B; presence comes from live nodes only', async () => {
    const database = await openDatabase({ databaseUrl: t.databaseUrl! });
    const nodeB = await buildAppWithRoot({ config: { ...t.config, WORKERS: 0 }, database, logger: false });
    try {
      await nodeB.app.ready();
      const baseB = await listen(nodeB.app);
      const fan = await createFan(t);
      const other = await createFan(t);
      const s = client(baseB, fan.token);
      const so = client(baseB, other.token);
      await Promise.all([connected(s), connected(so)]);
      expect(await t.ctx.realtime.isOnline(fan.user.id)).toBe(true);
      const otherSeen: unknown[] = [];
      so.on('media/status', (e) => otherSeen.push(e));
      const got = next(s, 'media/status');
      t.ctx.realtime.toUser(fan.user.id, 'media/status', { fileId: 'cross', status: 'ready' });
      expect(await got).toEqual({ fileId: 'cross', status: 'ready' });

      const closed = disconnected(s);
      expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers: fan.auth })).statusCode).toBe(200);
      expect(await closed).toBe('io server disconnect');
      // Published on node A after the disconnect, through the same Redis channel.
      await flushed(t, so, other.user.id);
      expect(so.connected).toBe(true);
      expect(otherSeen).toEqual([]);
      expect([...(await t.ctx.realtime.onlineUsers([fan.user.id, other.user.id]))]).toEqual([other.user.id]);
      // Node B drops out of the cluster as a crash would (its Redis connections gone, its sockets
      // never saying goodbye): their presence goes with it — nothing is left counted in Redis.
      await nodeB.root.realtime.close();
      expect(so.connected).toBe(true);
      expect(await t.ctx.realtime.isOnline(other.user.id)).toBe(false);
    } finally {
      await nodeB.app.close();
      await database.close();
    }
  });
});
