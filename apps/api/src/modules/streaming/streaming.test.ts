import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { STREAM_CREDENTIAL_SECONDS } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { follow, subscribe } from '../../../test/factories';
import { connectClient, got, joinRoom, listen, waitFor, type Client } from '../../../test/sockets';
import { expectLedgerBalanced, topUp } from '../../../test/money';
import { AGORA_APP_ID, agoraOn, goLive, parseAgoraToken } from '../../../test/streams';
import { agoraUid } from '../../platform/live/agora';
import { auditLog } from '../../platform/audit.tables';
import { userBlocks } from '../blocks/blocks.tables';
import { streamBans } from './streaming.tables';

/**
 * THE entitlement rule through its two doors (GET /streaming/join, POST /streaming/agora/token),
 * with Agora switched on (no Janus needed): every kind of viewer × every kind of stream.
 */
let t: TestApp;
const who: Record<string, Made> = {};
const stream: Record<'publicFollowers' | 'publicSubscribers' | 'group' | 'private', string> = { publicFollowers: '', publicSubscribers: '', group: '', private: '' };
const creatorOf: Record<string, Made> = {};

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, m: Made | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: m ? { ...m.auth, 'idempotency-key': `k-${Math.random()}` } : {}, payload: payload as never });

beforeAll(async () => {
  t = await createTestApp();
  await agoraOn(t);
  for (const k of ['publicFollowers', 'publicSubscribers', 'group', 'private'] as const) creatorOf[k] = await createCreator(t);
  for (const k of ['follower', 'subscriber', 'buyer', 'nonBuyer', 'blocked', 'banned', 'privateFan']) who[k] = await createFan(t);
  who.admin = await createAdmin(t);

  stream.publicFollowers = (await goLive(t, creatorOf.publicFollowers!, { title: 'For followers' }))._id;
  stream.publicSubscribers = (await goLive(t, creatorOf.publicSubscribers!, { title: 'For subscribers', access: 'subscribers' }))._id;
  stream.group = (await goLive(t, creatorOf.group!, { type: 'group', title: 'Ticketed', price: 5 }))._id;
  // The private show: the creator offers them, the fan (with a balance) asks, the creator accepts.
  expect((await inject('PUT', '/streaming/update', creatorOf.private!, { privateRate: 3 })).statusCode).toBe(200);
  await topUp(t, who.privateFan!, 20, { card: true });
  const asked = await inject('POST', '/streaming/private-requests', who.privateFan!, { performerId: creatorOf.private!.user.id });
  expect(asked.statusCode).toBe(200);
  const accepted = await inject('POST', `/streaming/private-requests/${asked.json().data._id}/accept`, creatorOf.private!);
  expect(accepted.statusCode).toBe(200);
  stream.private = accepted.json().data.streamId;

  // Tickets are bought through the wallet (the stream kind's sale) — the banned and blocked fans bought one before.
  for (const k of ['buyer', 'banned', 'blocked'] as const) {
    await topUp(t, who[k]!, 20, { card: true });
    const bought = await inject('POST', `/wallet/charges/stream/${stream.group}`, who[k]!);
    expect(bought.statusCode, bought.body).toBe(200);
  }
  for (const c of Object.values(creatorOf)) {
    await follow(t, who.follower!.user.id, c.user.id);
    await subscribe(t, who.subscriber!.user.id, c.user.id);
    // The blocked and the banned fans have everything else: the block or the ban is the reason.
    for (const k of ['blocked', 'banned'] as const) {
      await follow(t, who[k]!.user.id, c.user.id);
      await subscribe(t, who[k]!.user.id, c.user.id);
    }
    await t.ctx.db.insert(userBlocks).values({ blockerId: c.user.id, targetId: who.blocked!.user.id });
    await t.ctx.db.insert(streamBans).values({ performerId: c.user.id, userId: who.banned!.user.id, until: null, reason: 'spam' });
  }
}, 120_000);
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t?.close();
});

type Col = keyof typeof stream;
/** What a viewer gets: 'publisher'/'subscriber' = entitled with that role; a need; or an HTTP status. */
type Outcome = 'publisher' | 'subscriber' | 'follow' | 'subscribe' | 'ticket' | 'balance' | 401 | 403 | 404;
const TABLE: Array<[string, Record<Col, Outcome>]> = [
  ['owner', { publicFollowers: 'publisher', publicSubscribers: 'publisher', group: 'publisher', private: 'publisher' }],
  ['follower', { publicFollowers: 'subscriber', publicSubscribers: 'subscribe', group: 'ticket', private: 404 }],
  ['subscriber', { publicFollowers: 'subscriber', publicSubscribers: 'subscriber', group: 'ticket', private: 404 }],
  ['buyer', { publicFollowers: 'follow', publicSubscribers: 'subscribe', group: 'subscriber', private: 404 }],
  ['nonBuyer', { publicFollowers: 'follow', publicSubscribers: 'subscribe', group: 'ticket', private: 404 }],
  ['blocked', { publicFollowers: 404, publicSubscribers: 404, group: 404, private: 404 }],
  ['banned', { publicFollowers: 403, publicSubscribers: 403, group: 403, private: 404 }],
  // An operator without an audited watch (README "Operators watching"): only the stream free to anyone; with one: operator-watch.test.ts.
  ['admin', { publicFollowers: 'subscriber', publicSubscribers: 'subscribe', group: 'ticket', private: 404 }],
  ['privateFan', { publicFollowers: 'follow', publicSubscribers: 'subscribe', group: 'ticket', private: 'subscriber' }],
  ['anonymous', { publicFollowers: 401, publicSubscribers: 401, group: 401, private: 401 }],
];
const CASES = TABLE.flatMap(([viewer, row]) => (Object.keys(row) as Col[]).map((col) => [viewer, col, row[col]] as const));
const viewerOf = (name: string, col: Col): Made | null => (name === 'anonymous' ? null : name === 'owner' ? creatorOf[col]! : who[name]!);

describe('GET /streaming/join/{id}: the entitlement table', () => {
  it.each(CASES)('%s × %s → %s', async (viewer, col, outcome) => {
    const m = viewerOf(viewer, col);
    const res = await inject('GET', `/streaming/join/${stream[col]}`, m);
    if (typeof outcome === 'number') {
      expect(res.statusCode, res.body).toBe(outcome);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.stream._id).toBe(stream[col]);
    if (outcome === 'publisher' || outcome === 'subscriber') {
      expect(d).toMatchObject({ entitled: true, need: null });
      expect(d.stream.entitled).toBe(true);
      expect(d.credential).toMatchObject({ provider: 'agora', role: outcome, appId: AGORA_APP_ID, uid: agoraUid(m!.user.id) });
    } else {
      expect(d).toMatchObject({ entitled: false, credential: null, need: outcome });
      expect(d.stream.entitled).toBe(false);
      if (outcome === 'ticket') expect(d).toMatchObject({ price: 5, balance: viewer === 'privateFan' ? 20 : 0 });
    }
  });

  it('a private show asks for a balance when the fan holds less than one minute', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await inject('PUT', '/streaming/update', creator, { privateRate: 3 });
    await topUp(t, fan, 5, { card: true });
    const req = await inject('POST', '/streaming/private-requests', fan, { performerId: creator.user.id });
    const acc = await inject('POST', `/streaming/private-requests/${req.json().data._id}/accept`, creator);
    // The fan spent their balance meanwhile (here: a tip to someone else).
    const other = await createCreator(t);
    await t.ctx.settings.set('minimumTipPrice', 1);
    expect((await inject('POST', `/wallet/charges/tip/${other.user.id}`, fan, { price: 3 })).statusCode).toBe(200);
    const res = await inject('GET', `/streaming/join/${acc.json().data.streamId}`, fan);
    expect(res.json().data).toMatchObject({ entitled: false, need: 'balance', price: 3, balance: 2, credential: null });
  });
});

describe('POST /streaming/agora/token: the same table, decoded with the SDK', () => {
  it.each(CASES)('%s × %s → %s', async (viewer, col, outcome) => {
    const m = viewerOf(viewer, col);
    const res = await inject('POST', '/streaming/agora/token', m, { streamId: stream[col] });
    if (outcome !== 'publisher' && outcome !== 'subscriber') {
      // Not entitled: refused (what is needed is GET join's to say); blocked or unknown → 404.
      expect(res.statusCode, res.body).toBe(typeof outcome === 'number' ? outcome : 403);
      expect(res.body).not.toContain('"channel"');
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().data;
    expect(c).toMatchObject({ provider: 'agora', role: outcome, appId: AGORA_APP_ID, uid: agoraUid(m!.user.id) });
    expect(c.channel).toMatch(/^[0-9a-f]{32}$/);
    const tok = parseAgoraToken(c.token);
    expect(tok).toMatchObject({ appId: AGORA_APP_ID, channel: c.channel, uid: String(c.uid), signatureValid: true });
    expect(tok.expire).toBeLessThanOrEqual(600);
    expect(tok.expire).toBe(STREAM_CREDENTIAL_SECONDS);
    expect(new Date(c.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(600_000);
    // Join privilege for everyone; publish (audio, video, data) only for the stream's creator.
    const privileges = Object.keys(tok.privileges).sort();
    expect(privileges).toEqual(outcome === 'publisher' ? ['1', '2', '3', '4'] : ['1']);
  });

  it('every stream has its own unguessable channel, shown to no one who is not entitled', async () => {
    const channels = new Set<string>();
    for (const col of Object.keys(stream) as Col[]) channels.add((await inject('POST', '/streaming/agora/token', creatorOf[col]!, { streamId: stream[col] })).json().data.channel);
    expect(channels.size).toBe(4);
    const listed = await inject('GET', '/streaming/user/search', null);
    const got = await inject('GET', `/streaming/live/${stream.group}`, who.nonBuyer!);
    for (const body of [listed.body, got.body]) for (const ch of channels) expect(body).not.toContain(ch);
  });

  it('a renewal after a ban is refused', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await follow(t, fan.user.id, creator.user.id);
    const s = await goLive(t, creator);
    expect((await inject('POST', '/streaming/agora/token', fan, { streamId: s._id })).statusCode).toBe(200);
    const ban = await inject('POST', '/streaming/bans', creator, { userId: fan.user.id, streamId: s._id });
    expect(ban.statusCode, ban.body).toBe(200);
    expect((await inject('POST', '/streaming/agora/token', fan, { streamId: s._id })).statusCode).toBe(403);
    expect((await inject('GET', `/streaming/join/${s._id}`, fan)).statusCode).toBe(403);
  });

  it('with Agora off and no Janus: 503 with a message, and going live is refused the same way', async () => {
    const creator = await createCreator(t);
    const s = await goLive(t, creator);
    await t.ctx.settings.set('agoraEnable', false);
    try {
      const token = await inject('POST', '/streaming/agora/token', creator, { streamId: s._id });
      expect(token.statusCode).toBe(503);
      expect(token.json().message).toBe('Live streaming is not available right now');
      expect((await inject('GET', `/streaming/join/${s._id}`, creator)).statusCode).toBe(503);
      expect((await inject('POST', '/streaming/live', creator, { type: 'public', title: 'Again' })).statusCode).toBe(503);
    } finally {
      await agoraOn(t);
    }
  });
});

describe('streams: who may do what', () => {
  it('update another creator’s stream → 404; a fan cannot go live (403); end by a non-owner → 404', async () => {
    const a = await createCreator(t);
    const b = await createCreator(t);
    const fan = await createFan(t);
    const s = await goLive(t, a);
    expect((await inject('PUT', `/streaming/live/${s._id}`, b, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await inject('PUT', `/streaming/live/${s._id}`, a, { title: 'Renamed' })).json().data.title).toBe('Renamed');
    expect((await inject('POST', '/streaming/live', fan, { type: 'public', title: 'Fan live' })).statusCode).toBe(403);
    expect((await inject('POST', `/streaming/live/${s._id}/end`, b)).statusCode).toBe(404);
    expect((await inject('POST', `/streaming/live/${s._id}/end`, fan)).statusCode).toBe(404);
    const ended = await inject('POST', `/streaming/live/${s._id}/end`, a);
    expect(ended.json().data).toMatchObject({ status: 'ended', endReason: 'creator' });
    expect((await inject('GET', `/streaming/join/${s._id}`, a)).statusCode).toBe(404);
  });

  it('an operator ends any stream, audited', async () => {
    const a = await createCreator(t);
    const s = await goLive(t, a);
    const res = await inject('POST', `/streaming/live/${s._id}/end`, who.admin!);
    expect(res.json().data).toMatchObject({ status: 'ended', endReason: 'admin' });
    const [entry] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'stream.end'), eq(auditLog.targetId, s._id)));
    expect(entry).toMatchObject({ actorId: who.admin!.user.id, targetType: 'stream' });
  });

  it('going live again ends the previous stream (replaced): one live stream per creator', async () => {
    const a = await createCreator(t);
    const first = await goLive(t, a, { title: 'First' });
    const second = await goLive(t, a, { title: 'Second' });
    expect((await inject('GET', `/streaming/live/${first._id}`, a)).json().data).toMatchObject({ status: 'ended', endReason: 'replaced' });
    expect((await inject('GET', `/streaming/live/${second._id}`, a)).json().data.status).toBe('live');
  });

  it('set-duration answers the server-measured seconds, whatever the client says', async () => {
    const a = await createCreator(t);
    const fan = await createFan(t);
    await follow(t, fan.user.id, a.user.id);
    const s = await goLive(t, a);
    const real = t.ctx.clock.now;
    const t0 = new Date();
    try {
      t.ctx.clock.now = () => t0;
      const first = await inject('PUT', '/streaming/set-duration', fan, { streamId: s._id, duration: 99_999 });
      expect(first.json().data).toEqual({ duration: 0, status: 'live' });
      t.ctx.clock.now = () => new Date(t0.getTime() + 42_000);
      const later = await inject('PUT', '/streaming/set-duration', fan, { streamId: s._id, duration: 5 });
      expect(later.json().data).toEqual({ duration: 42, status: 'live' });
      expect((await inject('GET', `/streaming/live/${s._id}`, fan)).json().data.viewerCount).toBe(1);
      // Not entitled: no presence.
      expect((await inject('PUT', '/streaming/set-duration', await createFan(t), { streamId: s._id })).statusCode).toBe(403);
    } finally {
      t.ctx.clock.now = real;
    }
  });

  it('the live list and a stream show public info only: no channel, room, secret or pin', async () => {
    const res = await inject('GET', '/streaming/user/search', null);
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json().data;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(data.map((s: { _id: string }) => s._id)).not.toContain(stream.private);
    for (const s of data) {
      expect(Object.keys(s).sort()).toEqual([
        '_id', 'access', 'audience', 'canModerate', 'conversationId', 'description', 'droppedAt', 'endReason', 'endedAt', 'entitled', 'minTierId', 'performer', 'performerId', 'price', 'provider',
        'publishing', 'reconnectBy', 'record', 'replayError', 'replayStatus', 'replayVideoId', 'slowModeSeconds', 'startedAt', 'status', 'tipGoal', 'tipsTotal', 'title', 'type', 'viewerCount',
      ]);
      // Replays are the creator's business: null for everyone else.
      expect(s).toMatchObject({ record: null, replayStatus: null, replayError: null, replayVideoId: null });
      expect(s.performer).toMatchObject({ _id: s.performerId });
    }
    expect(res.body).not.toMatch(/channel|room|secret|"pin"/i);
    // A private show is for its two parties (and operators: its metadata) only.
    expect((await inject('GET', `/streaming/live/${stream.private}`, who.follower!)).statusCode).toBe(404);
    expect((await inject('GET', `/streaming/live/${stream.private}`, who.privateFan!)).statusCode).toBe(200);
    expect((await inject('GET', `/streaming/live/${stream.publicFollowers}`, who.blocked!)).statusCode).toBe(404);
    const filtered = await inject('GET', `/streaming/user/search?performerId=${creatorOf.group!.user.id}`, who.blocked!);
    expect(filtered.json().data.total).toBe(0);
  });
});

describe('sockets: stream rooms by the entitlement rule', () => {
  const open: Client[] = [];
  let url = '';
  beforeAll(async () => {
    url = await listen(t.app);
  });
  afterAll(() => {
    for (const c of open) c.close();
  });

  it("'stream/join' puts only entitled viewers in the room; everyone hears 'stream/status'; the room hears the end", async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const outsider = await createFan(t);
    await follow(t, fan.user.id, creator.user.id);
    const fanSocket = await connectClient(url, fan.token, open);
    const outsiderSocket = await connectClient(url, outsider.token, open);
    const s = await goLive(t, creator);
    await waitFor(outsiderSocket, 'stream/status');
    expect(got(outsiderSocket, 'stream/status')).toContainEqual({ streamId: s._id, performerId: creator.user.id, status: 'live', type: 'public' });
    expect(await joinRoom(fanSocket, 'stream/join', { streamId: s._id })).toBe(true);
    expect(await joinRoom(outsiderSocket, 'stream/join', { streamId: s._id })).toBe(false);
    // A heartbeat opens the fan's presence: the room hears the count.
    await inject('PUT', '/streaming/set-duration', fan, { streamId: s._id });
    expect(await waitFor(fanSocket, 'stream/viewers')).toContainEqual({ streamId: s._id, count: 1, audience: { webrtc: 1, hls: 0 } });
    await inject('POST', `/streaming/live/${s._id}/end`, creator);
    expect(await waitFor(fanSocket, 'stream/ended')).toContainEqual({ streamId: s._id, reason: 'creator' });
    await waitFor(outsiderSocket, 'stream/status', 2);
    expect(got(outsiderSocket, 'stream/viewers')).toEqual([]);
    expect(got(outsiderSocket, 'stream/ended')).toEqual([]);
  });

  it("a ban kicks the viewer: 'stream/kicked', out of the room", async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await follow(t, fan.user.id, creator.user.id);
    const s = await goLive(t, creator);
    const sock = await connectClient(url, fan.token, open);
    expect(await joinRoom(sock, 'stream/join', { streamId: s._id })).toBe(true);
    expect((await inject('POST', '/streaming/bans', creator, { userId: fan.user.id, streamId: s._id, minutes: 10 })).statusCode).toBe(200);
    const [kicked] = await waitFor(sock, 'stream/kicked');
    expect(kicked).toMatchObject({ streamId: s._id, performerId: creator.user.id, until: expect.any(String) });
    await inject('POST', `/streaming/live/${s._id}/end`, creator);
    // The end goes to the room ('stream/ended'), then to everyone ('stream/status'): once the
    // status arrived, an 'stream/ended' to this socket would have too.
    expect(await waitFor(sock, 'stream/status')).toEqual([expect.objectContaining({ streamId: s._id, status: 'ended' })]);
    expect(got(sock, 'stream/ended')).toEqual([]);
  });
});
