import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { earningSchema, earningStatsSchema, toMinor } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { createFeed } from '../../../test/factories';
import { SITE, earningsAccount, wallet } from '../ledger/ledger.service';
import { ledgerEntries } from '../ledger/ledger.tables';
import { earnings } from './earnings.tables';
import { CSV_BATCH } from './earnings.service';

let t: TestApp;
let admin: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers });

/** Money arrives in a fan's wallet through the ledger (as a confirmed top-up would). */
async function fund(fan: Made, amount: number) {
  await t.ctx.db.transaction((tx) =>
    t.ctx.ledger.post(tx, { type: 'wallet_topup', reference: `test-topup:${uuidv7()}`, postings: [{ account: SITE.gateway, amount: -toMinor(amount) }, { account: wallet(fan.user.id), amount: toMinor(amount) }] }),
  );
}
/**
 * A tip as the wallet records it: ledger.recordSale inside one transaction (wallet → earnings +
 * commission). The settings cache is warmed first: on PGlite (one connection) a settings read
 * outside the transaction would wait for it forever — see README "Known issue".
 */
async function tip(fan: Made, creator: Made, price: number, message = '') {
  await t.ctx.settings.all();
  const source = `wallet_charge:${uuidv7()}`;
  await t.ctx.db.transaction((tx) =>
    t.ctx.ledger.recordSale(tx, { performerId: creator.user.id, userId: fan.user.id, type: 'tip', source, gross: toMinor(price), description: message, from: wallet(fan.user.id), ledgerType: 'tip' }),
  );
  return source;
}
/** Moves the earnings row of a sale to a given time (sales on chosen days). */
async function dateSale(source: string, at: string) {
  await t.ctx.db.update(earnings).set({ createdAt: new Date(at) }).where(eq(earnings.source, source));
}
async function ledgerSum() {
  const [r] = await t.ctx.db.select({ s: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries);
  return Number(r.s);
}

describe('earnings of a creator', () => {
  let creator: Made;
  let fan1: Made;
  let fan2: Made;
  beforeAll(async () => {
    creator = await createCreator(t);
    fan1 = await createFan(t);
    fan2 = await createFan(t);
    await fund(fan1, 200);
    await fund(fan2, 200);
    // 20% default commission, rounded half up to the cent: 12.34 → 2.47 / 9.87; 10.01 → 2.00 / 8.01.
    await dateSale(await tip(fan1, creator, 12.34, 'Great show'), '2025-01-01T10:00:00Z');
    await dateSale(await tip(fan2, creator, 10.01), '2025-01-03T23:30:00Z');
    // A PPV feed purchase (type feed) at 20%: 9.99 → 2.00 / 7.99.
    const feed = await createFeed(t, creator.user.id, { visibility: 'ppv', price: 9.99, text: 'Secret' });
    await t.ctx.settings.all();
    const bought = await inject('POST', `/wallet/charges/feed/${feed.id}`, {}, fan1.auth);
    expect(bought.statusCode, bought.body).toBe(200);
    await dateSale(`wallet_charge:${bought.json().data.charge._id}`, '2025-01-03T08:00:00Z');
    // Commission override 0% → the creator nets 100%.
    const set = await inject('PUT', `/admin/performers/${creator.user.id}/commission`, { percentage: 0 }, admin.auth);
    expect(set.statusCode, set.body).toBe(200);
    await dateSale(await tip(fan2, creator, 15.55, 'No commission'), '2025-01-05T12:00:00Z');
  });

  it('stats: totals exact to the cent, the daily series (gaps filled), balance figures', async () => {
    const res = await inject('GET', '/performer/earning/stats', undefined, creator.auth);
    expect(res.statusCode, res.body).toBe(200);
    const s = earningStatsSchema.strict().parse(res.json().data);
    expect(s).toMatchObject({ gross: 47.89, commission: 6.47, net: 41.42, paidOut: 0, pending: 0, available: 41.42, balance: 41.42 });
    expect(s.series).toEqual([
      { date: '2025-01-01', net: 9.87, gross: 12.34 },
      { date: '2025-01-02', net: 0, gross: 0 },
      { date: '2025-01-03', net: 16, gross: 20 },
      { date: '2025-01-04', net: 0, gross: 0 },
      { date: '2025-01-05', net: 15.55, gross: 15.55 },
    ]);
    // Filters narrow the totals and the series, never the balance figures (all time).
    const tips = (await inject('GET', '/performer/earning/stats?type=tip&fromDate=2025-01-02&toDate=2025-01-03', undefined, creator.auth)).json().data;
    expect(tips).toMatchObject({ gross: 10.01, commission: 2, net: 8.01, available: 41.42 });
    expect(tips.series).toEqual([{ date: '2025-01-03', net: 8.01, gross: 10.01 }]);
    const none = (await inject('GET', '/performer/earning/stats?fromDate=2030-01-01', undefined, creator.auth)).json().data;
    expect(none).toMatchObject({ gross: 0, commission: 0, net: 0, series: [], available: 41.42 });
  });

  it('search: the paying fan as a card, commissionPercentage, filters, sort and pagination', async () => {
    const res = await inject('GET', '/performer/earning/search?limit=2', undefined, creator.auth);
    expect(res.statusCode, res.body).toBe(200);
    const page1 = res.json().data;
    expect(page1.total).toBe(4);
    expect(page1.data).toHaveLength(2);
    const first = earningSchema.strict().parse(page1.data[0]);
    expect(first).toMatchObject({ type: 'tip', gross: 15.55, commission: 0, net: 15.55, commissionPercentage: 0, description: 'No commission', createdAt: '2025-01-05T12:00:00.000Z' });
    expect(first.user).toMatchObject({ _id: fan2.user.id, username: fan2.user.username });
    expect(first.user).not.toHaveProperty('email');
    expect(page1.data[1]).toMatchObject({ gross: 10.01, commission: 2, net: 8.01, commissionPercentage: 20 });
    const page2 = (await inject('GET', '/performer/earning/search?limit=2&offset=2', undefined, creator.auth)).json().data;
    expect(page2.data.map((e: { gross: number }) => e.gross)).toEqual([9.99, 12.34]);
    const feeds = (await inject('GET', '/performer/earning/search?type=feed', undefined, creator.auth)).json().data;
    expect(feeds).toMatchObject({ total: 1, data: [{ type: 'feed', gross: 9.99, commission: 2, net: 7.99, description: 'Post: Secret' }] });
    // A date-only toDate includes that day; fromDate is inclusive.
    const jan3 = (await inject('GET', '/performer/earning/search?fromDate=2025-01-03&toDate=2025-01-03', undefined, creator.auth)).json().data;
    expect(jan3.total).toBe(2);
    const byNet = (await inject('GET', '/performer/earning/search?sortBy=net&sort=asc', undefined, creator.auth)).json().data;
    expect(byNet.data.map((e: { net: number }) => e.net)).toEqual([7.99, 8.01, 9.87, 15.55]);
    const q = (await inject('GET', `/performer/earning/search?q=${fan1.user.username}`, undefined, creator.auth)).json().data;
    expect(q.total).toBe(2);
    expect((await inject('GET', '/performer/earning/search?type=nope', undefined, creator.auth)).statusCode).toBe(400);
    expect((await inject('GET', '/performer/earning/search?limit=101', undefined, creator.auth)).statusCode).toBe(400);
  });

  it('CSV export: streamed download with a header row, the same filters, decimals', async () => {
    const res = await inject('GET', '/performer/earning/export/csv', undefined, creator.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="earnings-${today}.csv"`);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('date,type,fan,description,gross,commission,net,commission %');
    expect(lines.slice(1)).toEqual([
      `2025-01-05T12:00:00.000Z,tip,${fan2.user.username},No commission,15.55,0.00,15.55,0`,
      `2025-01-03T23:30:00.000Z,tip,${fan2.user.username},,10.01,2.00,8.01,20`,
      `2025-01-03T08:00:00.000Z,feed,${fan1.user.username},Post: Secret,9.99,2.00,7.99,20`,
      `2025-01-01T10:00:00.000Z,tip,${fan1.user.username},Great show,12.34,2.47,9.87,20`,
    ]);
    const tips = await inject('GET', '/performer/earning/export/csv?type=tip&sort=asc', undefined, creator.auth);
    expect(tips.body.trim().split('\n').slice(1).map((l) => l.split(',')[4])).toEqual(['12.34', '10.01', '15.55']);
    const empty = await inject('GET', '/performer/earning/export/csv?fromDate=2030-01-01', undefined, creator.auth);
    expect(empty.body.trim()).toBe('date,type,fan,description,gross,commission,net,commission %');
  });

  it('who may read: fans 403, anonymous 401, another creator\'s id 403; admins pass performerId', async () => {
    const other = await createCreator(t);
    for (const url of ['/performer/earning/stats', '/performer/earning/search', '/performer/earning/export/csv']) {
      expect((await inject('GET', url)).statusCode).toBe(401);
      expect((await inject('GET', url, undefined, fan1.auth)).statusCode).toBe(403);
      expect((await inject('GET', `${url}?performerId=${creator.user.id}`, undefined, other.auth)).statusCode).toBe(403);
      expect((await inject('GET', url, undefined, admin.auth)).statusCode).toBe(400); // an admin must choose a creator
      expect((await inject('GET', `${url}?performerId=${fan1.user.id}`, undefined, admin.auth)).statusCode).toBe(404);
      expect((await inject('GET', `${url}?performerId=${creator.user.id}`, undefined, admin.auth)).statusCode).toBe(200);
    }
    const s = (await inject('GET', `/performer/earning/stats?performerId=${creator.user.id}`, undefined, admin.auth)).json().data;
    expect(s).toMatchObject({ gross: 47.89, net: 41.42 });
    // The other creator sees only their own (nothing).
    expect((await inject('GET', '/performer/earning/search', undefined, other.auth)).json().data).toEqual({ data: [], total: 0 });
    expect((await inject('GET', '/performer/earning/stats', undefined, other.auth)).json().data).toMatchObject({ gross: 0, available: 0, series: [] });
  });
});

describe('CSV export at size', () => {
  it('streams every row exactly once across keyset batches, ties on the same instant included; formulas neutralised', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await fund(fan, 100);
    await tip(fan, creator, 10, '=HYPERLINK("http://evil.example","click")');
    // Bulk rows (test shortcut: one ledger movement shared by many earnings rows) — half of them on the very same instant.
    const [{ ledgerTransactionId }] = await t.ctx.db.select({ ledgerTransactionId: earnings.ledgerTransactionId }).from(earnings).where(eq(earnings.performerId, creator.user.id));
    const n = CSV_BATCH * 2 + 37;
    const same = new Date('2024-06-01T00:00:00.123456Z');
    const rows = Array.from({ length: n }, (_, i) => ({
      performerId: creator.user.id, userId: fan.user.id, type: 'tip' as const, channel: 'tip' as const, source: `bulk:${creator.user.id}:${i}`, gross: 100, commission: 20, net: 80, commissionBps: 2000,
      description: `row-${i}`, ledgerTransactionId, createdAt: i % 2 ? same : new Date(Date.UTC(2024, 0, 1) + i * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 400) await t.ctx.db.insert(earnings).values(rows.slice(i, i + 400));
    for (const sort of ['desc', 'asc']) {
      const res = await inject('GET', `/performer/earning/export/csv?sort=${sort}`, undefined, creator.auth);
      expect(res.statusCode).toBe(200);
      const lines = res.body.trim().split('\n').slice(1);
      expect(lines).toHaveLength(n + 1);
      const descs = lines.map((l) => l.split(',')[3]);
      expect(new Set(descs).size).toBe(n + 1);
      for (let i = 0; i < n; i++) expect(descs).toContain(`row-${i}`);
    }
    const res = await inject('GET', '/performer/earning/export/csv?type=tip&fromDate=2025-01-01', undefined, creator.auth);
    const line = res.body.trim().split('\n')[1];
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    const bySize = await inject('GET', '/performer/earning/export/csv?sortBy=gross', undefined, creator.auth);
    expect(bySize.body.trim().split('\n')).toHaveLength(n + 2);
  });

  it('every earnings and payouts call is in the OpenAPI document', async () => {
    const doc = (await inject('GET', '/docs/json')).json();
    for (const p of ['/performer/earning/stats', '/performer/earning/search', '/performer/earning/export/csv', '/payout-requests', '/payout-requests/calculate', '/payout-requests/{id}', '/payout-requests/search',
      '/payout-requests/{id}/view', '/payout-requests/check/pending-review', '/admin/payout-requests', '/admin/payout-requests/{id}/status', '/performers/banking-settings', '/performers/payment-gateway-settings']) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
  });

  it('stats: the balance is signed — below zero once more was taken back than was left (a dispute after a payout); available stays 0', async () => {
    const [c, fan] = await Promise.all([createCreator(t), createFan(t)]);
    await fund(fan, 10);
    await tip(fan, c, 10);
    // What a dispute of an already paid-out sale does to the account (ledger README): the share taken back below zero.
    await t.ctx.db.transaction((tx) =>
      t.ctx.ledger.post(tx, { type: 'dispute', reference: `test-dispute:${uuidv7()}`, postings: [{ account: earningsAccount(c.user.id), amount: -2000, overdraft: true }, { account: SITE.gateway, amount: 2000 }] }),
    );
    const s = earningStatsSchema.strict().parse((await inject('GET', '/performer/earning/stats', undefined, c.auth)).json().data);
    expect(s).toMatchObject({ available: 0, balance: -12 });
  });

  it('the ledger balances to zero', async () => {
    expect(await ledgerSum()).toBe(0);
  });
});
