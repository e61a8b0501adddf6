import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { ADMIN_TRANSACTION_CSV_COLUMNS, adminTransactionSchema, type AdminTransaction } from '@stagepass/shared';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, type Made, type TestApp, requester } from '../../../test/harness';
import { expectLedgerBalanced, topUp } from '../../../test/money';
import { createAddress, createProduct } from '../../../test/shop';
import { SITE, earningsAccount } from './ledger.service';
import { ledgerTransactions } from './ledger.tables';

let t: TestApp;
let admin: Made;
let fan: Made;
let creator: Made;
let other: Made;
/** The movements made in beforeAll, by what they are. */
const made: Record<'topUp' | 'tip' | 'purchase' | 'refund' | 'payout' | 'otherTip', AdminTransaction> = {} as never;

const req = requester(() => t);
const list = async (query: string): Promise<{ data: AdminTransaction[]; total: number }> => {
  const res = await req('GET', `/admin/transactions?limit=100&${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const ids = (rows: AdminTransaction[]) => rows.map((r) => r._id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  fan = await createFan(t);
  creator = await createCreator(t);
  other = await createCreator(t);
  // A card top-up of 100.00, a tip of 12.34, a product of 25.00 bought and refunded by the operator, a payout of 5.00, another creator's tip.
  await topUp(t, fan, 100, { card: true });
  expect((await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 12.34 })).statusCode).toBe(200);
  const mug = await createProduct(t, creator.user.id, { name: 'Signed mug', price: 20, shippingFee: 5 });
  const address = await createAddress(t, fan);
  const bought = await req('POST', `/wallet/charges/product/${mug.id}`, fan, { deliveryAddressId: address._id });
  expect(bought.statusCode, bought.body).toBe(200);
  const refund = await req('PUT', `/orders/${bought.json().data.order._id}/update`, admin, { deliveryStatus: 'refunded' });
  expect(refund.statusCode, refund.body).toBe(200);
  await t.ctx.db.transaction((tx) =>
    t.ctx.ledger.post(tx, { type: 'payout', reference: `payout:${uuidv7()}`, description: 'Payout', postings: [{ account: earningsAccount(creator.user.id), amount: -500 }, { account: SITE.payouts, amount: 500 }] }),
  );
  expect((await req('POST', `/wallet/charges/tip/${other.user.id}`, fan, { price: 10 })).statusCode).toBe(200);
  const all = (await list('sort=asc')).data;
  expect(all.map((r) => r.type)).toEqual(['wallet_topup', 'tip', 'purchase', 'refund', 'payout', 'tip']);
  [made.topUp, made.tip, made.purchase, made.refund, made.payout, made.otherTip] = all as [AdminTransaction, AdminTransaction, AdminTransaction, AdminTransaction, AdminTransaction, AdminTransaction];
});
afterEach(async () => {
  await expectLedgerBalanced(t);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /admin/transactions', () => {
  it('answers only to an admin with two-factor authentication', async () => {
    const without2fa = await createAdminWithout2fa(t);
    for (const url of ['/admin/transactions', '/admin/transactions/export.csv']) {
      expect((await req('GET', url)).statusCode, url).toBe(401);
      expect((await req('GET', url, fan)).statusCode, url).toBe(403);
      expect((await req('GET', url, creator)).statusCode, url).toBe(403);
      expect((await req('GET', url, without2fa)).statusCode, url).toBe(403);
      expect((await req('GET', url, admin)).statusCode, url).toBe(200);
    }
  });

  it('shows each movement with its parties, amount, commission, net and entries, in decimals', async () => {
    const { data, total } = await list('');
    expect(total).toBe(6);
    for (const row of data) adminTransactionSchema.parse(row);
    // Newest first.
    expect(ids(data)).toEqual(ids([made.otherTip, made.payout, made.refund, made.purchase, made.tip, made.topUp]));
    expect(made.topUp).toMatchObject({ type: 'wallet_topup', itemType: null, amount: 100, commission: 0, net: 0, userId: fan.user.id, performerId: null });
    expect(made.topUp.user?.username).toBe(fan.user.username);
    // 20% of 12.34 is 2.468: the commission rounds half up to 2.47, the creator keeps 9.87.
    expect(made.tip).toMatchObject({ type: 'tip', itemType: 'tip', amount: 12.34, commission: 2.47, net: 9.87, userId: fan.user.id, performerId: creator.user.id });
    expect(made.tip.performer?.username).toBe(creator.user.username);
    expect(made.tip.entries.map((e) => [e.account, e.amount]).sort()).toEqual([['commission', 2.47], ['earnings', 9.87], ['wallet', -12.34]]);
    expect(made.purchase).toMatchObject({ type: 'purchase', itemType: 'product', amount: 25, commission: 5, net: 20 });
    expect(made.refund).toMatchObject({ type: 'refund', itemType: 'product', amount: 25, commission: -5, net: -20, userId: fan.user.id, performerId: creator.user.id });
    expect(made.payout).toMatchObject({ type: 'payout', amount: 5, commission: 0, net: -5, userId: null, performerId: creator.user.id });
  });

  it('filters by type, item type, either party, dates, amount and text; sorts by amount', async () => {
    expect(ids((await list('type=tip')).data)).toEqual(ids([made.otherTip, made.tip]));
    expect(ids((await list('itemType=product')).data)).toEqual(ids([made.refund, made.purchase]));
    // Either party: the fan paid everything but the payout; the creator is on their sales, the refund and the payout.
    expect(ids((await list(`userId=${creator.user.id}`)).data)).toEqual(ids([made.payout, made.refund, made.purchase, made.tip]));
    expect((await list(`userId=${fan.user.id}`)).total).toBe(5);
    expect((await list(`userId=${other.user.id}&type=refund`)).total).toBe(0);
    expect(ids((await list('minAmount=10&maxAmount=12.34')).data)).toEqual(ids([made.otherTip, made.tip]));
    expect(ids((await list('minAmount=25&sortBy=amount&sort=asc')).data)).toEqual(ids([made.purchase, made.refund, made.topUp]));
    expect((await list('q=signed%20mug')).total).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`fromDate=${today}&toDate=${today}`)).total).toBe(6);
    expect((await list('toDate=2020-01-01')).total).toBe(0);
    expect((await list(`fromDate=${made.payout.createdAt}`)).total).toBe(2);
    // Pages.
    const page = (await req('GET', '/admin/transactions?limit=2&offset=2', admin)).json().data;
    expect([page.total, ids(page.data)]).toEqual([6, ids([made.refund, made.purchase])]);
  });

  it('bad filters → 400 with the field', async () => {
    const bad = async (query: string, field: string) => {
      const res = await req('GET', `/admin/transactions?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field), query).toContain(field);
    };
    await bad('minAmount=20&maxAmount=10', 'maxAmount');
    await bad('fromDate=2026-02-01&toDate=2026-01-01', 'toDate');
    await bad('type=gift', 'type');
    await bad('userId=luna', 'userId');
    await bad('minAmount=1.005', 'minAmount');
    await bad('sortBy=reference', 'sortBy');
    expect((await req('GET', '/admin/transactions/export.csv?minAmount=-1', admin)).statusCode).toBe(400);
  });
});

describe('GET /admin/transactions/export.csv', () => {
  it('streams exactly the rows of the filters, header first, money as two-decimal decimals', async () => {
    const res = await req('GET', `/admin/transactions/export.csv?userId=${creator.user.id}&sort=asc`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const c = creator.user.username;
    const f = fan.user.username;
    const line = (r: AdminTransaction, rest: string) => `${r.createdAt},${r._id},${rest}`;
    const ref = async (r: AdminTransaction) => (await t.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, r._id)))[0]!;
    const [tip, purchase, refund, payout] = await Promise.all([made.tip, made.purchase, made.refund, made.payout].map(ref));
    expect(res.body).toBe(
      [
        ADMIN_TRANSACTION_CSV_COLUMNS.join(','),
        line(made.tip, `tip,tip,${tip!.reference},${made.tip.description},${f},${c},12.34,2.47,9.87`),
        line(made.purchase, `purchase,product,${purchase!.reference},Product: Signed mug,${f},${c},25.00,5.00,20.00`),
        line(made.refund, `refund,product,${refund!.reference},Refund: Signed mug,${f},${c},25.00,-5.00,-20.00`),
        line(made.payout, `payout,,${payout!.reference},Payout,,${c},5.00,0.00,-5.00`),
        '',
      ].join('\n'),
    );
    // Other filters and an empty result: the header alone.
    const tips = await req('GET', '/admin/transactions/export.csv?type=tip&minAmount=10.01', admin);
    expect(tips.body.trim().split('\n')).toHaveLength(2);
    expect(tips.body).toContain(',12.34,2.47,9.87');
    const none = await req('GET', '/admin/transactions/export.csv?fromDate=2099-01-01', admin);
    expect(none.body).toBe(`${ADMIN_TRANSACTION_CSV_COLUMNS.join(',')}\n`);
  });

  it('pages through more rows than one batch, in order, none twice', async () => {
    const fresh = await createCreator(t);
    const n = 520;
    await t.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < n; i++) {
        await t.ctx.ledger.post(tx, { type: 'payout', reference: `payout:${uuidv7()}`, postings: [{ account: SITE.gateway, amount: -(i + 1) }, { account: earningsAccount(fresh.user.id), amount: i + 1 }] });
      }
    });
    for (const sortBy of ['createdAt', 'amount']) {
      const res = await req('GET', `/admin/transactions/export.csv?userId=${fresh.user.id}&sortBy=${sortBy}`, admin);
      const rows = res.body.trim().split('\n').slice(1);
      expect(rows, sortBy).toHaveLength(n);
      expect(new Set(rows.map((r) => r.split(',')[1])).size).toBe(n);
      const amounts = rows.map((r) => Number(r.split(',')[8]));
      if (sortBy === 'amount') expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
      expect(amounts.reduce((s, a) => s + a, 0)).toBeCloseTo((n * (n + 1)) / 2 / 100, 6);
    }
  });
});
