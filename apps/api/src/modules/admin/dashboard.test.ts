import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { EARNING_TYPE_VALUES, dashboardSchema, toMinor, type Dashboard } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { createFeed, subscribe } from '../../../test/factories';
import { expectLedgerBalanced } from '../../../test/money';
import { SITE, wallet } from '../ledger/ledger.service';
import { earnings } from '../earnings/earnings.tables';
import { payoutRequests } from '../payouts/payouts.tables';
import { reports } from '../reports/reports.tables';
import { users } from '../users/users.tables';

let t: TestApp;
let admin: Made;
let f1: Made, f2: Made, f3: Made, c1: Made, c2: Made;
const DAY = 86_400_000;

const get = (query: string, who?: Made) => t.app.inject({ method: 'GET', url: `/admin/dashboard${query ? `?${query}` : ''}`, headers: who?.auth ?? {} });
async function dashboard(query: string): Promise<Dashboard> {
  const res = await get(query, admin);
  expect(res.statusCode, res.body).toBe(200);
  return dashboardSchema.strict().parse(res.json().data);
}

/** Money arrives in a fan's wallet through the ledger (as a confirmed top-up would). */
async function fund(fan: Made, amount: number) {
  await t.ctx.db.transaction((tx) =>
    t.ctx.ledger.post(tx, { type: 'wallet_topup', reference: `test-topup:${uuidv7()}`, postings: [{ account: SITE.gateway, amount: -toMinor(amount) }, { account: wallet(fan.user.id), amount: toMinor(amount) }] }),
  );
}
/** A sale through the ledger (the wallet's and subscriptions' own call), then dated. */
async function sale(fan: Made, type: 'tip' | 'subscription' | 'product', gross: number, at: string): Promise<string> {
  await t.ctx.settings.all(); // warm the settings cache: PGlite has one connection (ledger README)
  const source = `${type === 'subscription' ? 'payment' : 'wallet_charge'}:${uuidv7()}`;
  const from = type === 'subscription' ? SITE.gateway : wallet(fan.user.id);
  const ledgerType = type === 'product' ? 'purchase' : type;
  await t.ctx.db.transaction((tx) => t.ctx.ledger.recordSale(tx, { performerId: c1.user.id, userId: fan.user.id, type, source, gross: toMinor(gross), description: type, from, ledgerType }));
  await dated(source, at);
  return source;
}
const dated = (source: string, at: string) => t.ctx.db.update(earnings).set({ createdAt: new Date(at) }).where(eq(earnings.source, source));
const signedUp = (who: Made[], at: string) => t.ctx.db.update(users).set({ createdAt: new Date(at) }).where(inArray(users.id, who.map((m) => m.user.id)));

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  [f1, f2, f3] = [await createFan(t), await createFan(t), await createFan(t)];
  c1 = await createCreator(t);
  c2 = await createCreator(t, { verification: 'pending' });
  await signedUp([f1], '2025-01-01T09:00:00Z');
  await signedUp([f2, c1], '2025-01-03T23:59:59Z');
  await fund(f1, 100);
  await fund(f2, 100);
  // Sales of c1 at the default 20% commission (rounded half up to the cent).
  await sale(f1, 'tip', 5, '2024-12-31T23:59:59Z'); // before the range
  await sale(f1, 'tip', 12.34, '2025-01-01T10:00:00Z'); // 2.47
  await sale(f2, 'subscription', 20, '2025-01-02T12:00:00Z'); // 4.00
  await sale(f2, 'tip', 10.01, '2025-01-03T23:30:00Z'); // 2.00
  const product = await sale(f2, 'product', 30, '2025-01-04T08:00:00Z'); // 6.00, refunded on the 5th
  await t.ctx.db.transaction((tx) => t.ctx.ledger.recordRefund(tx, { source: product, description: 'refund' }));
  await dated(`refund:${product}`, '2025-01-05T09:00:00Z');
  await sale(f1, 'tip', 7, '2025-01-06T00:00:00Z'); // after the range
  // A pay-per-view post bought through the real wallet route: 9.99 → 2.00.
  const feed = await createFeed(t, c1.user.id, { visibility: 'ppv', price: 9.99, text: 'Secret' });
  const bought = await t.app.inject({ method: 'POST', url: `/wallet/charges/feed/${feed.id}`, headers: f1.auth, payload: {} });
  expect(bought.statusCode, bought.body).toBe(200);
  await dated(`wallet_charge:${bought.json().data.charge._id}`, '2025-01-03T08:00:00Z');
  // The "now" figures.
  await subscribe(t, f1.user.id, c1.user.id);
  await subscribe(t, f2.user.id, c1.user.id, { status: 'cancelled', expiresAt: new Date(Date.now() + 5 * DAY) }); // paid up: counts
  await subscribe(t, f3.user.id, c1.user.id, { status: 'expired', expiresAt: new Date(Date.now() - DAY) });
  await t.ctx.db.insert(payoutRequests).values([
    { performerId: c1.user.id, amount: 1500, status: 'pending' },
    { performerId: c2.user.id, amount: 550, status: 'approved' },
    { performerId: c1.user.id, amount: 700, status: 'paid' },
    { performerId: c2.user.id, amount: 900, status: 'rejected' },
  ]);
  await t.ctx.db.insert(reports).values([
    { reporterId: f1.user.id, target: 'performer', targetId: c1.user.id, reason: 'spam' },
    { reporterId: f2.user.id, target: 'performer', targetId: c1.user.id, reason: 'abuse' },
    { reporterId: f3.user.id, target: 'performer', targetId: c1.user.id, reason: 'spam', status: 'dismissed' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /admin/dashboard', () => {
  it('a custom range: sign-ups, sales and commission by type (refunds net out), every day of the series', async () => {
    const d = await dashboard('fromDate=2025-01-01&toDate=2025-01-05');
    expect(d).toMatchObject({ from: '2025-01-01', to: '2025-01-05', signups: { fans: 2, creators: 1 } });
    expect(d.sales).toMatchObject({ count: 5, gross: 52.34, commission: 10.47 });
    const line = (type: string) => d.sales.byType.find((l) => l.type === type);
    expect(line('tip')).toEqual({ type: 'tip', count: 2, gross: 22.35, commission: 4.47 });
    expect(line('subscription')).toEqual({ type: 'subscription', count: 1, gross: 20, commission: 4 });
    expect(line('feed')).toEqual({ type: 'feed', count: 1, gross: 9.99, commission: 2 });
    expect(line('product')).toEqual({ type: 'product', count: 1, gross: 0, commission: 0 });
    expect(d.sales.byType.map((l) => l.type)).toEqual([...EARNING_TYPE_VALUES]); // every type, in a fixed order
    expect(d.sales.byType.filter((l) => !['tip', 'subscription', 'feed', 'product'].includes(l.type)).every((l) => l.count === 0 && l.gross === 0)).toBe(true);
    expect(d.series).toEqual([
      { date: '2025-01-01', fans: 1, creators: 0, gross: 12.34, commission: 2.47 },
      { date: '2025-01-02', fans: 0, creators: 0, gross: 20, commission: 4 },
      { date: '2025-01-03', fans: 1, creators: 1, gross: 20, commission: 4 },
      { date: '2025-01-04', fans: 0, creators: 0, gross: 30, commission: 6 },
      { date: '2025-01-05', fans: 0, creators: 0, gross: -30, commission: -6 },
    ]);
  });

  it('the "now" figures: active subscriptions, payouts awaiting payment, open reports, creators awaiting verification', async () => {
    const d = await dashboard('fromDate=2025-01-01&toDate=2025-01-01');
    expect(d).toMatchObject({ activeSubscriptions: 2, payoutsPending: { count: 2, amount: 20.5 }, openReports: 2, creatorsAwaitingVerification: 1 });
  });

  it('ranges today, 7d and 30d end today (the API clock), in UTC days', async () => {
    const clock = vi.spyOn(t.ctx.clock, 'now').mockReturnValue(new Date('2025-01-03T15:00:00Z'));
    try {
      const today = await dashboard('range=today');
      expect(today).toMatchObject({ from: '2025-01-03', to: '2025-01-03', signups: { fans: 1, creators: 1 }, sales: { count: 2, gross: 20, commission: 4 } });
      expect(today.series).toHaveLength(1);
      const week = await dashboard(''); // 7d by default
      expect(week).toMatchObject({ from: '2024-12-28', to: '2025-01-03', sales: { count: 5, gross: 57.34, commission: 11.47 } });
      expect(week.series.map((s) => s.date)).toEqual(['2024-12-28', '2024-12-29', '2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02', '2025-01-03']);
      const month = await dashboard('range=30d');
      expect(month).toMatchObject({ from: '2024-12-05', to: '2025-01-03' });
      expect(month.series).toHaveLength(30);
    } finally {
      clock.mockRestore();
    }
  });

  it('bad input → 400 with field errors', async () => {
    for (const [query, field] of [
      ['range=1y', 'range'],
      ['fromDate=2025-01-01', 'toDate'],
      ['fromDate=2025-01-05&toDate=2025-01-01', 'toDate'],
      ['fromDate=2024-01-01&toDate=2025-12-31', 'toDate'],
      ['fromDate=01/02/2025&toDate=2025-01-03', 'fromDate'],
    ] as const) {
      const res = await get(query, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details.map((x: { field: string }) => x.field), query).toContain(field);
    }
  });

  it('only operators: anonymous 401, fan and creator 403', async () => {
    expect((await get('')).statusCode).toBe(401);
    expect((await get('', f1)).statusCode).toBe(403);
    expect((await get('', c1)).statusCode).toBe(403);
  });

  it('the money came through the ledger: it balances', async () => {
    await expectLedgerBalanced(t);
  });
});
