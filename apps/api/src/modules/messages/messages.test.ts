import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { conversationSchema, messageSchema } from '@stagepass/shared';
import fsp from 'node:fs/promises';
import { createAdmin, createCreator, createFan, createTestApp, multipart, type Made, type TestApp } from '../../../test/harness';
import { mediaFixtures } from '../media/media.fixtures';
import { createFeedFile, follow } from '../../../test/factories';
import { topUp, expectLedgerBalanced } from '../../../test/money';
import { connectClient, flushed, got, joinRoom, listen, waitFor, type Client } from '../../../test/sockets';
import { conversationMembers, conversations } from './messages.tables';
import { earnings } from '../earnings/earnings.tables';
import { userBlocks } from '../blocks/blocks.tables';

let t: TestApp;
let url: string;
const open: Client[] = [];
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (who: Made | null, method: Method, path: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: path, headers: { ...(who?.auth ?? {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A creator and a fan who follows them, with their conversation opened by the fan. */
async function pair(): Promise<{ creator: Made; fan: Made; conversationId: string }> {
  const creator = await createCreator(t);
  const fan = await createFan(t);
  await follow(t, fan.user.id, creator.user.id);
  const res = await req(fan, 'POST', '/conversations', { source: 'performer', sourceId: creator.user.id });
  expect(res.statusCode, res.body).toBe(200);
  return { creator, fan, conversationId: res.json().data._id };
}
const send = (who: Made, conversationId: string, body: Record<string, unknown>) => req(who, 'POST', `/messages/conversations/${conversationId}`, body);
const unread = async (who: Made) => (await req(who, 'GET', '/messages/total-unread-messages')).json().data.total as number;

describe('conversations', () => {
  it('one conversation per pair, also when opened concurrently from both sides', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await follow(t, fan.user.id, creator.user.id);
    await follow(t, creator.user.id, fan.user.id);
    const opens = await Promise.all([
      ...Array.from({ length: 5 }, () => req(fan, 'POST', '/conversations', { source: 'performer', sourceId: creator.user.id })),
      ...Array.from({ length: 5 }, () => req(creator, 'POST', '/conversations', { source: 'user', sourceId: fan.user.id })),
    ]);
    for (const r of opens) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(opens.map((r) => r.json().data._id)).size).toBe(1);
    const id = opens[0]!.json().data._id;
    expect(await t.ctx.db.select().from(conversations).where(eq(conversations.id, id))).toHaveLength(1);
    expect(await t.ctx.db.select().from(conversationMembers).where(eq(conversationMembers.conversationId, id))).toHaveLength(2);
    const c = conversationSchema.parse(opens[0]!.json().data);
    expect(c.recipient._id).toBe(creator.user.id);
    expect(c.totalNotSeenMessages).toBe(0);
  });

  it('bad input: yourself 400, unknown 404, a fan as a creator 404, malformed id 400', async () => {
    const fan = await createFan(t);
    const other = await createFan(t);
    expect((await req(fan, 'POST', '/conversations', { source: 'user', sourceId: fan.user.id })).statusCode).toBe(400);
    expect((await req(fan, 'POST', '/conversations', { source: 'user', sourceId: '0190a000-0000-7000-8000-000000000000' })).statusCode).toBe(404);
    expect((await req(fan, 'POST', '/conversations', { source: 'performer', sourceId: other.user.id })).statusCode).toBe(404);
    expect((await req(fan, 'POST', '/conversations', { source: 'performer', sourceId: 'nope' })).statusCode).toBe(400);
    expect((await req(null, 'POST', '/conversations', { source: 'performer', sourceId: other.user.id })).statusCode).toBe(401);
  });

  it('lists newest activity first with the last message, and searches by the other party', async () => {
    const fan = await createFan(t);
    const a = await createCreator(t, { username: `alpha${Date.now().toString(36)}` });
    const b = await createCreator(t, { username: `bravo${Date.now().toString(36)}` });
    await follow(t, fan.user.id, a.user.id);
    await follow(t, fan.user.id, b.user.id);
    const ca = (await req(fan, 'POST', '/conversations', { source: 'performer', sourceId: a.user.id })).json().data._id;
    const cb = (await req(fan, 'POST', '/conversations', { source: 'performer', sourceId: b.user.id })).json().data._id;
    await send(fan, cb, { text: 'to b' });
    await send(fan, ca, { text: 'to a' });
    const list = (await req(fan, 'GET', '/conversations')).json().data;
    expect(list.total).toBe(2);
    expect(list.data.map((c: { _id: string }) => c._id)).toEqual([ca, cb]);
    expect(list.data[0]).toMatchObject({ lastMessage: 'to a', lastSenderId: fan.user.id });
    const found = (await req(fan, 'GET', `/conversations/search?q=${encodeURIComponent(b.user.username!.slice(0, 8))}`)).json().data;
    expect(found.data.map((c: { _id: string }) => c._id)).toEqual([cb]);
    expect((await req(fan, 'GET', '/conversations/search?q=%25')).json().data.total).toBe(0);
  });
});

describe('membership: non-members get 404 on every conversation and message route', () => {
  it('GET/POST conversation, messages, read-all, delete, file status', async () => {
    const { creator, conversationId } = await pair();
    const photo = await createFeedFile(t, creator.user.id, 'feed-photo');
    const msg = (await send(creator, conversationId, { text: 'hi', fileIds: [photo.id] })).json().data;
    const outsider = await createFan(t);
    const otherCreator = await createCreator(t);
    for (const who of [outsider, otherCreator]) {
      expect((await req(who, 'GET', `/conversations/${conversationId}`)).statusCode).toBe(404);
      expect((await req(who, 'GET', `/messages/conversations/${conversationId}`)).statusCode).toBe(404);
      expect((await send(who, conversationId, { text: 'let me in' })).statusCode).toBe(404);
      expect((await req(who, 'POST', `/messages/read-all/${conversationId}`)).statusCode).toBe(404);
      expect((await req(who, 'DELETE', `/messages/${msg._id}`)).statusCode).toBe(404);
      expect((await req(who, 'GET', `/messages/${msg._id}/file/${photo.id}/status`)).statusCode).toBe(404);
    }
    expect((await req(outsider, 'POST', `/wallet/charges/message/${msg._id}`)).statusCode).toBe(404);
    expect((await req(outsider, 'GET', `/messages/conversations/not-a-uuid`)).statusCode).toBe(400);
  });
});

describe('unread counts', () => {
  it('count messages, not conversations, and stay exact under 50 concurrent sends', async () => {
    const { creator, fan, conversationId } = await pair();
    const before = await unread(creator);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => send(fan, conversationId, { text: `m${i}` })));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(await unread(creator)).toBe(before + 50);
    expect(await unread(fan)).toBe(0);
    const conv = (await req(creator, 'GET', `/conversations/${conversationId}`)).json().data;
    expect(conv.totalNotSeenMessages).toBe(50);
    const page = (await req(creator, 'GET', `/messages/conversations/${conversationId}?limit=25`)).json().data;
    expect(page.total).toBe(50);
    expect(page.data).toHaveLength(25);
    const read = await req(creator, 'POST', `/messages/read-all/${conversationId}`);
    expect(read.json().data.total).toBe(before);
    expect((await req(creator, 'GET', `/conversations/${conversationId}`)).json().data.totalNotSeenMessages).toBe(0);
  });

  it('a second conversation adds its messages to the total', async () => {
    const fan = await createFan(t);
    const a = await pair();
    const b = await pair();
    await send(a.creator, a.conversationId, { text: 'one' });
    await send(a.creator, a.conversationId, { text: 'two' });
    await send(b.creator, b.conversationId, { text: 'three' });
    expect(await unread(a.fan)).toBe(2);
    expect(await unread(b.fan)).toBe(1);
    expect(await unread(fan)).toBe(0);
  });
});

describe('paid messages', () => {
  it('a locked paid message carries no media URL to the fan (API and socket) until bought; buying twice charges once', async () => {
    const { creator, fan, conversationId } = await pair();
    const fanSocket = await connectClient(url, fan.token, open);
    const photo = await createFeedFile(t, creator.user.id, 'feed-photo');
    const sent = await send(creator, conversationId, { text: 'a treat', fileIds: [photo.id], price: 4.5 });
    expect(sent.statusCode, sent.body).toBe(200);
    const own = messageSchema.parse(sent.json().data);
    expect(own.files[0]!.url).toBeTruthy();
    expect(own.isLocked).toBe(false);

    const [event] = await waitFor(fanSocket, 'message/created');
    expect(event!.message.isLocked).toBe(true);
    expect(event!.message.price).toBe(4.5);
    expect(JSON.stringify(event)).not.toContain(photo.storageKey);
    expect(JSON.stringify(event)).not.toContain('/files/private/');
    expect(event!.totalUnread).toBe(1);

    const list = await req(fan, 'GET', `/messages/conversations/${conversationId}`);
    const body = list.body;
    expect(body).not.toContain(photo.storageKey);
    expect(body).not.toContain('/files/private/');
    const locked = messageSchema.parse(list.json().data.data[0]);
    expect(locked).toMatchObject({ isLocked: true, isBought: false, text: 'a treat' });
    expect(locked.files[0]!.preview).toBeTruthy();
    expect(locked.files[0]!.thumbnails).toEqual([]);

    await topUp(t, fan, 20, { card: true });
    const buys = await Promise.all([1, 2].map(() => req(fan, 'POST', `/wallet/charges/message/${own._id}`)));
    expect(buys.map((b) => b.statusCode).sort()).toEqual([200, 409]);
    const again = await req(fan, 'POST', `/wallet/charges/message/${own._id}`);
    expect(again.statusCode).toBe(409);
    const rows = await t.ctx.db.select().from(earnings).where(and(eq(earnings.performerId, creator.user.id), eq(earnings.type, 'message')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.gross).toBe(450);
    const me = (await req(fan, 'GET', '/users/me')).json().data;
    expect(me.balance).toBe(15.5);

    const unlocked = messageSchema.parse((await req(fan, 'GET', `/messages/conversations/${conversationId}`)).json().data.data[0]);
    expect(unlocked).toMatchObject({ isLocked: false, isBought: true });
    expect(unlocked.files[0]!.url).toContain('sig=');
    await expectLedgerBalanced(t);
  });

  it('prices: creators only, never negative, within the site limits, with private media', async () => {
    const { creator, fan, conversationId } = await pair();
    await send(creator, conversationId, { text: 'hello' });
    const fanPhoto = await createFeedFile(t, fan.user.id, 'feed-photo');
    expect((await send(fan, conversationId, { fileIds: [fanPhoto.id], price: 5 })).statusCode).toBe(403);
    const photo = await createFeedFile(t, creator.user.id, 'feed-photo');
    const negative = await send(creator, conversationId, { fileIds: [photo.id], price: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().details[0].field).toBe('price');
    expect((await send(creator, conversationId, { fileIds: [photo.id], price: 501 })).statusCode).toBe(400);
    expect((await send(creator, conversationId, { fileIds: [photo.id], price: 0.5 })).statusCode).toBe(400);
    expect((await send(creator, conversationId, { fileIds: [photo.id], price: 1.234 })).statusCode).toBe(400);
    expect((await send(creator, conversationId, { text: 'no media', price: 5 })).statusCode).toBe(400);
    const teaser = await createFeedFile(t, creator.user.id, 'feed-teaser');
    expect((await send(creator, conversationId, { fileIds: [teaser.id], price: 5 })).statusCode).toBe(400);
    // Someone else's file
    expect((await send(creator, conversationId, { fileIds: [fanPhoto.id] })).statusCode).toBe(400);
    expect((await send(creator, conversationId, { text: '' })).statusCode).toBe(400);
    expect((await send(creator, conversationId, { text: 'ok', price: 0 })).statusCode).toBe(200);
  });
});

describe('deleting', () => {
  it("sender only (others 403), the text is gone, the other side is told at once; a bought message stays", async () => {
    const { creator, fan, conversationId } = await pair();
    const fanSocket = await connectClient(url, fan.token, open);
    const m = (await send(creator, conversationId, { text: 'secret words' })).json().data;
    expect((await req(fan, 'DELETE', `/messages/${m._id}`)).statusCode).toBe(403);
    expect(await unread(fan)).toBe(1);
    const del = await req(creator, 'DELETE', `/messages/${m._id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toMatchObject({ isDeleted: true, text: '' });
    const [ev] = await waitFor(fanSocket, 'message/deleted');
    expect(ev).toEqual({ conversationId, messageId: m._id });
    expect((await waitFor(fanSocket, 'message/total-unread')).at(-1)).toEqual({ total: 0 });
    const list = await req(fan, 'GET', `/messages/conversations/${conversationId}`);
    expect(list.body).not.toContain('secret words');
    expect(list.json().data.data[0]).toMatchObject({ isDeleted: true });
    expect((await req(fan, 'GET', `/conversations/${conversationId}`)).json().data).toMatchObject({ lastMessage: '', lastMessageDeleted: true });
    expect(await unread(fan)).toBe(0);

    const admin = await createAdmin(t);
    const m2 = (await send(fan, conversationId, { text: 'rude' })).json().data;
    expect((await req(admin, 'DELETE', `/messages/${m2._id}`)).statusCode).toBe(200);

    const photo = await createFeedFile(t, creator.user.id, 'feed-photo');
    const paid = (await send(creator, conversationId, { fileIds: [photo.id], price: 2 })).json().data;
    await topUp(t, fan, 10, { card: true });
    expect((await req(fan, 'POST', `/wallet/charges/message/${paid._id}`)).statusCode).toBe(200);
    expect((await req(creator, 'DELETE', `/messages/${paid._id}`)).statusCode).toBe(409);
  });
});

describe('who may write to whom', () => {
  it("follows the creator's settings, the fan/creator rules, the site's fan-to-fan setting and blocks", async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    // Not following: the default is followers and subscribers.
    expect((await req(fan, 'POST', '/conversations', { source: 'performer', sourceId: creator.user.id })).statusCode).toBe(403);
    // A creator cannot start a chat with someone who is not their fan.
    expect((await req(creator, 'POST', '/conversations', { source: 'user', sourceId: fan.user.id })).statusCode).toBe(403);
    // Everyone
    expect((await req(creator, 'PUT', '/messages/settings', { whoCanMessage: 'everyone', tipToOpen: 0 })).statusCode).toBe(200);
    const open1 = await req(fan, 'POST', '/conversations', { source: 'performer', sourceId: creator.user.id });
    expect(open1.statusCode).toBe(200);
    const conversationId = open1.json().data._id;
    expect((await send(fan, conversationId, { text: 'hi' })).statusCode).toBe(200);
    // Subscribers only: a follower is refused until the creator has written.
    await req(creator, 'PUT', '/messages/settings', { whoCanMessage: 'subscribers', tipToOpen: 0 });
    await follow(t, fan.user.id, creator.user.id);
    const refused = await send(fan, conversationId, { text: 'again' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Subscribe/);
    // A reply opens the chat.
    expect((await send(creator, conversationId, { text: 'welcome' })).statusCode).toBe(200);
    expect((await send(fan, conversationId, { text: 'thanks' })).statusCode).toBe(200);
    // Tip to open
    const fan2 = await createFan(t);
    await req(creator, 'PUT', '/messages/settings', { whoCanMessage: 'everyone', tipToOpen: 5 });
    expect((await req(creator, 'GET', '/messages/settings')).json().data).toEqual({ whoCanMessage: 'everyone', tipToOpen: 5 });
    const c2 = (await req(fan2, 'POST', '/conversations', { source: 'performer', sourceId: creator.user.id }));
    expect(c2.statusCode).toBe(403);
    expect(c2.json().message).toMatch(/tip of \$5\.00/);
    await topUp(t, fan2, 20, { card: true });
    await req(creator, 'PUT', '/messages/settings', { whoCanMessage: 'everyone', tipToOpen: 10 });
    expect((await req(fan2, 'POST', `/wallet/charges/tip/${creator.user.id}`, { price: 10 })).statusCode).toBe(200);
    expect((await req(fan2, 'POST', '/conversations', { source: 'performer', sourceId: creator.user.id })).statusCode).toBe(200);
    // Settings are for creators; bad values 400.
    expect((await req(fan, 'PUT', '/messages/settings', { whoCanMessage: 'everyone', tipToOpen: 0 })).statusCode).toBe(403);
    expect((await req(creator, 'PUT', '/messages/settings', { whoCanMessage: 'anyone', tipToOpen: -1 })).statusCode).toBe(400);
    // Fans to fans: off by default.
    const fanA = await createFan(t);
    const fanB = await createFan(t);
    expect((await req(fanA, 'POST', '/conversations', { source: 'user', sourceId: fanB.user.id })).statusCode).toBe(403);
    await t.ctx.settings.set('fanToFanMessages', true);
    expect((await req(fanA, 'POST', '/conversations', { source: 'user', sourceId: fanB.user.id })).statusCode).toBe(200);
    await t.ctx.settings.set('fanToFanMessages', false);
    // A block either way: nobody writes, the conversation says so.
    await t.ctx.db.insert(userBlocks).values({ blockerId: fan.user.id, targetId: creator.user.id });
    expect((await send(creator, conversationId, { text: 'still there?' })).statusCode).toBe(403);
    expect((await send(fan, conversationId, { text: 'bye' })).statusCode).toBe(403);
    expect((await req(creator, 'GET', `/conversations/${conversationId}`)).json().data.isBlocked).toBe(true);
  });
});

describe('realtime', () => {
  it('typing and seen reach members who joined the conversation room; others cannot join', async () => {
    const { creator, fan, conversationId } = await pair();
    const outsider = await createFan(t);
    const [fs, cs, os] = await Promise.all([connectClient(url, fan.token, open), connectClient(url, creator.token, open), connectClient(url, outsider.token, open)]);
    expect(await Promise.all([fs, cs, os].map((s) => joinRoom(s, 'conversation/join', { conversationId })))).toEqual([true, true, false]);
    fs.emit('message/typing', { conversationId });
    os.emit('message/typing', { conversationId });
    // The server handles one socket's packets in order: once this answer is back, the outsider's
    // typing was handled (relayed, were it in the room).
    expect(await joinRoom(os, 'conversation/join', { conversationId })).toBe(false);
    const [typing] = await waitFor(cs, 'message/typing');
    expect(typing).toEqual({ conversationId, userId: fan.user.id });
    await send(fan, conversationId, { text: 'hi' });
    await waitFor(cs, 'message/created');
    await req(creator, 'POST', `/messages/read-all/${conversationId}`);
    const [seen] = await waitFor(fs, 'message/seen');
    expect(seen).toMatchObject({ conversationId, userId: creator.user.id });
    await Promise.all([flushed(t, cs, creator.user.id), flushed(t, os, outsider.user.id)]);
    expect(got(cs, 'message/typing')).toHaveLength(1);
    expect(got(os, 'message/typing')).toHaveLength(0);
    expect(got(os, 'message/seen')).toHaveLength(0);
    expect(got(os, 'message/created')).toHaveLength(0);
    expect(got(cs, 'message/total-unread').at(-1)).toEqual({ total: 0 });
  });
});

describe('message media uploads', () => {
  it('a photo in `message-photo` goes through the pipeline; sent by id or by the URL the upload answered; others\' files are refused', async () => {
    const { creator, fan, conversationId } = await pair();
    const fx = await mediaFixtures();
    try {
      const img = await fx.image(64, 48);
      const body = multipart({}, [{ field: 'message-photo', filename: 'p.png', content: await fsp.readFile(img.tmpPath), type: 'image/png' }]);
      const up = await t.app.inject({ method: 'POST', url: '/messages/private/file/photo', headers: { ...fan.auth, ...body.headers }, payload: body.payload });
      expect(up.statusCode, up.body).toBe(200);
      const file = up.json().data;
      expect(['uploaded', 'processing', 'ready']).toContain(file.status);
      const status = await req(fan, 'GET', `/messages/new/file/${file._id}/status`);
      expect(status.statusCode).toBe(200);
      expect((await req(creator, 'GET', `/messages/new/file/${file._id}/status`)).statusCode).toBe(404);
      const byUrl = await send(fan, conversationId, { imageUrl: `${t.config.PUBLIC_API_URL}/files/private/message/${file._id}/main.webp` });
      expect(byUrl.statusCode, byUrl.body).toBe(200);
      expect(byUrl.json().data.files[0]._id).toBe(file._id);
      expect((await req(creator, 'GET', `/messages/${byUrl.json().data._id}/file/${file._id}/status`)).statusCode).toBe(200);
      expect((await send(fan, conversationId, { imageUrl: 'https://evil.example/x.png' })).statusCode).toBe(400);
      // The creator cannot send the fan's upload as their own.
      expect((await send(creator, conversationId, { fileIds: [file._id] })).statusCode).toBe(400);
      // A fan cannot upload public message media.
      const pub = multipart({}, [{ field: 'file', filename: 'p.png', content: await fsp.readFile(img.tmpPath), type: 'image/png' }]);
      expect((await t.app.inject({ method: 'POST', url: '/messages/public/file/photo', headers: { ...fan.auth, ...pub.headers }, payload: pub.payload })).statusCode).toBe(403);
    } finally {
      await fsp.rm(fx.dir, { recursive: true, force: true });
    }
  });
});

describe('blocks and conversations', () => {
  it('a block or unblock reaches both sides at once; each may ask whether they blocked the other', async () => {
    const { creator, fan, conversationId } = await pair();
    const [fs, cs] = await Promise.all([connectClient(url, fan.token, open), connectClient(url, creator.token, open)]);
    expect((await req(creator, 'POST', '/block/users', { targetId: fan.user.id })).statusCode).toBe(200);
    expect((await waitFor(fs, 'block/changed'))[0]).toEqual({ userId: creator.user.id, isBlocked: true });
    expect((await waitFor(cs, 'block/changed'))[0]).toEqual({ userId: fan.user.id, isBlocked: true });
    expect((await req(creator, 'GET', `/block/users/${fan.user.id}`)).json().data).toEqual({ targetId: fan.user.id, isBlocked: true });
    expect((await req(fan, 'GET', `/block/users/${creator.user.id}`)).json().data).toEqual({ targetId: creator.user.id, isBlocked: false });
    expect((await req(fan, 'GET', `/conversations/${conversationId}`)).json().data.isBlocked).toBe(true);
    expect((await req(creator, 'DELETE', `/block/users/${fan.user.id}`)).statusCode).toBe(200);
    expect((await waitFor(fs, 'block/changed', 2)).at(-1)).toEqual({ userId: creator.user.id, isBlocked: false });
    expect((await req(fan, 'GET', `/conversations/${conversationId}`)).json().data.isBlocked).toBe(false);
    expect((await req(fan, 'GET', '/block/users/not-an-id')).statusCode).toBe(400);
  });
});
