import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { follow } from '../../../test/factories';
import { connectClient, flushed, got, joinRoom, listen, waitFor, type Client } from '../../../test/sockets';
import { insertLiveStream } from '../../../test/stream-rows';
import { userBlocks } from '../blocks/blocks.tables';
import type { StreamRow } from './streaming.tables';

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
const list = async (s: StreamRow, who: Made) => (await req('GET', `/messages/stream/${s.id}`, who)).json().data as { data: Array<{ _id: string; type: string; text: string; isDeleted: boolean; amount: number | null }>; total: number };

/** A creator live to their followers; a follower, a second follower, a stranger, a follower the creator blocked. */
async function scene() {
  const creator = await createCreator(t);
  const [fan, fan2, stranger, blocked] = await Promise.all([createFan(t), createFan(t), createFan(t), createFan(t)]);
  for (const f of [fan, fan2, blocked]) await follow(t, f.user.id, creator.user.id);
  await t.ctx.db.insert(userBlocks).values({ blockerId: creator.user.id, targetId: blocked.user.id });
  const stream = await insertLiveStream(t, creator.user.id);
  return { creator, fan, fan2, stranger, blocked, stream };
}

describe('who may read and write a stream chat', () => {
  it('entitled viewers and the creator read and write; not entitled → 403; blocked → 404; anonymous → 401', async () => {
    const { creator, fan, stranger, blocked, stream } = await scene();
    const reads = [`/messages/stream/${stream.id}`, `/messages/conversations/public/${stream.conversationId}`, `/conversations/stream/${stream.id}`, `/conversations/stream/performer/${creator.user.id}`];
    for (const path of reads) {
      expect((await req('GET', path, fan)).statusCode, path).toBe(200);
      expect((await req('GET', path, creator)).statusCode, path).toBe(200);
      expect((await req('GET', path, stranger)).statusCode, path).toBe(403);
      expect((await req('GET', path, blocked)).statusCode, path).toBe(404);
      expect((await req('GET', path)).statusCode, path).toBe(401);
    }
    for (const path of [`/messages/stream/${stream.id}`, `/messages/stream/public/conversations/${stream.conversationId}`]) {
      expect((await req('POST', path, stranger, { text: 'let me in' })).statusCode).toBe(403);
      expect((await req('POST', path, blocked, { text: 'let me in' })).statusCode).toBe(404);
    }

    const sent = await send(stream, fan, 'hello <b>world</b><script>alert(1)</script>');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ type: 'text', text: 'hello world', amount: null, isDeleted: false, senderId: fan.user.id, sender: { _id: fan.user.id, username: fan.user.username }, conversationId: stream.conversationId, streamId: stream.id });
    const byCreator = await req('POST', `/messages/stream/public/conversations/${stream.conversationId}`, creator, { text: 'welcome' });
    expect(byCreator.statusCode).toBe(200);

    const page = await list(stream, fan);
    expect(page.total).toBe(2);
    expect(page.data.map((m) => m.text)).toEqual(['welcome', 'hello world']);
    const second = (await req('GET', `/messages/conversations/public/${stream.conversationId}?offset=1&limit=1`, fan)).json().data;
    expect(second.data.map((m: { text: string }) => m.text)).toEqual(['hello world']);

    expect((await req('GET', `/conversations/stream/${stream.id}`, fan)).json().data).toEqual({
      _id: stream.conversationId, type: 'stream', streamId: stream.id, performerId: creator.user.id, slowModeSeconds: 0, tipGoal: null, tipsTotal: 0, canModerate: false,
    });
    expect((await req('GET', `/conversations/stream/performer/${creator.user.id}`, creator)).json().data.canModerate).toBe(true);
    const notLive = await createCreator(t);
    expect((await req('GET', `/conversations/stream/performer/${notLive.user.id}`, fan)).statusCode).toBe(404);
  });

  it('a fan cannot forge a tip message: only `text` is taken, whatever else the body says', async () => {
    const { fan, stream } = await scene();
    const forged = await req('POST', `/messages/stream/${stream.id}`, fan, { text: 'I tipped 1000!', type: 'tip', amount: 1000, chargeId: stream.id, senderId: null });
    expect(forged.statusCode).toBe(200);
    expect(forged.json().data).toMatchObject({ type: 'text', amount: null, senderId: fan.user.id });
    // Markup alone is no message.
    expect((await send(stream, fan, '<img src=x onerror=alert(1)>')).statusCode).toBe(400);
    expect((await req('POST', `/messages/stream/${stream.id}`, fan, { type: 'tip', amount: 5 })).statusCode).toBe(400);
    const page = await list(stream, fan);
    expect(page.data.map((m) => [m.type, m.amount])).toEqual([['text', null]]);
    expect((await req('GET', `/conversations/stream/${stream.id}`, fan)).json().data.tipsTotal).toBe(0);
  });

  it('an ended stream takes no more messages', async () => {
    const { fan, creator } = await scene();
    const ended = await insertLiveStream(t, creator.user.id, { status: 'ended', endedAt: new Date() });
    expect((await send(ended, creator, 'hi')).statusCode).toBe(409);
    expect((await send(ended, fan, 'hi')).statusCode).toBe(404);
  });
});

describe('deleting and clearing', () => {
  it('the sender, the creator and an appointed moderator delete; another viewer → 403; someone not in the stream → 404', async () => {
    const { creator, fan, fan2, stranger, stream } = await scene();
    const moderator = await createFan(t);
    expect((await req('POST', '/streaming/moderators', creator, { userId: moderator.user.id })).statusCode).toBe(200);
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three', 'four']) ids.push((await send(stream, fan, text)).json().data._id);

    expect((await req('DELETE', `/messages/stream/${ids[3]}`, fan2)).statusCode).toBe(403);
    expect((await req('DELETE', `/messages/stream/${ids[3]}`, stranger)).statusCode).toBe(404);
    const own = await req('DELETE', `/messages/stream/${ids[0]}`, fan);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ _id: ids[0], isDeleted: true, text: 'Message deleted' });
    expect((await req('DELETE', `/messages/stream/${ids[1]}`, creator)).statusCode).toBe(200);
    expect((await req('DELETE', `/messages/stream/${ids[2]}`, moderator)).statusCode).toBe(200);
    // Deleting again changes nothing.
    expect((await req('DELETE', `/messages/stream/${ids[2]}`, moderator)).json().data.isDeleted).toBe(true);

    const page = await list(stream, fan2);
    expect(page.data.map((m) => [m.text, m.isDeleted])).toEqual([['four', false], ['Message deleted', true], ['Message deleted', true], ['Message deleted', true]]);
  });

  it("'Message deleted' and a clear reach every viewer in the room (not outsiders); only moderators clear", async () => {
    const { creator, fan, fan2, stranger, stream } = await scene();
    const [a, b, c] = await Promise.all([connectClient(url, fan.token, open), connectClient(url, fan2.token, open), connectClient(url, stranger.token, open)]);
    // The stranger (not following) is refused the room.
    expect(await Promise.all([a, b, c].map((s) => joinRoom(s, 'stream/join', { streamId: stream.id })))).toEqual([true, true, false]);

    const id = (await send(stream, fan, 'soon gone')).json().data._id as string;
    expect((await waitFor(b, 'stream-message/created'))[0]!.message).toMatchObject({ _id: id, text: 'soon gone' });
    await req('DELETE', `/messages/stream/${id}`, fan);
    for (const s of [a, b]) expect(await waitFor(s, 'stream-message/deleted')).toEqual([{ streamId: stream.id, conversationId: stream.conversationId, messageId: id }]);

    expect((await req('DELETE', `/messages/stream/${stream.id}/remove-all-message`, fan)).statusCode).toBe(403);
    expect((await req('DELETE', `/messages/stream/${stream.id}/remove-all-message`, stranger)).statusCode).toBe(403);
    await send(stream, fan2, 'still here');
    expect((await req('DELETE', `/messages/stream/${stream.id}/remove-all-message`, creator)).statusCode).toBe(200);
    for (const s of [a, b]) expect(await waitFor(s, 'stream-message/cleared')).toEqual([{ streamId: stream.id, conversationId: stream.conversationId }]);
    expect(await list(stream, fan)).toEqual({ data: [], total: 0 });
    // New messages after a clear are listed.
    await send(stream, fan, 'after the clear');
    expect((await list(stream, fan)).data.map((m) => m.text)).toEqual(['after the clear']);
    // The room has had every push (the last one reached a viewer); anything the stranger got came before its marker.
    expect((await waitFor(a, 'stream-message/created', 3)).map((e) => e.message.text)).toEqual(['soon gone', 'still here', 'after the clear']);
    await flushed(t, c, stranger.user.id);
    expect(got(c, 'stream-message/created')).toEqual([]);
    expect(got(c, 'stream-message/deleted')).toEqual([]);
    expect(got(c, 'stream-message/cleared')).toEqual([]);
  });
});

describe('slow mode', () => {
  it('a second message within N s → 429 with the seconds left; moderators bypass it; it lets the fan write again after N s', async () => {
    const { creator, fan, fan2, stream } = await scene();
    const watcher = await connectClient(url, fan2.token, open);
    expect(await joinRoom(watcher, 'stream/join', { streamId: stream.id })).toBe(true);
    expect((await req('PUT', `/conversations/stream/${stream.id}/update`, fan, { slowModeSeconds: 30 })).statusCode).toBe(403);
    const set = await req('PUT', `/conversations/stream/${stream.conversationId}/update`, creator, { slowModeSeconds: 30, tipGoal: 100 });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ slowModeSeconds: 30, tipGoal: 100, canModerate: true });
    expect((await waitFor(watcher, 'stream/updated'))[0]!.stream).toMatchObject({ _id: stream.id, slowModeSeconds: 30, tipGoal: 100 });
    expect((await req('PUT', `/conversations/stream/${stream.id}/update`, creator, { slowModeSeconds: 301 })).statusCode).toBe(400);

    expect((await send(stream, fan, 'first')).statusCode).toBe(200);
    const second = await send(stream, fan, 'second');
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toMatch(/Slow mode is on: you can write again in (30|29) s/);
    // Each viewer has their own pace; the creator is not slowed.
    expect((await send(stream, fan2, 'mine')).statusCode).toBe(200);
    expect((await send(stream, creator, 'a')).statusCode).toBe(200);
    expect((await send(stream, creator, 'b')).statusCode).toBe(200);

    const clock = t.ctx.clock;
    clock.now = () => new Date(Date.now() + 31_000);
    try {
      expect((await send(stream, fan, 'again')).statusCode).toBe(200);
      expect((await send(stream, fan, 'too soon')).statusCode).toBe(429);
    } finally {
      clock.now = systemClock.now;
    }
    // Slow mode off: no limit.
    await req('PUT', `/conversations/stream/${stream.id}/update`, creator, { slowModeSeconds: 0 });
    expect((await send(stream, fan2, 'free again')).statusCode).toBe(200);
    expect((await send(stream, fan2, 'and again')).statusCode).toBe(200);
  });
});
