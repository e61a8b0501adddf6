import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ACCESS_REASON_HEADER, REASON_REQUIRED_CODE, encodeAccessReason } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { connectClient, joinRoom, listen, type Client } from '../../../test/sockets';
import { expectLedgerBalanced, topUp } from '../../../test/money';
import { agoraOn, goLive } from '../../../test/streams';
import { auditLog } from '../../platform/audit.tables';
import { operatorStreamWatches } from './operator-watch.tables';

/**
 * Issue 28 §6, live streams (README.md beside this file, "Operators watching"): an operator gets
 * into a stream that is not free to everyone — ticketed, subscribers-only, a private show — with
 * its media credentials and its chat only after POST /admin/streams/{id}/watch with a reason: one
 * audit row naming the creator (and a private show's fan), a grant THE entitlement rule reads,
 * useless for another stream and once the stream ended. Moderation needs no watch.
 */
let t: TestApp;
let admin: Made;
let url = '';
const sockets: Client[] = [];
const creators: Record<'free' | 'subs' | 'ticket' | 'private', Made> = {} as never;
const streamOf: Record<'free' | 'subs' | 'ticket' | 'private', string> = { free: '', subs: '', ticket: '', private: '' };
let privateFan: Made;
let viewer: Made;

const REASON = 'Report #4411: checking the show for rule 7';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const inject = (method: Method, path: string, who: Made | null, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: path, headers: { ...(who?.auth ?? {}), ...headers }, payload: payload as never });
const watch = (id: string, who: Made = admin, reason: string | null = REASON) => inject('POST', `/admin/streams/${id}/watch`, who, undefined, reason === null ? {} : { [ACCESS_REASON_HEADER]: encodeAccessReason(reason) });
const rowsOf = (id: string) => t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'stream.read'), eq(auditLog.targetId, id)));
const grantsOf = (id: string) => t.ctx.db.select().from(operatorStreamWatches).where(eq(operatorStreamWatches.streamId, id));
const totalRows = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

/** Every door an operator could try: join, the Agora token, the chat (read, write, its conversation), the heartbeat, the socket room. */
async function doors(id: string, who: Made = admin) {
  const [join, token, list, send, conversation, beat] = await Promise.all([
    inject('GET', `/streaming/join/${id}`, who),
    inject('POST', '/streaming/agora/token', who, { streamId: id }),
    inject('GET', `/messages/stream/${id}`, who),
    inject('POST', `/messages/stream/${id}`, who, { text: 'Operator here' }),
    inject('GET', `/conversations/stream/${id}`, who),
    inject('PUT', '/streaming/set-duration', who, { streamId: id }),
  ]);
  const socket = await connectClient(url, who.token, sockets);
  const room = await joinRoom(socket, 'stream/join', { streamId: id });
  return { join, token, list, send, conversation, beat, room };
}

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  await agoraOn(t);
  admin = await createAdmin(t);
  for (const k of ['free', 'subs', 'ticket', 'private'] as const) creators[k] = await createCreator(t);
  viewer = await createFan(t);
  streamOf.free = (await goLive(t, creators.free, { title: 'Free for followers' }))._id;
  streamOf.subs = (await goLive(t, creators.subs, { title: 'Subscribers only', access: 'subscribers' }))._id;
  streamOf.ticket = (await goLive(t, creators.ticket, { type: 'group', title: 'Ticketed', price: 5 }))._id;
  // A private show: the creator offers them, the fan with a balance asks, the creator accepts.
  privateFan = await createFan(t);
  expect((await inject('PUT', '/streaming/update', creators.private, { privateRate: 3 })).statusCode).toBe(200);
  await topUp(t, privateFan, 20, { card: true });
  const asked = await inject('POST', '/streaming/private-requests', privateFan, { performerId: creators.private.user.id });
  expect(asked.statusCode, asked.body).toBe(200);
  const accepted = await inject('POST', `/streaming/private-requests/${asked.json().data._id}/accept`, creators.private);
  expect(accepted.statusCode, accepted.body).toBe(200);
  streamOf.private = accepted.json().data.streamId;
  // Someone in the ticketed stream to moderate.
  await topUp(t, viewer, 20, { card: true });
  expect((await inject('POST', `/wallet/charges/stream/${streamOf.ticket}`, viewer, {}, { 'idempotency-key': 'ticket-1' })).statusCode).toBe(200);
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await expectLedgerBalanced(t);
  await t?.close();
});

describe('an operator without an audited watch', () => {
  it.each([
    // [stream, join's answer, the refusal of the other doors] — as the rule answers anyone who holds nothing.
    ['subs', { status: 200, need: 'subscribe' }, 403],
    ['ticket', { status: 200, need: 'ticket' }, 403],
    ['private', { status: 404, need: null }, 404],
  ] as const)('%s: no credential, no chat, no presence, no room', async (k, join, refused) => {
    const d = await doors(streamOf[k]);
    expect(d.join.statusCode, d.join.body).toBe(join.status);
    if (join.status === 200) expect(d.join.json().data).toMatchObject({ entitled: false, credential: null, need: join.need, stream: { entitled: false } });
    for (const res of [d.token, d.list, d.send, d.conversation, d.beat]) expect(res.statusCode, res.body).toBe(refused);
    expect(d.token.body).not.toContain('"channel"');
    expect(d.room).toBe(false);
  });

  it('a free public stream is open to them as to anyone signed in (no reason, no row)', async () => {
    const before = await totalRows();
    const d = await doors(streamOf.free);
    expect(d.join.json().data).toMatchObject({ entitled: true, credential: { provider: 'agora', role: 'subscriber' } });
    for (const res of [d.token, d.list, d.send, d.conversation, d.beat]) expect(res.statusCode, res.body).toBe(200);
    expect(d.room).toBe(true);
    expect(await totalRows()).toBe(before);
  });

  it('moderation needs no watch: the private show\'s metadata, chat settings, clearing, a ban, and ending', async () => {
    expect((await inject('GET', `/streaming/live/${streamOf.private}`, admin)).json().data).toMatchObject({ _id: streamOf.private, type: 'private', canModerate: true, entitled: false });
    expect((await inject('PUT', `/conversations/stream/${streamOf.private}/update`, admin, { slowModeSeconds: 5 })).statusCode).toBe(200);
    expect((await inject('DELETE', `/messages/stream/${streamOf.ticket}/remove-all-message`, admin)).statusCode).toBe(200);
    const ban = await inject('POST', '/streaming/bans', admin, { userId: viewer.user.id, streamId: streamOf.ticket, minutes: 1 });
    expect(ban.statusCode, ban.body).toBe(200);
    expect((await inject('DELETE', `/streaming/bans/${viewer.user.id}?performerId=${creators.ticket.user.id}`, admin)).statusCode).toBe(200);
    // Ending is shown last (below), on a stream of its own.
    const other = await createCreator(t);
    const s = await goLive(t, other, { type: 'group', title: 'To end', price: 5 });
    expect((await inject('POST', `/streaming/live/${s._id}/end`, admin)).json().data).toMatchObject({ status: 'ended', endReason: 'admin' });
  });
});

describe('POST /admin/streams/{id}/watch', () => {
  it('without a reason (or a malformed one) → 400 reason_required: no row, no grant, still refused', async () => {
    const before = await totalRows();
    for (const res of [await watch(streamOf.ticket, admin, null), await inject('POST', `/admin/streams/${streamOf.ticket}/watch`, admin, undefined, { [ACCESS_REASON_HEADER]: 'ab' })]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe(REASON_REQUIRED_CODE);
    }
    expect(await totalRows()).toBe(before);
    expect(await grantsOf(streamOf.ticket)).toEqual([]);
    expect((await inject('GET', `/streaming/join/${streamOf.ticket}`, admin)).json().data.entitled).toBe(false);
  });

  it('not an operator → 403 (a fan, a creator, the stream\'s own creator); unknown → 404', async () => {
    for (const who of [viewer, privateFan, creators.ticket]) expect((await watch(streamOf.ticket, who)).statusCode).toBe(403);
    expect((await watch('0190a0a0-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect(await grantsOf(streamOf.ticket)).toEqual([]);
  });

  it.each([
    ['ticket', () => [creators.ticket.user.id]],
    ['subs', () => [creators.subs.user.id]],
    ['private', () => [creators.private.user.id, privateFan.user.id]],
  ] as const)('%s: one audit row naming whose stream it is, a grant, and then every door opens', async (k, subjects) => {
    const id = streamOf[k];
    const res = await watch(id);
    expect(res.statusCode, res.body).toBe(200);
    // The answer is join's: the credential, at once.
    expect(res.json().data).toMatchObject({ entitled: true, need: null, credential: { provider: 'agora', role: 'subscriber' }, stream: { _id: id, entitled: true } });
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.user.id, targetType: 'stream', reason: REASON });
    expect([...rows[0]!.subjectIds].sort()).toEqual([...subjects()].sort());
    const grants = await grantsOf(id);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ operatorId: admin.user.id, reason: REASON, auditId: rows[0]!.id });

    const d = await doors(id);
    expect(d.join.json().data).toMatchObject({ entitled: true, credential: { role: 'subscriber' } });
    for (const res2 of [d.token, d.list, d.send, d.conversation, d.beat]) expect(res2.statusCode, res2.body).toBe(200);
    expect(d.room).toBe(true);
    // Watching is not paying: the private show bills its fan only, and the operator is no fan of it.
    expect((await inject('GET', '/wallet/charges/search', admin)).json().data.total).toBe(0);
  });

  it("the creator's and the private show's fan's data exports list the watch (not who, not why)", async () => {
    for (const who of [creators.private, privateFan]) {
      const area = t.ctx.privacy.exportAreas(who.user.id).find((a) => a.file === 'operator-access.json')!;
      const listed = await area.page(null);
      expect(listed.filter((r) => r.action === 'stream.read')).toEqual([expect.objectContaining({ by: 'an operator', opened: expect.stringMatching(/live stream/) })]);
      expect(JSON.stringify(listed)).not.toContain(admin.user.id);
      expect(JSON.stringify(listed)).not.toContain('Report #4411');
    }
  });

  it('a grant is worth nothing for another stream, nor for another operator', async () => {
    const other = await createCreator(t);
    const s = await goLive(t, other, { type: 'group', title: 'Another show', price: 5 });
    expect((await inject('GET', `/streaming/join/${s._id}`, admin)).json().data).toMatchObject({ entitled: false, need: 'ticket' });
    const colleague = await createAdmin(t);
    expect((await inject('GET', `/streaming/join/${streamOf.ticket}`, colleague)).json().data).toMatchObject({ entitled: false, need: 'ticket' });
    expect((await inject('GET', `/messages/stream/${streamOf.private}`, colleague)).statusCode).toBe(404);
  });

  it('the console list: every live stream with its kind, private shows included, `entitled` as the grants say, paginated; metadata only', async () => {
    const res = await inject('GET', '/admin/streams?limit=100', admin);
    expect(res.statusCode, res.body).toBe(200);
    const { data, total } = res.json().data as { data: Array<{ _id: string; type: string; access: string; entitled: boolean; viewerCount: number; performer: { _id: string } }>; total: number };
    expect(total).toBe(data.length);
    const byId = new Map(data.map((s) => [s._id, s]));
    for (const k of ['free', 'subs', 'ticket', 'private'] as const) expect(byId.get(streamOf[k])).toMatchObject({ entitled: true, performer: { _id: creators[k].user.id } });
    expect(res.body).not.toMatch(/channel|room|secret|"pin"|privateFanId/i);
    expect(res.body).not.toContain(privateFan.user.id);
    const privateOnly = (await inject('GET', '/admin/streams?kind=private', admin)).json().data;
    expect(privateOnly.data.map((s: { _id: string }) => s._id)).toEqual([streamOf.private]);
    const ticketed = (await inject('GET', '/admin/streams?kind=ticket', admin)).json().data;
    expect(ticketed.data.every((s: { type: string }) => s.type === 'group')).toBe(true);
    const page = (await inject('GET', '/admin/streams?limit=1&offset=1', admin)).json().data;
    expect(page.data).toHaveLength(1);
    expect(page.total).toBe(total);
    // A colleague without watches sees the same list, entitled only to the free one.
    const colleague = await createAdmin(t);
    const theirs = (await inject('GET', '/admin/streams?limit=100', colleague)).json().data.data as Array<{ _id: string; entitled: boolean }>;
    expect(Object.fromEntries(theirs.filter((s) => Object.values(streamOf).includes(s._id)).map((s) => [s._id, s.entitled]))).toEqual({
      [streamOf.free]: true, [streamOf.subs]: false, [streamOf.ticket]: false, [streamOf.private]: false,
    });
    expect((await inject('GET', '/admin/streams', viewer)).statusCode).toBe(403);
    expect((await inject('GET', '/admin/streams?limit=101', admin)).statusCode).toBe(400);
  });

  it('the grant ends with the stream: the ended stream and the creator\'s next one are closed; watching an ended stream → 409, no row', async () => {
    const id = streamOf.ticket;
    expect((await inject('POST', `/streaming/live/${id}/end`, creators.ticket)).statusCode).toBe(200);
    expect((await inject('GET', `/streaming/join/${id}`, admin)).statusCode).toBe(404);
    expect((await inject('GET', `/messages/stream/${id}`, admin)).statusCode).toBe(404);
    const before = await totalRows();
    const again = await watch(id);
    expect(again.statusCode, again.body).toBe(409);
    expect(await totalRows()).toBe(before);
    const next = await goLive(t, creators.ticket, { type: 'group', title: 'Second show', price: 5 });
    expect((await inject('GET', `/streaming/join/${next._id}`, admin)).json().data).toMatchObject({ entitled: false, need: 'ticket' });
    // The list drops the ended stream.
    const listed = (await inject('GET', '/admin/streams?limit=100', admin)).json().data.data.map((s: { _id: string }) => s._id);
    expect(listed).not.toContain(id);
    expect(listed).toContain(next._id);
  });
});
