// Statistics end to end: real sales through the API match the ledger to the cent, each rollup counts an event once, audience and content figures, and who may read what.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { audienceStatisticsSchema, contentStatisticsSchema, earningsStatisticsSchema, fromMinor, type EarningsStatistics } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, requester, type Made, type TestApp } from '../../../test/harness';
import { createFeed } from '../../../test/factories';
import { addCard, expectLedgerBalanced, topUp } from '../../../test/money';
import { domainEvents } from '../../platform/events.tables';
import { earningsAccount } from '../ledger/ledger.service';
import { earnings } from '../earnings/earnings.tables';

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
const today = () => new Date().toISOString().slice(0, 10);

async function stats(who: Made, path: string, query = ''): Promise<unknown> {
  const r = await req('GET', `${path}${query ? `?${query}` : ''}`, who);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
}
const ok = (r: { statusCode: number; body: string }) => expect(r.statusCode, r.body).toBe(200);
const earningsOf = async (who: Made, query = '') => earningsStatisticsSchema.strict().parse(await stats(who, '/statistics/earnings', query));
const channel = (s: EarningsStatistics, c: string) => s.byChannel.find((x) => x.channel === c)!;

describe('earnings statistics', () => {
  let luna: Made, bob: Made, fan: Made;
  beforeAll(async () => {
    luna = await createCreator(t);
    bob = await createCreator(t);
    fan = await createFan(t);
    ok(await req('PUT', '/performers/subscription-settings', luna, { monthlyPrice: 9.99, freeSubscriptionEnabled: false }));
    await addCard(t, fan);
    ok(await req('POST', '/payment/subscribe/performers', fan, { performerId: luna.user.id, type: 'monthly' }));
    await topUp(t, fan, 100, { card: true });
    ok(await req('POST', `/wallet/charges/tip/${luna.user.id}`, fan, { price: 12.34 }));
    ok(await req('POST', `/wallet/charges/tip/${luna.user.id}`, fan, { price: 10.01 }));
    ok(await req('POST', `/wallet/charges/tip/${bob.user.id}`, fan, { price: 12 }));
    const feed = await createFeed(t, luna.user.id, { visibility: 'ppv', price: 4.45, text: 'Secret' });
    const bought = await req('POST', `/wallet/charges/feed/${feed.id}`, fan, {});
    expect(bought.statusCode, bought.body).toBe(200);
    // The pay-per-view sale refunded (a wallet sale's refund through the ledger, as the operator's refund does).
    await t.ctx.db.transaction((tx) => t.ctx.ledger.recordRefund(tx, { source: `wallet_charge:${bought.json().data.charge._id}`, description: 'refund' }));
    await t.ctx.queue.drain();
  });

  it('match the ledger to the cent: totals, channels and sources equal the earnings rows; net equals the earnings account', async () => {
    const s = await earningsOf(luna);
    const [rows] = await t.ctx.db
      .select({ gross: sql<number>`sum(${earnings.gross})`.mapWith(Number), net: sql<number>`sum(${earnings.net})`.mapWith(Number), n: sql<number>`count(*)`.mapWith(Number) })
      .from(earnings)
      .where(eq(earnings.performerId, luna.user.id));
    expect(rows!.n).toBe(5); // subscription, two tips, the post and its refund
    expect(s.total.gross).toBe(fromMinor(rows!.gross));
    expect(s.total.net).toBe(fromMinor(rows!.net));
    expect(s.total.net).toBe(fromMinor(await t.ctx.ledger.balance(t.ctx.db, earningsAccount(luna.user.id))));
    expect(s.total).toMatchObject({ gross: 32.34, sales: 4, reversals: 1 });
    expect(channel(s, 'tip')).toMatchObject({ gross: 22.35, net: 17.88, sales: 2 });
    expect(channel(s, 'subscription')).toMatchObject({ gross: 9.99, sales: 1 });
    expect(channel(s, 'feed')).toMatchObject({ gross: 0, net: 0, sales: 1 });
    const sumCents = (xs: number[]) => xs.reduce((a, x) => a + Math.round(x * 100), 0);
    expect(sumCents(s.byChannel.map((c) => c.net))).toBe(rows!.net);
    expect(sumCents(s.bySource.map((c) => c.net))).toBe(rows!.net);
    expect(sumCents(s.series.map((c) => c.net))).toBe(rows!.net);
    expect(s.bySource.find((x) => x.source === 'organic')!.net).toBe(s.total.net);
    expect(s.period).toMatchObject({ to: today(), days: 30 });
    // Bob sees his own tip only.
    const b = await earningsOf(bob);
    expect(b.total).toMatchObject({ gross: 12, sales: 1 });
  });

  it('exactly once: a redelivered earning.recorded changes nothing', async () => {
    const before = await earningsOf(luna);
    const evs = await t.ctx.db.select().from(domainEvents).where(and(eq(domainEvents.type, 'earning.recorded'), sql`${domainEvents.payload}->>'performerId' = ${luna.user.id}`));
    expect(evs.length).toBe(5);
    for (const e of evs) await t.ctx.events.handle({ eventId: e.id, handler: 'statistics.earning' });
    expect(await earningsOf(luna)).toEqual(before);
  });

  it('the previous period and the change in percent', async () => {
    const s = await earningsOf(luna, `from=${today()}&to=${today()}`);
    expect(s.period.days).toBe(1);
    expect(s.total.previousNet).toBe(0);
    expect(s.total.change).toBeNull();
    const past = await earningsOf(luna, 'from=2024-01-01&to=2024-01-31');
    expect(past.total).toMatchObject({ gross: 0, net: 0, sales: 0 });
    expect(past.series).toHaveLength(31);
  });

  it('CSV: one row per day, channel and source, exact money', async () => {
    const r = await req('GET', '/statistics/earnings/csv', luna);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    expect(r.headers['content-disposition']).toMatch(/attachment; filename="statistics-earnings-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = r.body.trim().split('\n');
    expect(lines[0]).toBe('date,channel,source,gross,net,tax,sales,reversals');
    expect(lines).toContain(`${today()},tip,organic,22.35,17.88,0.00,2,0`);
  });

  it('operators: the same figures site-wide (both creators); creators and fans are refused', async () => {
    const admin = await createAdmin(t);
    const site = earningsStatisticsSchema.parse(await stats(admin, '/admin/statistics/earnings'));
    expect(site.total.gross).toBeGreaterThanOrEqual(32.34 + 12);
    expect(channel(site, 'tip').gross).toBeGreaterThanOrEqual(22.35 + 12);
    expect((await req('GET', '/admin/statistics/earnings', luna)).statusCode).toBe(403);
    expect((await req('GET', '/admin/statistics/audience', fan)).statusCode).toBe(403);
    expect((await req('GET', '/statistics/earnings', fan)).statusCode).toBe(403);
    expect((await req('GET', '/statistics/content/csv', fan)).statusCode).toBe(403);
    expect((await req('GET', '/statistics/audience', null)).statusCode).toBe(401);
  });

  it('operators download the site-wide CSVs; creators, fans and anonymous callers are refused', async () => {
    const admin = await createAdmin(t);
    const e = await req('GET', '/admin/statistics/earnings/csv', admin);
    expect(e.statusCode, e.body).toBe(200);
    expect(e.headers['content-type']).toContain('text/csv');
    expect(e.headers['content-disposition']).toMatch(/attachment; filename="statistics-earnings-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = e.body.trim().split('\n');
    expect(lines[0]).toBe('date,channel,source,gross,net,tax,sales,reversals');
    // Luna's two tips and Bob's, summed over every creator.
    const tipLine = lines.find((l) => l.startsWith(`${today()},tip,organic,`))!;
    expect(Number(tipLine.split(',')[3])).toBeGreaterThanOrEqual(34.35);
    const a = await req('GET', '/admin/statistics/audience/csv', admin);
    expect(a.statusCode).toBe(200);
    expect(a.body.split('\n')[0]).toBe('date,followers,subscribers,new,churned');
    const c = await req('GET', '/admin/statistics/content/csv?sortBy=revenue', admin);
    expect(c.statusCode).toBe(200);
    expect(c.body.split('\n')[0]).toBe('kind,item,title,views,likes,comments,unlocks,revenue,conversion %');
    for (const tab of ['earnings', 'audience', 'content']) {
      expect((await req('GET', `/admin/statistics/${tab}/csv`, luna)).statusCode).toBe(403);
      expect((await req('GET', `/admin/statistics/${tab}/csv`, fan)).statusCode).toBe(403);
      expect((await req('GET', `/admin/statistics/${tab}/csv`, null)).statusCode).toBe(401);
    }
    expect((await req('GET', '/admin/statistics/earnings/csv?from=2025-02-30', admin)).statusCode).toBe(400);
  });

  it('bad periods → 400 with field errors', async () => {
    for (const q of ['from=2025-02-30', 'from=2025-03-10&to=2025-03-01', 'from=2024-01-01&to=2025-06-01', 'to=yesterday']) {
      const r = await req('GET', `/statistics/earnings?${q}`, luna);
      expect(r.statusCode, q).toBe(400);
    }
    expect((await req('GET', '/statistics/content?sortBy=nope', luna)).statusCode).toBe(400);
  });
});

describe('audience and content statistics', () => {
  it('followers gained and lost, new subscribers and their cohort; likes, comments, unlocks and conversion; best times', async () => {
    const luna = await createCreator(t);
    const [a, b] = [await createFan(t), await createFan(t)];
    ok(await req('POST', `/follows/${luna.user.id}`, a));
    ok(await req('POST', `/follows/${luna.user.id}`, b));
    ok(await req('DELETE', `/follows/${luna.user.id}`, b));
    ok(await req('PUT', '/performers/subscription-settings', luna, { monthlyPrice: 5, freeSubscriptionEnabled: false }));
    await addCard(t, a);
    ok(await req('POST', '/payment/subscribe/performers', a, { performerId: luna.user.id, type: 'monthly' }));
    const feed = await createFeed(t, luna.user.id, { visibility: 'ppv', price: 3, text: 'Secret' });
    await topUp(t, b, 20, { card: true });
    ok(await req('POST', `/wallet/charges/feed/${feed.id}`, b, {}));
    expect((await req('POST', '/reactions', b, { objectId: feed.id, objectType: 'feed', action: 'like' })).statusCode).toBeLessThan(300);
    expect((await req('POST', '/comments', b, { objectId: feed.id, objectType: 'feed', content: 'lovely' })).statusCode).toBe(201);
    await t.ctx.queue.drain();

    const au = audienceStatisticsSchema.strict().parse(await stats(luna, '/statistics/audience'));
    // a followed, b followed and left; subscribing made a a follower already (no second follow).
    expect(au.followers).toMatchObject({ gained: 2, lost: 1, end: 1 });
    expect(au.subscribers).toMatchObject({ new: 1, churned: 0, end: 1 });
    expect(au.sources).toEqual([{ source: 'tracking_link', fans: 0 }, { source: 'promotion', fans: 0 }, { source: 'organic', fans: 1 }]);
    expect(au.cohorts).toEqual([{ month: `${today().slice(0, 7)}-01`, fans: 1, retention: [100] }]);
    expect(au.series.at(-1)).toMatchObject({ date: today(), followers: 1, subscribers: 1, new: 1 });

    const ct = contentStatisticsSchema.strict().parse(await stats(luna, '/statistics/content', 'sortBy=revenue'));
    expect(ct.total).toBe(1);
    expect(ct.items[0]).toMatchObject({ kind: 'feed', itemId: feed.id, views: 0, likes: 1, comments: 1, unlocks: 1, revenue: 3, conversion: null });
    expect(ct.bestTimes.reduce((n, x) => n + x.engagement, 0)).toBe(3);
    const csv = await req('GET', '/statistics/content/csv', luna);
    expect(csv.body.split('\n')[0]).toBe('kind,item,title,views,likes,comments,unlocks,revenue,conversion %');
    expect(csv.body).toContain(`feed,${feed.id},`);

    // Where new subscribers came from: a fan who claimed a promotion (here a discount campaign) counts as "promotion", once.
    const promo = await req('POST', '/promotions', luna, { kind: 'discount', percentage: 50, months: 1, audience: 'new', maxClaims: 5, endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    expect(promo.statusCode, promo.body).toBe(200);
    const c = await createFan(t);
    await addCard(t, c);
    ok(await req('POST', '/payment/subscribe/performers', c, { performerId: luna.user.id, type: 'monthly' }));
    await t.ctx.queue.drain();
    const au2 = audienceStatisticsSchema.parse(await stats(luna, '/statistics/audience'));
    expect(au2.subscribers.new).toBe(2);
    expect(au2.sources).toEqual([{ source: 'tracking_link', fans: 0 }, { source: 'promotion', fans: 1 }, { source: 'organic', fans: 1 }]);

    // Another creator sees none of it.
    const other = await createCreator(t);
    expect(contentStatisticsSchema.parse(await stats(other, '/statistics/content')).total).toBe(0);
    expect(audienceStatisticsSchema.parse(await stats(other, '/statistics/audience')).followers.end).toBe(0);
  });
});
