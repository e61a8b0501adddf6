// Automatic messages end to end against one app (README "Automatic messages"): the welcome on subscribe (once, paid, bought → figures), re-subscribe and follow after it, blocks, the followers toggle, "we miss you" on the injected clock, edits, and who may read or set them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { autoMessageSchema, autoMessagesSchema, messageSchema, type AutoMessage } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, requester, type Made, type TestApp } from '../../../test/harness';
import { createFeedFile } from '../../../test/factories';
import { addCard, expectLedgerBalanced, topUp } from '../../../test/money';
import { userBlocks } from '../blocks/blocks.tables';
import { notifications } from '../notifications/notifications.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { conversationMembers, conversations, messages } from './messages.tables';
import { autoMessageSends } from './auto.tables';

let t: TestApp;
const realNow = () => new Date();
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  t.ctx.clock.now = realNow;
  await expectLedgerBalanced(t);
});
afterAll(async () => {
  await t?.close();
});
const req = requester(() => t);
const DAY = 86_400_000;

async function creatorWithPrice(): Promise<Made> {
  const c = await createCreator(t);
  expect((await req('PUT', '/performers/subscription-settings', c, { monthlyPrice: 9.99, freeSubscriptionEnabled: false })).statusCode).toBe(200);
  return c;
}
async function setAuto(c: Made, kind: 'welcome' | 'miss-you', body: Record<string, unknown>): Promise<AutoMessage> {
  const r = await req('PUT', `/messages/auto/${kind}`, c, body);
  expect(r.statusCode, r.body).toBe(200);
  return autoMessageSchema.strict().parse(r.json().data);
}
async function autoOf(c: Made): Promise<AutoMessage[]> {
  const r = await req('GET', '/messages/auto', c);
  expect(r.statusCode, r.body).toBe(200);
  return autoMessagesSchema.parse(r.json().data);
}
async function subscribeTo(fan: Made, c: Made, card = true): Promise<void> {
  if (card) await addCard(t, fan);
  const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: c.user.id, type: 'monthly' });
  expect(r.statusCode, r.body).toBe(200);
  await t.ctx.queue.drain();
}
/** The subscription ends (as the renewal sweep ends it): expired, and its event recorded. */
async function expire(fan: Made, c: Made): Promise<void> {
  await t.ctx.db.transaction(async (tx) => {
    const [sub] = await tx
      .update(subscriptions)
      .set({ status: 'expired', expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(subscriptions.userId, fan.user.id), eq(subscriptions.performerId, c.user.id)))
      .returning();
    await t.ctx.events.record(tx, 'subscription.expired', { subscriptionId: sub!.id, userId: fan.user.id, performerId: c.user.id, reason: null });
  });
  await t.ctx.queue.drain();
}
/** The creator's messages in the pair's conversation, oldest first. */
async function copiesTo(fan: Made, c: Made) {
  const [low, high] = fan.user.id < c.user.id ? [fan.user.id, c.user.id] : [c.user.id, fan.user.id];
  const [conv] = await t.ctx.db.select().from(conversations).where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
  if (!conv) return [];
  return t.ctx.db.select().from(messages).where(and(eq(messages.conversationId, conv.id), eq(messages.senderId, c.user.id))).orderBy(messages.createdAt);
}
const follow = async (fan: Made, c: Made) => {
  expect((await req('POST', `/follows/${c.user.id}`, fan)).statusCode).toBe(200);
  await t.ctx.queue.drain();
};

describe('the welcome message', () => {
  it('a new subscriber gets it once (paid, locked), is notified, buys it; re-subscribing never sends a second; the figures count sent, read, bought', async () => {
    const luna = await creatorWithPrice();
    const photo = await createFeedFile(t, luna.user.id, 'feed-photo');
    const set = await setAuto(luna, 'welcome', { enabled: true, text: '  Welcome in!  ', fileIds: [photo.id], price: 4.5 });
    expect(set).toMatchObject({ kind: 'welcome', enabled: true, text: 'Welcome in!', price: 4.5, toFollowers: false, configured: true, figures: { sent: 0, read: 0, bought: 0, revenue: 0 } });
    expect(set.files.map((f) => f._id)).toEqual([photo.id]);

    const fan = await createFan(t);
    await subscribeTo(fan, luna);
    const [copy, ...more] = await copiesTo(fan, luna);
    expect(more).toEqual([]);
    expect(copy).toMatchObject({ text: 'Welcome in!', price: 450, fileIds: [photo.id], massMessageId: null });
    // The fan's inbox: an unread, locked paid message from the creator, and a notification.
    const inbox = (await req('GET', '/conversations', fan)).json().data;
    expect(inbox.data[0]).toMatchObject({ _id: copy!.conversationId, totalNotSeenMessages: 1, lastMessage: 'Welcome in!' });
    const thread = (await req('GET', `/messages/conversations/${copy!.conversationId}`, fan)).json().data.data.map((m: unknown) => messageSchema.parse(m));
    expect(thread[0]).toMatchObject({ _id: copy!.id, isLocked: true, price: 4.5, isBought: false });
    expect(thread[0].files[0].url ?? null).toBeNull();
    // Its event's handler job went before the burst's other events' jobs (pg-boss priority: the
    // highest of the event's handlers; apps/api/README.md "Domain events").
    const jobs = (await t.ctx.db.execute(sql`select e.type, j.priority from pgboss.job j join domain_events e on e.id = (j.data->>'eventId')::uuid
      where j.name = 'events.handle' and e.payload->>'userId' = ${fan.user.id}`)).rows as Array<{ type: string; priority: number }>;
    expect(jobs.filter((j) => j.type === 'fan.subscribed').map((j) => j.priority)).toEqual([10]);
    expect(jobs.filter((j) => j.type !== 'fan.subscribed').length).toBeGreaterThan(0);
    expect(jobs.filter((j) => j.type !== 'fan.subscribed').every((j) => j.priority === 0)).toBe(true);
    const [notified] = await t.ctx.db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, fan.user.id), eq(notifications.type, 'message'), eq(notifications.actorId, luna.user.id)));
    expect(Number(notified!.n)).toBe(1);

    // Read and bought: the figures follow.
    expect((await req('POST', `/messages/read-all/${copy!.conversationId}`, fan)).statusCode).toBe(200);
    await topUp(t, fan, 10);
    const bought = await req('POST', `/wallet/charges/message/${copy!.id}`, fan);
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await autoOf(luna))[0]!.figures).toEqual({ sent: 1, read: 1, bought: 1, revenue: 4.5 });

    // The subscription ends and the fan subscribes again: no second copy.
    await expire(fan, luna);
    await subscribeTo(fan, luna, false);
    expect((await t.ctx.db.select().from(subscriptions).where(and(eq(subscriptions.userId, fan.user.id), eq(subscriptions.performerId, luna.user.id), eq(subscriptions.status, 'active')))).length).toBe(1);
    expect(await copiesTo(fan, luna)).toHaveLength(1);
    expect((await autoOf(luna))[0]!.figures.sent).toBe(1);
  });

  it('a fan blocked either way gets nothing; a creator with it off or empty sends nothing', async () => {
    const luna = await creatorWithPrice();
    await setAuto(luna, 'welcome', { enabled: true, text: 'Hi there' });
    const blocker = await createFan(t);
    const blockedByLuna = await createFan(t);
    await t.ctx.db.insert(userBlocks).values([
      { blockerId: blocker.user.id, targetId: luna.user.id },
      { blockerId: luna.user.id, targetId: blockedByLuna.user.id },
    ]);
    for (const f of [blocker, blockedByLuna]) {
      await addCard(t, f);
      // A block refuses the subscription itself, or (made since) leaves the fan out of the welcome.
      await req('POST', '/payment/subscribe/performers', f, { performerId: luna.user.id, type: 'monthly' });
      await t.ctx.db.transaction((tx) => t.ctx.events.record(tx, 'fan.subscribed', { subscriptionId: f.user.id, userId: f.user.id, performerId: luna.user.id, amount: 999, trial: false }));
    }
    await t.ctx.queue.drain();
    expect(await copiesTo(blocker, luna)).toEqual([]);
    expect(await copiesTo(blockedByLuna, luna)).toEqual([]);
    expect((await t.ctx.db.select().from(autoMessageSends).where(eq(autoMessageSends.performerId, luna.user.id))).length).toBe(0);

    const off = await creatorWithPrice();
    await setAuto(off, 'welcome', { enabled: false, text: 'Not now' });
    const never = await creatorWithPrice();
    const f1 = await createFan(t);
    await subscribeTo(f1, off);
    const f2 = await createFan(t);
    await subscribeTo(f2, never);
    expect(await copiesTo(f1, off)).toEqual([]);
    expect(await copiesTo(f2, never)).toEqual([]);
    expect((await autoOf(never)).map((a) => [a.kind, a.enabled, a.configured])).toEqual([['welcome', false, false], ['miss-you', false, false]]);
  });

  it('followers get it only with the toggle on; a follower who subscribes later gets no second; an edit changes later copies only', async () => {
    const luna = await creatorWithPrice();
    await setAuto(luna, 'welcome', { enabled: true, text: 'Thanks for the follow' });
    const early = await createFan(t);
    await follow(early, luna);
    expect(await copiesTo(early, luna)).toEqual([]);

    await setAuto(luna, 'welcome', { enabled: true, text: 'Thanks for the follow', toFollowers: true });
    const fan = await createFan(t);
    await follow(fan, luna);
    expect((await copiesTo(fan, luna)).map((m) => m.text)).toEqual(['Thanks for the follow']);
    await setAuto(luna, 'welcome', { enabled: true, text: 'Welcome, new words', toFollowers: true });
    await subscribeTo(fan, luna);
    expect((await copiesTo(fan, luna)).map((m) => m.text)).toEqual(['Thanks for the follow']);
    // Unfollow and follow again: still one.
    expect((await req('DELETE', `/follows/${luna.user.id}`, fan)).statusCode).toBe(200);
    await follow(fan, luna);
    expect(await copiesTo(fan, luna)).toHaveLength(1);
    // The early follower subscribes now: the edited text.
    await subscribeTo(early, luna);
    expect((await copiesTo(early, luna)).map((m) => m.text)).toEqual(['Welcome, new words']);
    expect((await autoOf(luna))[0]!.figures).toMatchObject({ sent: 2, read: 0, bought: 0 });
  });
});

describe('"we miss you"', () => {
  it('goes N days after the expiry on the clock, once per fan ever; a fan who subscribes again before then gets nothing', async () => {
    const luna = await creatorWithPrice();
    await setAuto(luna, 'miss-you', { enabled: true, text: 'We miss you!', afterDays: 3 });
    const fan = await createFan(t);
    const back = await createFan(t);
    await subscribeTo(fan, luna);
    await subscribeTo(back, luna);
    await expire(fan, luna);
    await expire(back, luna);
    const now = Date.now();
    t.ctx.clock.now = () => new Date(now + 2 * DAY);
    expect(await t.ctx.autoMessages.sweepAll()).toBe(0);
    expect(await copiesTo(fan, luna)).toEqual([]);

    // `back` subscribes again before the 3 days: their pending one is called off.
    t.ctx.clock.now = realNow;
    await subscribeTo(back, luna, false);
    t.ctx.clock.now = () => new Date(now + 3 * DAY + 60_000);
    expect(await t.ctx.autoMessages.sweepAll()).toBe(1);
    expect((await copiesTo(fan, luna)).map((m) => m.text)).toEqual(['We miss you!']);
    expect(await copiesTo(back, luna)).toEqual([]);
    const [member] = await t.ctx.db.select().from(conversationMembers).where(eq(conversationMembers.userId, fan.user.id));
    expect(member!.unreadCount).toBe(1);

    // Subscribes, expires again, days pass: never a second one.
    t.ctx.clock.now = realNow;
    await subscribeTo(fan, luna, false);
    await expire(fan, luna);
    t.ctx.clock.now = () => new Date(now + 30 * DAY);
    expect(await t.ctx.autoMessages.sweepAll()).toBe(0);
    expect(await copiesTo(fan, luna)).toHaveLength(1);
    expect((await autoOf(luna))[1]).toMatchObject({ kind: 'miss-you', afterDays: 3, figures: { sent: 1, read: 0, bought: 0, revenue: 0 } });
  });

  it('a pending one is not sent when the creator turned it off or a block came since', async () => {
    const luna = await creatorWithPrice();
    await setAuto(luna, 'miss-you', { enabled: true, text: 'Come back', afterDays: 1 });
    const a = await createFan(t);
    const b = await createFan(t);
    await subscribeTo(a, luna);
    await subscribeTo(b, luna);
    await expire(a, luna);
    await t.ctx.db.insert(userBlocks).values({ blockerId: a.user.id, targetId: luna.user.id });
    const now = Date.now();
    t.ctx.clock.now = () => new Date(now + 2 * DAY);
    expect(await t.ctx.autoMessages.sweepAll()).toBe(1);
    expect(await copiesTo(a, luna)).toEqual([]);
    // Nothing was sent: the pending row is gone (no figure), never a "sent" record.
    expect(await t.ctx.db.select().from(autoMessageSends).where(eq(autoMessageSends.fanId, a.user.id))).toEqual([]);

    t.ctx.clock.now = realNow;
    await expire(b, luna);
    await setAuto(luna, 'miss-you', { enabled: false, text: 'Come back', afterDays: 1 });
    t.ctx.clock.now = () => new Date(now + 2 * DAY);
    expect(await t.ctx.autoMessages.sweepAll()).toBe(1);
    expect(await copiesTo(b, luna)).toEqual([]);
    expect((await autoOf(luna))[1]!.figures.sent).toBe(0);
  });
});

describe('who may read and set them', () => {
  it('fans → 403; another creator reads and sets only their own; bad input → 400 with field errors', async () => {
    const luna = await creatorWithPrice();
    const bob = await createCreator(t);
    const fan = await createFan(t);
    await setAuto(luna, 'welcome', { enabled: true, text: 'Luna says hi' });
    expect((await req('GET', '/messages/auto', fan)).statusCode).toBe(403);
    expect((await req('PUT', '/messages/auto/welcome', fan, { enabled: true, text: 'x' })).statusCode).toBe(403);
    expect((await req('GET', '/messages/auto', null)).statusCode).toBe(401);
    expect((await autoOf(bob))[0]).toMatchObject({ enabled: false, text: '', configured: false });
    await setAuto(bob, 'welcome', { enabled: true, text: 'Bob says hi' });
    expect((await autoOf(luna))[0]!.text).toBe('Luna says hi');

    const bad = async (kind: string, body: unknown, field: string) => {
      const r = await req('PUT', `/messages/auto/${kind}`, luna, body);
      expect(r.statusCode, r.body).toBe(400);
      expect(JSON.stringify(r.json())).toContain(field);
    };
    await bad('welcome', { enabled: true, text: '  ' }, 'text');
    await bad('miss-you', { enabled: true, text: 'x', afterDays: 0 }, 'afterDays');
    await bad('welcome', { enabled: true, text: 'x', price: 5 }, 'price');
    await bad('nope', { enabled: true, text: 'x' }, 'kind');
    const bobsPhoto = await createFeedFile(t, bob.user.id, 'feed-photo');
    await bad('welcome', { enabled: true, fileIds: [bobsPhoto.id] }, 'fileIds');
    expect((await autoOf(luna))[0]!.text).toBe('Luna says hi');
  });
});
