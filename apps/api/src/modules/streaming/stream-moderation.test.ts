import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { follow } from '../../../test/factories';
import { connectClient, flushed, got, joinRoom, listen, waitFor, type Client } from '../../../test/sockets';
import { insertLiveStream } from '../../../test/stream-rows';
import { streamBans, streams, type StreamRow } from './streaming.tables';

let t: TestApp;
let url: string;
const open: Client[] = [];
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, path: string, who?: Made, payload?: unknown) =>
  t.app.inject({ method, url: path, headers: who?.auth ?? {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
const send = (s: StreamRow, who: Made, text: string) => req('POST', `/messages/stream/${s.id}`, who, { text });
const read = (s: StreamRow, who: Made) => req('GET', `/messages/stream/${s.id}`, who);

/** A creator live to their followers, and two followers. */
async function scene() {
  const creator = await createCreator(t);
  const [fan, fan2] = await Promise.all([createFan(t), createFan(t)]);
  for (const f of [fan, fan2]) await follow(t, f.user.id, creator.user.id);
  const stream = await insertLiveStream(t, creator.user.id);
  return { creator, fan, fan2, stream };
}

describe('bans and time-outs', () => {
  it("a ban removes the viewer at once ('stream/kicked'), who can no longer read, write or join; others are untouched", async () => {
    const { creator, fan, fan2, stream } = await scene();
    const [banned, other] = await Promise.all([connectClient(url, fan.token, open), connectClient(url, fan2.token, open)]);
    for (const s of [banned, other]) expect(await joinRoom(s, 'stream/join', { streamId: stream.id })).toBe(true);

    const res = await req('POST', '/streaming/bans', creator, { userId: fan.user.id, reason: 'spam', streamId: stream.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userId: fan.user.id, until: null, reason: 'spam', user: { _id: fan.user.id } });
    expect(await waitFor(banned, 'stream/kicked')).toEqual([expect.objectContaining({ streamId: stream.id, performerId: creator.user.id, until: null })]);

    expect((await read(stream, fan)).statusCode).toBe(403);
    expect((await send(stream, fan, 'hello?')).statusCode).toBe(403);
    expect((await req('GET', `/streaming/join/${stream.id}`, fan)).statusCode).toBe(403);
    // Out of the room: the chat goes on without them.
    await send(stream, fan2, 'bye');
    await waitFor(other, 'stream-message/created');
    await flushed(t, banned, fan.user.id);
    expect(got(banned, 'stream-message/created')).toEqual([]);
    expect(got(other, 'stream/kicked')).toEqual([]);
    expect((await read(stream, fan2)).statusCode).toBe(200);

    expect((await req('GET', '/streaming/bans', creator)).json().data).toMatchObject({ total: 1, data: [{ userId: fan.user.id, until: null }] });
    expect((await req('DELETE', `/streaming/bans/${fan.user.id}`, creator)).statusCode).toBe(200);
    expect((await req('DELETE', `/streaming/bans/${fan.user.id}`, creator)).statusCode).toBe(404);
    expect((await read(stream, fan)).statusCode).toBe(200);
  });

  it('a time-out ends by itself: refused while it runs, back once `until` has passed (and no longer listed)', async () => {
    const { creator, fan, stream } = await scene();
    const socket = await connectClient(url, fan.token, open);
    const res = await req('POST', '/streaming/bans', creator, { userId: fan.user.id, minutes: 10 });
    expect(res.statusCode).toBe(200);
    expect(await waitFor(socket, 'stream/kicked')).toEqual([{ streamId: stream.id, performerId: creator.user.id, until: res.json().data.until }]);
    const until = new Date(res.json().data.until).getTime();
    expect(until - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect((await send(stream, fan, 'let me talk')).statusCode).toBe(403);

    await t.ctx.db.update(streamBans).set({ until: new Date(Date.now() - 1000) }).where(and(eq(streamBans.performerId, creator.user.id), eq(streamBans.userId, fan.user.id)));
    expect((await send(stream, fan, 'back')).statusCode).toBe(200);
    expect((await req('GET', '/streaming/bans', creator)).json().data).toEqual({ data: [], total: 0 });
  });

  it('nobody bans the creator, an operator or themselves; a viewer cannot ban; unknown user → 404', async () => {
    const { creator, fan, fan2, stream } = await scene();
    const admin = await createAdmin(t);
    expect((await req('POST', '/streaming/bans', creator, { userId: creator.user.id })).statusCode).toBe(422);
    expect((await req('POST', '/streaming/bans', admin, { userId: creator.user.id, streamId: stream.id })).statusCode).toBe(422);
    expect((await req('POST', '/streaming/bans', creator, { userId: admin.user.id })).statusCode).toBe(422);
    expect((await req('POST', '/streaming/bans', fan, { userId: fan2.user.id, streamId: stream.id })).statusCode).toBe(403);
    expect((await req('POST', '/streaming/bans', fan, { userId: fan2.user.id })).statusCode).toBe(400);
    expect((await req('POST', '/streaming/bans', creator, { userId: '01900000-0000-7000-8000-000000000000' })).statusCode).toBe(404);
    expect((await req('GET', '/streaming/bans', fan)).statusCode).toBe(403);
    // An operator may ban in any stream.
    expect((await req('POST', '/streaming/bans', admin, { userId: fan2.user.id, streamId: stream.id, minutes: 5 })).statusCode).toBe(200);
    expect((await send(stream, fan2, 'hi')).statusCode).toBe(403);
  });
});

describe('a block removes like a ban (blocks README "Blocked means gone")', () => {
  const viewers = async (s: StreamRow) => (await t.ctx.db.select({ n: streams.viewerCount }).from(streams).where(eq(streams.id, s.id)))[0]!.n;

  it("the creator blocking a watching fan: 'stream/kicked', presence closed, out of the room, a rejoin refused; others untouched", async () => {
    const { creator, fan, fan2, stream } = await scene();
    const [blocked, other] = await Promise.all([connectClient(url, fan.token, open), connectClient(url, fan2.token, open)]);
    for (const s of [blocked, other]) expect(await joinRoom(s, 'stream/join', { streamId: stream.id })).toBe(true);
    for (const m of [fan, fan2]) expect((await req('PUT', '/streaming/set-duration', m, { streamId: stream.id })).statusCode).toBe(200);
    expect(await viewers(stream)).toBe(2);

    expect((await req('POST', '/block/users', creator, { targetId: fan.user.id })).statusCode).toBe(200);
    await t.ctx.queue.drain(); // the user.blocked handlers (streaming.handlers.ts)
    expect(await waitFor(blocked, 'stream/kicked')).toEqual([{ streamId: stream.id, performerId: creator.user.id, until: null }]);
    expect(await viewers(stream)).toBe(1);

    // Out of the room, and the room's guard (THE entitlement rule) refuses a rejoin.
    expect(await joinRoom(blocked, 'stream/join', { streamId: stream.id })).toBe(false);
    await send(stream, fan2, 'still here');
    await waitFor(other, 'stream-message/created');
    await flushed(t, blocked, fan.user.id);
    expect(got(blocked, 'stream-message/created')).toEqual([]);
    expect(got(other, 'stream/kicked')).toEqual([]);
    expect((await req('GET', `/streaming/join/${stream.id}`, fan)).statusCode).toBe(404);
    expect((await req('PUT', '/streaming/set-duration', fan, { streamId: stream.id })).statusCode).toBe(404);
    expect(await viewers(stream)).toBe(1);
  });

  it('a fan blocking the creator they watch leaves the room the same way', async () => {
    const { creator, fan, stream } = await scene();
    const [socket, creatorSocket] = await Promise.all([connectClient(url, fan.token, open), connectClient(url, creator.token, open)]);
    for (const s of [socket, creatorSocket]) expect(await joinRoom(s, 'stream/join', { streamId: stream.id })).toBe(true);
    expect((await req('PUT', '/streaming/set-duration', fan, { streamId: stream.id })).statusCode).toBe(200);

    expect((await req('POST', '/block/users', fan, { targetId: creator.user.id })).statusCode).toBe(200);
    await t.ctx.queue.drain(); // the user.blocked handlers (streaming.handlers.ts)
    expect(await waitFor(socket, 'stream/kicked')).toEqual([{ streamId: stream.id, performerId: creator.user.id, until: null }]);
    expect(await viewers(stream)).toBe(0);
    expect(await joinRoom(socket, 'stream/join', { streamId: stream.id })).toBe(false);
    await send(stream, creator, 'anyone?');
    await waitFor(creatorSocket, 'stream-message/created');
    await flushed(t, socket, fan.user.id);
    expect(got(socket, 'stream-message/created')).toEqual([]);
  });
});

describe('appointed moderators', () => {
  it("moderate the appointing creator's streams (delete, clear, slow mode, ban), not another creator's", async () => {
    const a = await scene();
    const b = await scene();
    const moderator = await createFan(t);
    await follow(t, moderator.user.id, b.creator.user.id);
    const added = await req('POST', '/streaming/moderators', a.creator, { userId: moderator.user.id });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({ userId: moderator.user.id, user: { _id: moderator.user.id } });
    expect((await req('GET', '/streaming/moderators', a.creator)).json().data).toMatchObject({ total: 1, data: [{ userId: moderator.user.id }] });
    expect((await req('GET', '/streaming/moderators', b.creator)).json().data.total).toBe(0);

    // In A's stream (no follow needed): reads as a moderator, deletes, sets slow mode, bans.
    expect((await req('GET', `/conversations/stream/${a.stream.id}`, moderator)).json().data.canModerate).toBe(true);
    const inA = (await send(a.stream, a.fan, 'rude')).json().data._id as string;
    expect((await req('DELETE', `/messages/stream/${inA}`, moderator)).statusCode).toBe(200);
    expect((await req('PUT', `/conversations/stream/${a.stream.id}/update`, moderator, { slowModeSeconds: 10 })).statusCode).toBe(200);
    expect((await req('POST', '/streaming/bans', moderator, { userId: a.fan2.user.id, streamId: a.stream.id, minutes: 5 })).statusCode).toBe(200);
    expect((await req('GET', `/streaming/bans?performerId=${a.creator.user.id}`, moderator)).json().data.total).toBe(1);
    expect((await req('DELETE', `/messages/stream/${a.stream.id}/remove-all-message`, moderator)).statusCode).toBe(200);

    // In B's stream: a viewer like any other.
    expect((await req('GET', `/conversations/stream/${b.stream.id}`, moderator)).json().data.canModerate).toBe(false);
    const inB = (await send(b.stream, b.fan, 'fine')).json().data._id as string;
    expect((await req('DELETE', `/messages/stream/${inB}`, moderator)).statusCode).toBe(403);
    expect((await req('PUT', `/conversations/stream/${b.stream.id}/update`, moderator, { slowModeSeconds: 10 })).statusCode).toBe(403);
    expect((await req('POST', '/streaming/bans', moderator, { userId: b.fan.user.id, streamId: b.stream.id })).statusCode).toBe(403);
    expect((await req('GET', `/streaming/bans?performerId=${b.creator.user.id}`, moderator)).statusCode).toBe(403);
    expect((await req('DELETE', `/messages/stream/${b.stream.id}/remove-all-message`, moderator)).statusCode).toBe(403);
    expect((await send(b.stream, b.fan, 'still')).statusCode).toBe(200);

    // Removed: no longer a moderator of A (and, not a follower, not in the chat at all).
    expect((await req('DELETE', `/streaming/moderators/${moderator.user.id}`, a.creator)).statusCode).toBe(200);
    expect((await req('DELETE', `/streaming/moderators/${moderator.user.id}`, a.creator)).statusCode).toBe(404);
    const again = (await send(a.stream, a.creator, 'hello')).json().data._id as string;
    expect((await req('DELETE', `/messages/stream/${again}`, moderator)).statusCode).toBe(404);
  });

  it('appointing: creators only, an existing user, not themselves; appointing twice is one appointment', async () => {
    const { creator, fan, fan2 } = await scene();
    expect((await req('POST', '/streaming/moderators', fan, { userId: fan2.user.id })).statusCode).toBe(403);
    expect((await req('POST', '/streaming/moderators', creator, { userId: creator.user.id })).statusCode).toBe(422);
    expect((await req('POST', '/streaming/moderators', creator, { userId: '01900000-0000-7000-8000-000000000000' })).statusCode).toBe(404);
    expect((await req('POST', '/streaming/moderators', creator, { userId: fan.user.id })).statusCode).toBe(200);
    expect((await req('POST', '/streaming/moderators', creator, { userId: fan.user.id })).statusCode).toBe(200);
    expect((await req('GET', '/streaming/moderators', creator)).json().data.total).toBe(1);
  });
});
