import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, countDistinct, eq, inArray, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { massMessageSchema } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { createFeedFile, follow, subscribe } from '../../../test/factories';
import { topUp } from '../../../test/money';
import { domainEvents } from '../../platform/events.tables';
import { users } from '../users/users.tables';
import { follows } from '../follows/follows.tables';
import { notifications } from '../notifications/notifications.tables';
import { userBlocks } from '../blocks/blocks.tables';
import { massMessages, messages } from './messages.tables';

/**
 * Small batches, so a mass message to RECIPIENTS followers goes out in several (20, 20, 10) and
 * the last one is partial; the delivery of 5,000 is `npm run bench:messages`' figure.
 */
const BATCH = 20;
const RECIPIENTS = 50;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FANOUT_BATCH_SIZE: BATCH });
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (who: Made, method: Method, path: string, payload?: unknown) =>
  t.app.inject({ method, url: path, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

/** Waits until the mass message's status is `status` (the jobs deliver it). */
async function until(id: string, status: string, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const [m] = await t.ctx.db.select({ status: massMessages.status }).from(massMessages).where(eq(massMessages.id, id));
    if (m?.status === status) return;
    if (Date.now() > end) throw new Error(`mass message ${id} is ${m?.status}, not ${status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const copies = async (id: string) => Number((await t.ctx.db.select({ n: count() }).from(messages).where(eq(messages.massMessageId, id)))[0]!.n);

describe('mass messages', () => {
  it(`${RECIPIENTS} followers: delivered by jobs in batches of FANOUT_BATCH_SIZE, one message and one notification each`, async () => {
    const creator = await createCreator(t);
    const ids = Array.from({ length: RECIPIENTS }, () => uuidv7());
    await t.ctx.db.insert(users).values(ids.map((id, j) => ({ id, username: `bulk${j}x${id.slice(-6)}`, name: `Bulk ${j}`, email: `${id}@bulk.test` })) as never);
    await t.ctx.db.insert(follows).values(ids.map((id) => ({ followerId: id, followingId: creator.user.id })));
    const res = await req(creator, 'POST', '/messages/broadcast-message', { text: 'Hello all of you', audience: 'followers' });
    expect(res.statusCode, res.body).toBe(200);
    const m = massMessageSchema.parse(res.json().data);
    await until(m._id, 'sent');
    expect(await copies(m._id)).toBe(RECIPIENTS);
    const [per] = await t.ctx.db.select({ users: countDistinct(messages.conversationId) }).from(messages).where(eq(messages.massMessageId, m._id));
    expect(Number(per!.users)).toBe(RECIPIENTS);
    // One transaction (and one 'mass-message.delivered' event) per batch: full ones, then the rest.
    const batches = await t.ctx.db.select({ payload: domainEvents.payload }).from(domainEvents).where(and(eq(domainEvents.type, 'mass-message.delivered'), sql`${domainEvents.payload}->>'massMessageId' = ${m._id}`));
    expect(batches.map((b) => (b.payload.items as unknown[]).length).sort((a, b) => b - a)).toEqual([BATCH, BATCH, RECIPIENTS - 2 * BATCH]);
    // The notifications are made by the batches' event handlers.
    const end = Date.now() + 60_000;
    let made = 0;
    while (Date.now() < end) {
      made = Number((await t.ctx.db.select({ n: count() }).from(notifications).where(and(eq(notifications.type, 'message'), eq(notifications.actorId, creator.user.id))))[0]!.n);
      if (made >= RECIPIENTS) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(made).toBe(RECIPIENTS);
    const [distinct] = await t.ctx.db.select({ n: countDistinct(notifications.userId) }).from(notifications).where(and(eq(notifications.type, 'message'), eq(notifications.actorId, creator.user.id)));
    expect(Number(distinct!.n)).toBe(RECIPIENTS);
    const view = (await req(creator, 'GET', `/messages/broadcast-message/${m._id}`)).json().data;
    expect(view).toMatchObject({ status: 'sent', recipients: RECIPIENTS, views: 0, purchases: 0 });
  });

  it('a scheduled one waits for its time and is sent once, however many runs race for it', async () => {
    const creator = await createCreator(t);
    const fans = await Promise.all([createFan(t), createFan(t), createFan(t)]);
    for (const f of fans) await follow(t, f.user.id, creator.user.id);
    const at = new Date(Date.now() + 3600_000).toISOString();
    const res = await req(creator, 'POST', '/messages/broadcast-message', { text: 'Later', audience: 'followers', scheduleAt: at });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data._id;
    expect(res.json().data.status).toBe('scheduled');
    expect(await t.ctx.massMessages.deliverBatch(id)).toBe('skip');
    expect(await copies(id)).toBe(0);
    const later = new Date(Date.now() + 3601_000);
    await Promise.all([1, 2, 3].map(() => t.ctx.massMessages.deliverBatch(id, later)));
    await t.ctx.massMessages.deliverBatch(id, later);
    expect(await copies(id)).toBe(3);
    const [row] = await t.ctx.db.select().from(massMessages).where(eq(massMessages.id, id));
    expect(row).toMatchObject({ status: 'sent', delivered: 3 });
    // Past or far-future times are refused.
    expect((await req(creator, 'POST', '/messages/broadcast-message', { text: 'x', audience: 'followers', scheduleAt: '2020-01-01T00:00:00Z' })).statusCode).toBe(400);
  });

  it('audiences: subscribers, free trials, lists — never blocked users; creators only', async () => {
    const creator = await createCreator(t);
    const [paid, trial, follower, listed, blocked] = await Promise.all([createFan(t), createFan(t), createFan(t), createFan(t), createFan(t)]);
    await subscribe(t, paid.user.id, creator.user.id);
    await subscribe(t, trial.user.id, creator.user.id, { type: 'free' });
    await subscribe(t, blocked.user.id, creator.user.id);
    await follow(t, follower.user.id, creator.user.id);
    await follow(t, listed.user.id, creator.user.id);
    await t.ctx.db.insert(userBlocks).values({ blockerId: blocked.user.id, targetId: creator.user.id });
    const recipients = async (body: Record<string, unknown>) => {
      const r = await req(creator, 'POST', '/messages/broadcast-message', { text: 'hey', ...body });
      expect(r.statusCode, r.body).toBe(200);
      await until(r.json().data._id, 'sent');
      const rows = await t.ctx.db.execute<{ u: string }>(sql`select cm.user_id as u from messages m join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id <> m.sender_id where m.mass_message_id = ${r.json().data._id}`);
      return rows.rows.map((x) => String(x.u)).sort();
    };
    expect(await recipients({ audience: 'subscribers' })).toEqual([paid.user.id, trial.user.id].sort());
    expect(await recipients({ audience: 'trial' })).toEqual([trial.user.id]);
    // Lists
    const list = (await req(creator, 'POST', '/messages/lists', { name: 'VIP' })).json().data;
    expect((await req(creator, 'POST', '/messages/lists', { name: 'vip' })).statusCode).toBe(409);
    const stranger = await createFan(t);
    expect((await req(creator, 'POST', `/messages/lists/${list._id}/members`, { userIds: [stranger.user.id] })).statusCode).toBe(422);
    const added = await req(creator, 'POST', `/messages/lists/${list._id}/members`, { userIds: [listed.user.id, blocked.user.id] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.total).toBe(2);
    expect(await recipients({ audience: 'lists', listIds: [list._id] })).toEqual([listed.user.id]);
    const other = await createCreator(t);
    expect((await req(other, 'GET', `/messages/lists/${list._id}/members`)).statusCode).toBe(404);
    expect((await req(other, 'POST', '/messages/broadcast-message', { text: 'x', audience: 'lists', listIds: [list._id] })).statusCode).toBe(400);
    expect((await req(paid, 'POST', '/messages/broadcast-message', { text: 'x', audience: 'followers' })).statusCode).toBe(403);
    expect((await req(creator, 'POST', '/messages/broadcast-message', { text: 'x', audience: 'lists' })).statusCode).toBe(400);
  });

  it("another creator's mass messages and fan lists are not theirs: 404 on every read and change, nothing changed", async () => {
    const owner = await createCreator(t);
    const other = await createCreator(t);
    const fan = await createFan(t);
    await follow(t, fan.user.id, owner.user.id);
    const sent = await req(owner, 'POST', '/messages/broadcast-message', { text: 'Mine', audience: 'followers' });
    expect(sent.statusCode, sent.body).toBe(200);
    const massId = sent.json().data._id as string;
    await until(massId, 'sent');
    const list = (await req(owner, 'POST', '/messages/lists', { name: 'Close friends' })).json().data;
    expect((await req(owner, 'POST', `/messages/lists/${list._id}/members`, { userIds: [fan.user.id] })).statusCode).toBe(200);
    const fan2 = await createFan(t);
    await follow(t, fan2.user.id, other.user.id);
    const attempts: Array<[Method, string, unknown?]> = [
      ['GET', `/messages/broadcast-message/${massId}`],
      ['DELETE', `/messages/broadcast-message/${massId}`],
      ['PUT', `/messages/lists/${list._id}`, { name: 'Taken over' }],
      ['DELETE', `/messages/lists/${list._id}`],
      ['GET', `/messages/lists/${list._id}/members`],
      ['POST', `/messages/lists/${list._id}/members`, { userIds: [fan2.user.id] }],
      ['DELETE', `/messages/lists/${list._id}/members/${fan.user.id}`],
    ];
    for (const [method, path, body] of attempts) expect((await req(other, method, path, body)).statusCode, `${method} ${path}`).toBe(404);
    // Nothing moved: the copy is still delivered, the list keeps its name and its one member.
    expect(await copies(massId)).toBe(1);
    const mine = (await req(owner, 'GET', '/messages/lists')).json().data;
    expect(mine.find((l: { _id: string }) => l._id === list._id)).toMatchObject({ name: 'Close friends' });
    const members = (await req(owner, 'GET', `/messages/lists/${list._id}/members`)).json().data;
    expect(members.total).toBe(1);
  });

  it('paid: each copy has its own purchase state; unsend removes only unread, unbought copies', async () => {
    const creator = await createCreator(t);
    const [reader, buyer, idle] = await Promise.all([createFan(t), createFan(t), createFan(t)]);
    for (const f of [reader, buyer, idle]) await follow(t, f.user.id, creator.user.id);
    const photo = await createFeedFile(t, creator.user.id, 'feed-photo');
    const r = await req(creator, 'POST', '/messages/broadcast-message', { text: 'Special', fileIds: [photo.id], price: 3, audience: 'followers' });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().data._id;
    await until(id, 'sent');
    const copyOf = async (fan: Made) => {
      const convs = (await req(fan, 'GET', '/conversations')).json().data.data;
      const msgs = (await req(fan, 'GET', `/messages/conversations/${convs[0]._id}`)).json().data.data;
      return { conversationId: convs[0]._id as string, message: msgs[0] };
    };
    const b = await copyOf(buyer);
    expect(b.message).toMatchObject({ isLocked: true, massMessageId: id, price: 3 });
    expect(JSON.stringify(b.message)).not.toContain('/files/private/');
    await topUp(t, buyer, 10, { card: true });
    expect((await req(buyer, 'POST', `/wallet/charges/message/${b.message._id}`)).statusCode).toBe(200);
    expect((await copyOf(buyer)).message.isLocked).toBe(false);
    expect((await copyOf(reader)).message.isLocked).toBe(true);
    const rd = await copyOf(reader);
    await req(reader, 'POST', `/messages/read-all/${rd.conversationId}`);
    const stats = (await req(creator, 'GET', `/messages/broadcast-message/${id}`)).json().data;
    expect(stats).toMatchObject({ recipients: 3, views: 1, purchases: 1, revenue: 3 });
    const un = await req(creator, 'DELETE', `/messages/broadcast-message/${id}`);
    expect(un.statusCode).toBe(200);
    expect(un.json().data.status).toBe('cancelled');
    const end = Date.now() + 30_000;
    while (Date.now() < end && !(await copyOf(idle)).message.isDeleted) await new Promise((res) => setTimeout(res, 100));
    expect((await copyOf(idle)).message.isDeleted).toBe(true);
    expect((await copyOf(reader)).message.isDeleted).toBe(false);
    expect((await copyOf(buyer)).message.isDeleted).toBe(false);
    expect((await req(idle, 'GET', '/messages/total-unread-messages')).json().data.total).toBe(0);
    const left = await t.ctx.db.select({ n: count() }).from(messages).where(and(eq(messages.massMessageId, id), inArray(messages.id, [b.message._id])));
    expect(Number(left[0]!.n)).toBe(1);
  });
});
