// A creator's fans end to end: totals by channel from real sales (a tip, a purchase, a subscription), a refund, handlers exactly once, sort/search/keyset pages, private notes and custom names, access and blocks.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { fansPageSchema, type Fan, type FansPage } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, type Made, type TestApp, requester } from '../../../test/harness';
import { addCard, expectLedgerBalanced, topUp } from '../../../test/money';
import { createFeed } from '../../../test/factories';
import { domainEvents } from '../../platform/events.tables';
import { earnings } from '../earnings/earnings.tables';
import { creatorFans } from './fans.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await expectLedgerBalanced(t);
});
afterAll(async () => {
  await t?.close();
});
const req = requester(() => t);

async function list(creator: Made, query = ''): Promise<FansPage> {
  const r = await req('GET', `/fans${query}`, creator);
  expect(r.statusCode, r.body).toBe(200);
  return fansPageSchema.strict().parse(r.json().data);
}
const find = (page: FansPage, fan: Made): Fan | undefined => page.data.find((f) => f.user._id === fan.user.id);
async function subscribe(creator: Made, fan: Made) {
  expect((await req('PUT', '/performers/subscription-settings', creator, { monthlyPrice: 9.99, freeSubscriptionEnabled: false })).statusCode).toBe(200);
  await addCard(t, fan);
  const sub = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly' });
  expect(sub.statusCode, sub.body).toBe(200);
}
async function tip(fan: Made, creator: Made, price: number) {
  const r = await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price });
  expect(r.statusCode, r.body).toBe(200);
}

describe('totals from the handlers', () => {
  it('a subscription, a tip and a paid post show in total and by channel; a refund lowers them; a replayed event changes nothing', async () => {
    const luna = await createCreator(t);
    const fan = await createFan(t);
    await subscribe(luna, fan);
    await topUp(t, fan, 50, { card: true });
    await tip(fan, luna, 10);
    await tip(fan, luna, 15);
    const feed = await createFeed(t, luna.user.id, { visibility: 'ppv', price: 4 });
    const buy = await req('POST', `/wallet/charges/feed/${feed.id}`, fan);
    expect(buy.statusCode, buy.body).toBe(200);
    await t.ctx.queue.drain();

    const before = find(await list(luna), fan)!;
    expect(before).toMatchObject({ spent: 38.99, spentBy: { subscription: 9.99, tip: 25, feed: 4 }, subscriptionStatus: 'active', following: true, blocked: false, customName: null, note: null });
    expect(before.subscribedSince).not.toBeNull();

    // A refund of the 15.00 tip: the fan's total and the tip channel go down by it.
    const [fiver] = await t.ctx.db.select().from(earnings).where(and(eq(earnings.performerId, luna.user.id), eq(earnings.type, 'tip'), eq(earnings.gross, 1500)));
    await t.ctx.db.transaction((tx) => t.ctx.ledger.recordRefund(tx, { source: fiver!.source, description: 'Refund of a tip' }));
    await t.ctx.queue.drain();
    const after = find(await list(luna), fan)!;
    expect(after).toMatchObject({ spent: 23.99, spentBy: { subscription: 9.99, tip: 10, feed: 4 } });

    // Exactly once: the earning and subscription events handled again count nothing more.
    for (const [type, handler] of [['earning.recorded', 'fans.earning'], ['fan.subscribed', 'fans.subscribed'], ['follow.created', 'fans.follow']] as const) {
      for (const ev of await t.ctx.db.select().from(domainEvents).where(eq(domainEvents.type, type))) await t.ctx.events.handle({ eventId: ev.id, handler });
    }
    expect(find(await list(luna), fan)).toMatchObject({ spent: 23.99, spentBy: { subscription: 9.99, tip: 10, feed: 4 } });
    // The rollup is the creator's: another creator has no row for this fan.
    const bob = await createCreator(t);
    expect((await list(bob)).data).toHaveLength(0);
  });

  it('a follower who never paid is a fan (filter followers); a subscriber is not in followers', async () => {
    const luna = await createCreator(t);
    const follower = await createFan(t);
    const payer = await createFan(t);
    expect((await req('POST', `/follows/${luna.user.id}`, follower)).statusCode).toBe(200);
    await subscribe(luna, payer);
    await t.ctx.queue.drain();
    const followers = await list(luna, '?filter=followers');
    expect(followers.data.map((f) => f.user._id)).toEqual([follower.user.id]);
    expect(followers.data[0]).toMatchObject({ spent: 0, spentBy: {}, subscriptionStatus: null, subscribedSince: null, following: true });
    expect((await list(luna, '?filter=subscribers')).data.map((f) => f.user._id)).toEqual([payer.user.id]);
    expect((await list(luna, '?filter=expired')).data).toHaveLength(0);
  });
});

describe('sort, search, pages', () => {
  it('sorts by spent, name, since and activity; keyset pages cover everyone once; search by username, name and custom name', async () => {
    const luna = await createCreator(t);
    const fans: Made[] = [];
    for (let i = 0; i < 5; i++) {
      const f = await createFan(t);
      fans.push(f);
      await topUp(t, f, 20, { card: true });
      await tip(f, luna, 10 + i);
    }
    await t.ctx.queue.drain();
    const bySpent = await list(luna, '?sort=spent&order=desc');
    expect(bySpent.total).toBe(5);
    expect(bySpent.data.map((f) => f.spent)).toEqual([14, 13, 12, 11, 10]);
    expect((await list(luna, '?sort=spent&order=asc')).data.map((f) => f.spent)).toEqual([10, 11, 12, 13, 14]);

    for (const [sort, order] of [['spent', 'desc'], ['name', 'asc'], ['since', 'desc'], ['activity', 'asc']] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: FansPage = await list(luna, `?sort=${sort}&order=${order}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.data.length).toBeLessThanOrEqual(2);
        expect(page.total).toBe(cursor ? null : 5);
        seen.push(...page.data.map((f) => f.user._id));
        cursor = page.next;
      } while (cursor);
      expect(seen.sort(), `${sort} ${order}`).toEqual(fans.map((f) => f.user.id).sort());
    }

    const target = fans[2]!;
    const byUsername = await list(luna, `?q=${encodeURIComponent(target.user.username!.slice(0, 6).toUpperCase())}`);
    expect(byUsername.data.map((f) => f.user._id)).toContain(target.user.id);
    const named = await req('PATCH', `/fans/${target.user.id}`, luna, { customName: 'Zed the Generous', note: 'Likes cats' });
    expect(named.statusCode, named.body).toBe(200);
    const byCustom = await list(luna, '?q=zed');
    expect(byCustom.data.map((f) => f.user._id)).toEqual([target.user.id]);
    expect(byCustom.total).toBe(1);
    expect((await list(luna, '?sort=name&order=desc')).data[0]!.user._id).toBe(target.user.id);
    expect((await list(luna, '?q=%25')).data).toHaveLength(0);
  });

  it('bad input → 400 with field errors', async () => {
    const luna = await createCreator(t);
    for (const q of ['?sort=money', '?filter=vip', '?limit=0', '?tierId=nope', '?cursor=%21%21']) {
      const r = await req('GET', `/fans${q}`, luna);
      expect(r.statusCode, `${q} ${r.body}`).toBe(400);
    }
    const fan = await createFan(t);
    expect((await req('POST', `/follows/${luna.user.id}`, fan)).statusCode).toBe(200);
    await t.ctx.queue.drain();
    const long = await req('PATCH', `/fans/${fan.user.id}`, luna, { customName: 'x'.repeat(41) });
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0].field).toBe('customName');
    expect((await req('PATCH', `/fans/${fan.user.id}`, luna, { note: 'y'.repeat(1001) })).statusCode).toBe(400);
    expect((await req('PATCH', `/fans/${fan.user.id}`, luna, {})).statusCode).toBe(400);
  });
});

describe('privacy and access', () => {
  it('custom names and notes are the creator\'s own: another creator 404, a fan 403, no one else sees them', async () => {
    const luna = await createCreator(t);
    const bob = await createCreator(t);
    const fan = await createFan(t);
    expect((await req('POST', `/follows/${luna.user.id}`, fan)).statusCode).toBe(200);
    expect((await req('POST', `/follows/${bob.user.id}`, fan)).statusCode).toBe(200);
    await t.ctx.queue.drain();
    expect((await req('PATCH', `/fans/${fan.user.id}`, luna, { customName: 'Kit', note: 'Secret note' })).json().data).toMatchObject({ customName: 'Kit', note: 'Secret note' });
    expect(find(await list(bob), fan)).toMatchObject({ customName: null, note: null });
    expect((await req('GET', '/fans', fan)).statusCode).toBe(403);
    expect((await req('PATCH', `/fans/${fan.user.id}`, fan, { note: 'x' })).statusCode).toBe(403);
    expect((await req('GET', '/fans', null)).statusCode).toBe(401);
    const stranger = await createFan(t);
    expect((await req('PATCH', `/fans/${stranger.user.id}`, luna, { note: 'x' })).statusCode).toBe(404);
    // Clearing: empty strings and null clear.
    expect((await req('PATCH', `/fans/${fan.user.id}`, luna, { customName: '', note: null })).json().data).toMatchObject({ customName: null, note: null });
    const [row] = await t.ctx.db.select().from(creatorFans).where(and(eq(creatorFans.performerId, luna.user.id), eq(creatorFans.fanId, fan.user.id)));
    expect(row).toMatchObject({ customName: null, customNameKey: '', note: null });
  });

  it('a fan who blocked the creator (or was blocked) stays listed with blocked: true', async () => {
    const luna = await createCreator(t);
    const fan = await createFan(t);
    const other = await createFan(t);
    for (const f of [fan, other]) expect((await req('POST', `/follows/${luna.user.id}`, f)).statusCode).toBe(200);
    await t.ctx.queue.drain();
    expect((await req('POST', '/block/users', fan, { targetId: luna.user.id })).statusCode).toBe(200);
    expect((await req('POST', '/block/users', luna, { targetId: other.user.id })).statusCode).toBe(200);
    const page = await list(luna);
    expect(find(page, fan)).toMatchObject({ blocked: true });
    expect(find(page, other)).toMatchObject({ blocked: true });
  });
});

describe('the migration\'s backfill', () => {
  it('rebuilds from earnings, subscriptions and follows the rows the handlers keep (money, status, who)', async () => {
    // Last in the file: every fan row written by the tests above is dropped and rebuilt by the migration's INSERT.
    const file = await fs.readFile(path.resolve(import.meta.dirname, '../../../drizzle/0063_fans.sql'), 'utf8');
    const backfill = file.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('INSERT INTO "creator_fans"');
    const pick = (r: typeof creatorFans.$inferSelect) => ({ key: `${r.performerId}:${r.fanId}`, spentTotal: r.spentTotal, spent: r.spent, status: r.subscriptionStatus, tierId: r.tierId, subscribed: !!r.firstSubscribedAt });
    // (followed_at is left out: subscribing makes a follow without a follow.created event — the list reads `following` live from follows.)
    const sort = (rows: ReturnType<typeof pick>[]) => rows.sort((a, b) => a.key.localeCompare(b.key));
    const kept = sort((await t.ctx.db.select().from(creatorFans)).map(pick));
    expect(kept.length).toBeGreaterThan(10);
    await t.ctx.db.transaction(async (tx) => {
      await tx.delete(creatorFans);
      await tx.execute(sql.raw(backfill));
    });
    const rebuilt = sort((await t.ctx.db.select().from(creatorFans)).map(pick));
    // Zero entries of a channel (a refunded tip) are not in the backfill's map; the handlers keep them at 0.
    const noZeros = (rows: ReturnType<typeof pick>[]) => rows.map((r) => ({ ...r, spent: Object.fromEntries(Object.entries(r.spent).filter(([, v]) => v !== 0)) }));
    expect(noZeros(rebuilt)).toEqual(noZeros(kept));
  });
});
