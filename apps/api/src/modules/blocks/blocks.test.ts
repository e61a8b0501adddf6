// Over 300 lines: one job, blocking end to end — the block routes, then every action a block refuses (a table, both directions), the end of renewals, the new-post audience and creators' hidden countries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { blockStateSchema, blockedUserSchema } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { createFeed, follow, subscribe } from '../../../test/factories';
import { addCard, topUp } from '../../../test/money';
import { domainEvents } from '../../platform/events.tables';
import { followerCounts } from '../follows/follows.tables';
import { notifications } from '../notifications/notifications.tables';
import { paymentTransactions } from '../payments/payments.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { userBlocks } from './blocks.tables';

let t: TestApp;
let admin: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, url: string, who?: Made, payload?: unknown, remoteAddress?: string) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload !== undefined ? { payload: payload as object } : {}), ...(remoteAddress ? { remoteAddress } : {}) });
const block = async (who: Made, target: Made) => {
  const r = await req('POST', '/block/users', who, { targetId: target.user.id });
  expect(r.statusCode, r.body).toBe(200);
};
const eventsOf = async (type: string, where: ReturnType<typeof sql>) =>
  Number((await t.ctx.db.select({ n: count() }).from(domainEvents).where(and(eq(domainEvents.type, type), where)))[0]!.n);
let seq = 0;
const word = () => `zq${Date.now().toString(36)}${(seq++).toString(36)}`;

describe('POST/GET/DELETE /block/users', () => {
  it('blocks (idempotent: one row, one user.blocked), lists the blocked with their card, unblocks (idempotent)', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    const a = await req('POST', '/block/users', creator, { targetId: fan.user.id, reason: 'rude' });
    expect(a.statusCode, a.body).toBe(200);
    expect(blockStateSchema.parse(a.json().data)).toEqual({ targetId: fan.user.id, isBlocked: true });
    expect((await req('POST', '/block/users', creator, { targetId: fan.user.id })).json().data).toEqual({ targetId: fan.user.id, isBlocked: true });
    expect(await t.ctx.db.select().from(userBlocks).where(eq(userBlocks.blockerId, creator.user.id))).toHaveLength(1);
    expect(await eventsOf('user.blocked', sql`${domainEvents.payload}->>'blockerId' = ${creator.user.id}`)).toBe(1);

    const list = await req('GET', '/block/users', creator);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.total).toBe(1);
    const [entry] = list.json().data.data;
    expect(blockedUserSchema.parse(entry)).toMatchObject({ _id: fan.user.id, reason: 'rude', target: { _id: fan.user.id, username: fan.user.username } });
    expect(JSON.stringify(entry)).not.toContain(fan.user.email);
    // `q` on the blocked user's name or username (LIKE wildcards taken literally).
    expect((await req('GET', `/block/users?q=${fan.user.username!.slice(1, 6)}`, creator)).json().data.total).toBe(1);
    expect((await req('GET', '/block/users?q=nobody-like-this', creator)).json().data.total).toBe(0);
    expect((await req('GET', '/block/users?q=%25', creator)).json().data.total).toBe(0);
    // The other side's list is its own: the fan blocked nobody.
    expect((await req('GET', '/block/users', fan)).json().data).toEqual({ data: [], total: 0 });
    // Only the blocker lifts a block: the fan's DELETE changes nothing.
    expect((await req('DELETE', `/block/users/${creator.user.id}`, fan)).json().data).toEqual({ targetId: creator.user.id, isBlocked: false });
    expect((await req('GET', `/performers/${creator.user.id}`, fan)).statusCode).toBe(404);

    const del = await req('DELETE', `/block/users/${fan.user.id}`, creator);
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual({ targetId: fan.user.id, isBlocked: false });
    expect((await req('DELETE', `/block/users/${fan.user.id}`, creator)).statusCode).toBe(200);
    expect((await req('GET', '/block/users', creator)).json().data.total).toBe(0);
    // Lifted: the creator is there again.
    expect((await req('GET', `/performers/${creator.user.id}`, fan)).statusCode).toBe(200);
  });

  it('yourself → 422, an operator → 422, unknown → 404, malformed id → 400, anonymous → 401', async () => {
    const fan = await createFan(t);
    expect((await req('POST', '/block/users', fan, { targetId: fan.user.id })).statusCode).toBe(422);
    expect((await req('POST', '/block/users', fan, { targetId: admin.user.id })).statusCode).toBe(422);
    expect((await req('POST', '/block/users', fan, { targetId: '019a0000-0000-7000-8000-000000000000' })).statusCode).toBe(404);
    const bad = await req('POST', '/block/users', fan, { targetId: 'not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('targetId');
    expect((await req('DELETE', '/block/users/not-an-id', fan)).statusCode).toBe(400);
    expect((await req('POST', '/block/users', undefined, { targetId: fan.user.id })).statusCode).toBe(401);
    expect((await req('GET', '/block/users')).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(userBlocks).where(eq(userBlocks.blockerId, fan.user.id))).toEqual([]);
  });
});

describe('POST/GET /block/countries', () => {
  it('a creator sets the list (normalised, replaced as a whole) and reads it back; a fan → 403; an invalid code → 400', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    expect((await req('POST', '/block/countries', fan, { countries: ['US'] })).statusCode).toBe(403);
    expect((await req('GET', '/block/countries', fan)).statusCode).toBe(403);
    expect((await req('GET', '/block/countries', creator)).json().data).toEqual({ countries: [] });
    const set = await req('POST', '/block/countries', creator, { countries: ['us', 'GB', 'US'] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ countries: ['GB', 'US'] });
    expect((await req('GET', '/block/countries', creator)).json().data).toEqual({ countries: ['GB', 'US'] });
    expect((await req('POST', '/block/countries', creator, { countries: ['FR'] })).json().data).toEqual({ countries: ['FR'] });
    for (const countries of [['USA'], ['1A'], 'US']) {
      expect((await req('POST', '/block/countries', creator, { countries })).statusCode).toBe(400);
    }
    expect((await req('GET', '/block/countries', creator)).json().data).toEqual({ countries: ['FR'] });
    expect((await req('POST', '/block/countries', creator, { countries: [] })).json().data).toEqual({ countries: [] });
  });
});

// ───────────────────────────────────────────────────────────────────────── the table
type Scenario = 'not blocked' | 'creator blocked fan' | 'fan blocked creator';
interface Pair {
  creator: Made;
  fan: Made;
  feedId: string;
  ppvId: string;
  feedWord: string;
}
/** What an action came to: 'ok', or how it was refused ('404', 'absent' from a list, another status). */
type Outcome = 'ok' | 'absent' | `${number}`;
const status = (r: { statusCode: number }, ok = 200): Outcome => (r.statusCode === ok ? 'ok' : (String(r.statusCode) as Outcome));
const listed = (r: { statusCode: number; json(): { data: unknown } }, id: string): Outcome => {
  if (r.statusCode !== 200) return String(r.statusCode) as Outcome;
  const data = r.json().data as { data?: Array<{ _id: string }> } | Array<{ _id: string }>;
  const items = Array.isArray(data) ? data : (data.data ?? []);
  return items.some((i) => i._id === id) ? 'ok' : 'absent';
};

/**
 * Every action between a fan and a creator, as the fan (or the creator, for their own lists),
 * each with how a block refuses it. Run in this order on one pair (state builds up: the fan
 * follows, has a card and a wallet).
 */
const ACTIONS: Array<{ name: string; refused: Outcome; run: (p: Pair, viewer: Made) => Promise<Outcome> }> = [
  { name: 'view the profile', refused: '404', run: async (p, v) => status(await req('GET', `/performers/${p.creator.user.username}`, v)) },
  { name: 'view the profile (users/view)', refused: '404', run: async (p, v) => status(await req('GET', `/users/view/${p.creator.user.id}`, v)) },
  { name: 'the creator views the fan', refused: '404', run: async (p) => status(await req('GET', `/users/view/${p.fan.user.id}`, p.creator)) },
  { name: 'view the stats', refused: '404', run: async (p, v) => status(await req('GET', `/performers/${p.creator.user.id}/stats`, v)) },
  { name: 'view the subscription offer', refused: '404', run: async (p, v) => status(await req('GET', `/subscriptions/offer/${p.creator.user.id}`, v)) },
  { name: "the creator's feeds", refused: '404', run: async (p, v) => listed(await req('GET', `/user/feeds/search/${p.creator.user.username}`, v), p.feedId) },
  { name: 'one feed', refused: '404', run: async (p, v) => status(await req('GET', `/user/feeds/${p.feedId}`, v)) },
  { name: 'the timeline has the post', refused: 'absent', run: async (p, v) => listed(await req('GET', '/user/feeds?limit=100', v), p.feedId) },
  { name: 'performers search', refused: 'absent', run: async (p, v) => listed(await req('GET', `/performers/search?q=${p.creator.user.username}`, v), p.creator.user.id) },
  { name: 'performers user/search', refused: 'absent', run: async (p, v) => listed(await req('GET', `/performers/user/search?q=${p.creator.user.username}`, v), p.creator.user.id) },
  { name: 'performers top', refused: 'absent', run: async (p, v) => listed(await req('GET', '/performers/top?limit=100', v), p.creator.user.id) },
  { name: 'feed search', refused: 'absent', run: async (p, v) => listed(await req('GET', `/search/feeds?q=${p.feedWord}`, v), p.feedId) },
  // The bookmark row stays (lifting the block brings it back) but leaves the list and its total while the block lasts.
  { name: 'bookmarked creators list', refused: 'absent', run: async (p, v) => {
    const r = await req('GET', '/reactions/performers/bookmark', v);
    const entry = (r.json().data.data as Array<{ objectId: string; object: { _id: string } | null }>).find((b) => b.objectId === p.creator.user.id);
    return entry?.object?._id === p.creator.user.id ? 'ok' : 'absent';
  } },
  { name: "the fan's following list", refused: 'absent', run: async (p) => listed(await req('GET', '/follows/following', p.fan), p.creator.user.id) },
  { name: "the creator's followers list", refused: 'absent', run: async (p) => listed(await req('GET', '/follows/followers', p.creator), p.fan.user.id) },
  { name: 'follow', refused: '404', run: async (p, v) => status(await req('POST', `/follows/${p.creator.user.id}`, v)) },
  { name: 'like a feed', refused: '404', run: async (p, v) => status(await req('POST', '/reactions', v, { objectId: p.feedId, objectType: 'feed', action: 'like' })) },
  { name: 'bookmark the creator', refused: '404', run: async (p, v) => status(await req('POST', '/reactions', v, { objectId: p.creator.user.id, objectType: 'performer', action: 'bookmark' })) },
  { name: 'comment on a feed', refused: '404', run: async (p, v) => status(await req('POST', '/comments', v, { objectId: p.feedId, objectType: 'feed', content: 'hello' }), 201) },
  { name: 'subscribe', refused: '404', run: async (p, v) => status(await req('POST', '/payment/subscribe/performers', v, { performerId: p.creator.user.id, type: 'monthly' })) },
  { name: 'tip', refused: '404', run: async (p, v) => status(await req('POST', `/wallet/charges/tip/${p.creator.user.id}`, v, { price: 10 })) },
  { name: 'buy a pay-per-view feed', refused: '404', run: async (p, v) => status(await req('POST', `/wallet/charges/feed/${p.ppvId}`, v)) },
];

/** A creator with a free and a pay-per-view post; a fan who follows them, bookmarked them, has a card and 50 in the wallet; then the block. */
async function pair(scenario: Scenario): Promise<Pair> {
  const [creator, fan] = await Promise.all([createCreator(t), createFan(t)]);
  const feedWord = word();
  const feed = await createFeed(t, creator.user.id, { text: `hello ${feedWord}` });
  const ppv = await createFeed(t, creator.user.id, { text: 'for sale', visibility: 'ppv', price: 10 });
  await follow(t, fan.user.id, creator.user.id);
  // Popular enough for the top list whatever else the database holds.
  await t.ctx.db.insert(followerCounts).values({ performerId: creator.user.id, total: 1_000_000 + seq++ });
  expect((await req('POST', '/reactions', fan, { objectId: creator.user.id, objectType: 'performer', action: 'bookmark' })).statusCode).toBe(200);
  await addCard(t, fan);
  await topUp(t, fan, 50);
  if (scenario === 'creator blocked fan') await block(creator, fan);
  if (scenario === 'fan blocked creator') await block(fan, creator);
  return { creator, fan, feedId: feed.id, ppvId: ppv.id, feedWord };
}
async function runAll(p: Pair, viewer: Made = p.fan, only?: string[]): Promise<Record<string, Outcome>> {
  const out: Record<string, Outcome> = {};
  for (const a of ACTIONS) if (!only || only.includes(a.name)) out[a.name] = await a.run(p, viewer);
  return out;
}

describe('a block refuses every action, both ways (table)', () => {
  it('not blocked: every action succeeds', async () => {
    const p = await pair('not blocked');
    expect(await runAll(p)).toEqual(Object.fromEntries(ACTIONS.map((a) => [a.name, 'ok'])));
  });

  for (const scenario of ['creator blocked fan', 'fan blocked creator'] as const) {
    it(`${scenario}: every action is refused (404) or leaves the creator out`, async () => {
      const p = await pair(scenario);
      expect(await runAll(p)).toEqual(Object.fromEntries(ACTIONS.map((a) => [a.name, a.refused])));
      // Nothing was written across the block.
      expect(await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, p.fan.user.id))).toEqual([]);
      expect((await req('GET', '/users/me', p.fan)).json().data.balance).toBe(50);
    });
  }

  it('admins are never blocked: an admin who blocked a creator, and one who did not, still see everything', async () => {
    const p = await pair('creator blocked fan');
    await block(admin, p.creator);
    const reads = ['view the profile', 'view the profile (users/view)', 'view the stats', 'view the subscription offer', "the creator's feeds", 'one feed', 'performers search', 'performers user/search', 'performers top', 'feed search'];
    expect(await runAll(p, admin, reads)).toEqual(Object.fromEntries(reads.map((n) => [n, 'ok'])));
    const other = await createAdmin(t);
    expect(await runAll(p, other, reads)).toEqual(Object.fromEntries(reads.map((n) => [n, 'ok'])));
    // …and the creator still sees their own things.
    expect(status(await req('GET', `/performers/${p.creator.user.id}`, p.creator))).toBe('ok');
    expect(listed(await req('GET', `/user/feeds/search/${p.creator.user.id}`, p.creator), p.feedId)).toBe('ok');
  });

  it('subscribe is refused on every path: a paid-up cancelled subscription is not resumed, a free trial is not started', async () => {
    const creator = await createCreator(t);
    expect((await req('PUT', '/performers/subscription-settings', creator, { monthlyPrice: 9.95, freeSubscriptionEnabled: true, freeSubscriptionDays: 7 })).statusCode).toBe(200);
    const [resumer, trier] = await Promise.all([createFan(t), createFan(t)]);
    await addCard(t, resumer);
    await addCard(t, trier);
    const sub = await req('POST', '/payment/subscribe/performers', resumer, { performerId: creator.user.id, type: 'monthly' });
    expect(sub.statusCode, sub.body).toBe(200);
    expect((await req('POST', `/payment/sandbox/cancel-subscription/${sub.json().data._id}`, resumer)).statusCode).toBe(200);
    await block(resumer, creator);
    await block(creator, trier);
    const resume = await req('POST', '/payment/subscribe/performers', resumer, { performerId: creator.user.id, type: 'monthly' });
    expect([resume.statusCode, resume.json().message]).toEqual([404, 'Creator not found']);
    expect((await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, resumer.user.id)))[0]!.status).toBe('cancelled');
    const trial = await req('POST', '/payment/subscribe/performers', trier, { performerId: creator.user.id, type: 'free' });
    expect([trial.statusCode, trial.json().message]).toEqual([404, 'Creator not found']);
    expect(await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, trier.user.id))).toEqual([]);
  });
});

describe('a block ends renewal', () => {
  it('an active subscription is cancelled (either side blocks): no renewal, subscription.cancelled recorded, the paid period kept', async () => {
    for (const who of ['creator', 'fan'] as const) {
      const [creator, fan] = await Promise.all([createCreator(t), createFan(t)]);
      await addCard(t, fan);
      const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly' });
      expect(r.statusCode, r.body).toBe(200);
      const id = r.json().data._id as string;
      const before = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id));
      expect(before[0]).toMatchObject({ status: 'active', cancelledAt: null });

      if (who === 'creator') await block(creator, fan);
      else await block(fan, creator);
      await t.ctx.queue.drain(); // the user.blocked handlers (subscriptions.handlers.ts)

      const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id));
      expect(row!.status, who).toBe('cancelled');
      expect(row!.cancelledAt).toBeInstanceOf(Date);
      expect(row!.expiresAt.getTime()).toBe(before[0]!.expiresAt.getTime()); // the paid period stays
      expect(await eventsOf('subscription.cancelled', sql`${domainEvents.payload}->>'subscriptionId' = ${id}`)).toBe(1);
      const mine = (await req('GET', '/subscriptions/user/search', fan)).json().data.data;
      expect(mine[0]).toMatchObject({ _id: id, status: 'cancelled', isActive: true, renewing: false });
      // While the block stands the creator's content stays hidden from the fan anyway.
      const feed = await createFeed(t, creator.user.id, { visibility: 'subscribers' });
      expect((await req('GET', `/user/feeds/${feed.id}`, fan)).statusCode).toBe(404);

      // The period ends: our renewal sweep charges nothing, the subscription expires.
      const paid = async () => Number((await t.ctx.db.select({ n: count() }).from(paymentTransactions).where(eq(paymentTransactions.userId, fan.user.id)))[0]!.n);
      const payments = await paid();
      const realNow = t.ctx.clock.now;
      t.ctx.clock.now = () => new Date(row!.expiresAt.getTime() + 60_000);
      try {
        await t.ctx.subscriptions.renewDue();
      } finally {
        t.ctx.clock.now = realNow;
      }
      expect(await paid()).toBe(payments);
      expect((await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.status).not.toBe('active');
    }
  });

  it('a past-due subscription ends at once; an expired one and subscriptions with others are not touched', async () => {
    const [creator, fan, other] = await Promise.all([createCreator(t), createFan(t), createFan(t)]);
    const pastDue = await subscribe(t, fan.user.id, creator.user.id, { status: 'past_due', expiresAt: new Date(Date.now() - 1000) });
    const untouched = await subscribe(t, other.user.id, creator.user.id);
    await block(creator, fan);
    await t.ctx.queue.drain();
    expect((await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, pastDue.id)))[0]).toMatchObject({ status: 'expired', nextAttemptAt: null });
    expect((await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, untouched.id)))[0]).toMatchObject({ status: 'active', cancelledAt: null });
    // A second block event for the pair (the other side blocks too) changes nothing more.
    await block(fan, creator);
    await t.ctx.queue.drain();
    expect(await eventsOf('subscription.cancelled', sql`${domainEvents.payload}->>'userId' = ${fan.user.id}`)).toBe(1);
  });
});

describe('the new-post audience leaves blocked fans out', () => {
  it('followers and active subscribers with a block either way are not in the fan-out (no push list entry, no notification)', async () => {
    const creator = await createCreator(t);
    const [blockedFollower, blockingSubscriber, fine] = await Promise.all([createFan(t), createFan(t), createFan(t)]);
    await block(creator, blockedFollower);
    await block(blockingSubscriber, creator);
    await t.ctx.queue.drain();
    // Rows made after the block (as if they predated it: a block does not remove them).
    await follow(t, blockedFollower.user.id, creator.user.id);
    await subscribe(t, blockingSubscriber.user.id, creator.user.id);
    await follow(t, fine.user.id, creator.user.id);
    await subscribe(t, fine.user.id, creator.user.id);
    expect(await t.ctx.follows.followerIds(creator.user.id, null, 100)).toEqual([fine.user.id]);
    expect(await t.ctx.subscriptions.activeSubscriberIds(creator.user.id, null, 100)).toEqual([fine.user.id]);

    const post = await req('POST', '/performer/feeds', creator, { text: 'news', visibility: 'subscribers' });
    expect(post.statusCode, post.body).toBe(200);
    await t.ctx.queue.drain();
    const told = await t.ctx.db.select({ userId: notifications.userId }).from(notifications).where(and(eq(notifications.type, 'new_post'), eq(notifications.objectId, post.json().data._id)));
    expect(told.map((n) => n.userId)).toEqual([fine.user.id]);
  });
});

describe("a creator's hidden countries (by the request address)", () => {
  const US = '8.8.8.8';
  const GB = '81.2.69.142';

  it('hide the profile and the feed list from visitors in those countries; owners and admins are never hidden from', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const feed = await createFeed(t, creator.user.id);
    expect((await req('POST', '/block/countries', creator, { countries: ['US'] })).statusCode).toBe(200);
    const views = (who: Made | undefined, ip: string) =>
      Promise.all([
        req('GET', `/performers/${creator.user.username}`, who, undefined, ip).then((r) => status(r)),
        req('GET', `/users/view/${creator.user.id}`, who, undefined, ip).then((r) => status(r)),
        req('GET', `/user/feeds/search/${creator.user.username}`, who, undefined, ip).then((r) => listed(r, feed.id)),
      ]);
    expect(await views(undefined, US)).toEqual(['404', '404', '404']);
    expect(await views(fan, US)).toEqual(['404', '404', '404']);
    expect(await views(fan, GB)).toEqual(['ok', 'ok', 'ok']);
    expect(await views(undefined, '127.0.0.1')).toEqual(['ok', 'ok', 'ok']); // no country: never hidden
    expect(await views(creator, US)).toEqual(['ok', 'ok', 'ok']);
    expect(await views(admin, US)).toEqual(['ok', 'ok', 'ok']);
    // The web server's server-side fetches name the visitor's address in x-client-ip (it wins over the connection's).
    expect(status(await t.app.inject({ method: 'GET', url: `/performers/${creator.user.id}`, headers: { 'x-client-ip': US }, remoteAddress: '127.0.0.1' }))).toBe('404');
    expect(status(await t.app.inject({ method: 'GET', url: `/performers/${creator.user.id}`, headers: { 'x-client-ip': GB }, remoteAddress: US }))).toBe('ok');
    expect((await req('POST', '/block/countries', creator, { countries: [] })).statusCode).toBe(200);
    expect(await views(fan, US)).toEqual(['ok', 'ok', 'ok']);
  });
});
