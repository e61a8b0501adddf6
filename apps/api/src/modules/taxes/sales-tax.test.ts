import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { myTaxesSchema, taxReportSchema, taxRuleSchema } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp, requester } from '../../../test/harness';
import { addCard, expectLedgerBalanced, topUp } from '../../../test/money';
import { createAddress, createProduct } from '../../../test/shop';
import { auditLog } from '../../platform/audit.tables';
import { earnings } from '../earnings/earnings.tables';
import { earningsAccount, wallet } from '../ledger/ledger.service';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../ledger/ledger.tables';
import { paymentTransactions } from '../payments/payments.tables';
import { saleTaxes } from './tax-rules.tables';

/** Sales tax (taxes README "Sales tax"): rules, the fan's place, the ledger's taxes account, refunds and disputes, the report. */
let t: TestApp;
let admin: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterEach(async () => {
  await expectLedgerBalanced(t);
});
afterAll(async () => {
  await t?.close();
});

const req = requester(() => t);
const US_IP = { 'x-client-ip': '8.8.8.8' };
const GB_IP = { 'x-client-ip': '81.2.69.142' };
const walletOf = (who: Made) => t.ctx.ledger.balance(t.ctx.db, wallet(who.user.id));
const earningsOf = (who: Made) => t.ctx.ledger.balance(t.ctx.db, earningsAccount(who.user.id));
async function site(kind: 'taxes' | 'commission'): Promise<number> {
  const [r] = await t.ctx.db.select({ s: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries).innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId)).where(eq(ledgerAccounts.kind, kind));
  return Number(r!.s);
}
async function rule(body: Record<string, unknown>) {
  const r = await req('POST', '/admin/tax-rules', admin, body);
  expect(r.statusCode, r.body).toBe(201);
  return taxRuleSchema.strict().parse(r.json().data);
}
async function residence(who: Made, country: string, region: string | null = null) {
  const r = await req('PUT', '/taxes/residence', who, { country, region });
  expect(r.statusCode, r.body).toBe(200);
}
async function fanIn(country: string, region: string | null = null, balance = 100) {
  const fan = await createFan(t);
  await residence(fan, country, region);
  if (balance) await topUp(t, fan, balance, { card: true });
  return fan;
}
/** The entries of one ledger movement by account kind (minor units). */
async function movement(reference: string): Promise<Record<string, number>> {
  const rows = await t.ctx.db
    .select({ kind: ledgerAccounts.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerTransactions.reference, reference));
  return Object.fromEntries(rows.map((r) => [r.kind, r.amount]));
}
async function creatorAt(monthlyPrice: number): Promise<Made> {
  const c = await createCreator(t);
  const r = await req('PUT', '/performers/subscription-settings', c, { monthlyPrice, freeSubscriptionEnabled: false });
  expect(r.statusCode, r.body).toBe(200);
  return c;
}
async function latestPayment(who: Made) {
  const [p] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, who.user.id)).orderBy(desc(paymentTransactions.createdAt)).limit(1);
  return p!;
}

// Places of this file: DE 19% VAT inclusive on tips and videos; FR 20% on subscriptions exclusive;
// US: 5% country-wide (exclusive), California 7.25% (exclusive); GB untaxed.
let de: ReturnType<typeof taxRuleSchema.parse>;
beforeAll(async () => {
  de = await rule({ country: 'DE', label: 'VAT', rateBps: 1900, inclusive: true, kinds: ['tip', 'video', 'product'] });
  await rule({ country: 'FR', label: 'TVA', rateBps: 2000, inclusive: false, kinds: ['subscription', 'tip'] });
  await rule({ country: 'US', label: 'Sales tax', rateBps: 500, inclusive: false, kinds: ['tip', 'subscription'] });
  await rule({ country: 'US', region: 'CA', label: 'Sales tax', rateBps: 725, inclusive: false, kinds: ['tip', 'subscription'] });
});

describe('rules (operator): CRUD, validation, access, audit', () => {
  it('validates (400 with field errors), refuses a second rule for a place (409), and only operators may', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const r = await req('POST', '/admin/tax-rules', admin, { country: 'IT', label: 'IVA', rateBps: 2200, inclusive: true, kinds: ['tip'], ...body });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().details.map((d: { field: string }) => d.field)).toContain(field);
    };
    await bad({ rateBps: 10_001 }, 'rateBps');
    await bad({ rateBps: -1 }, 'rateBps');
    await bad({ rateBps: 22.5 }, 'rateBps');
    await bad({ country: 'XX' }, 'country');
    await bad({ country: 'Italy' }, 'country');
    await bad({ region: 'LO' }, 'region');
    await bad({ country: 'CA', region: 'ZZ' }, 'region');
    await bad({ kinds: [] }, 'kinds');
    await bad({ kinds: ['car'] }, 'kinds.0');
    await bad({ label: '' }, 'label');
    const dup = await req('POST', '/admin/tax-rules', admin, { country: 'DE', label: 'VAT', rateBps: 700, inclusive: true, kinds: ['tip'] });
    expect(dup.statusCode).toBe(409);

    const fan = await createFan(t);
    const creator = await createCreator(t);
    for (const who of [fan, creator, undefined]) {
      const expected = who ? 403 : 401;
      expect((await req('GET', '/admin/tax-rules', who)).statusCode).toBe(expected);
      expect((await req('POST', '/admin/tax-rules', who, { country: 'IT', label: 'IVA', rateBps: 2200, inclusive: true, kinds: ['tip'] })).statusCode).toBe(expected);
      expect((await req('PUT', `/admin/tax-rules/${de._id}`, who, { rateBps: 1 })).statusCode).toBe(expected);
      expect((await req('DELETE', `/admin/tax-rules/${de._id}`, who)).statusCode).toBe(expected);
      expect((await req('GET', '/admin/taxes/report?from=2020-01&to=2020-02', who)).statusCode).toBe(expected);
    }
  });

  it('create, update and delete are audited with what changed; the list pages and filters', async () => {
    const itRule = await rule({ country: 'IT', label: 'IVA', rateBps: 2200, inclusive: true, kinds: ['tip', 'tip'] });
    expect(itRule).toMatchObject({ country: 'IT', region: null, kinds: ['tip'], active: true });
    const up = await req('PUT', `/admin/tax-rules/${itRule._id}`, admin, { rateBps: 1000, kinds: ['tip', 'video'] });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ rateBps: 1000, kinds: ['tip', 'video'] });
    expect((await req('PUT', `/admin/tax-rules/${itRule._id}`, admin, { rateBps: 10_001 })).statusCode).toBe(400);
    const list = await req('GET', '/admin/tax-rules?country=IT', admin);
    expect(list.json().data).toMatchObject({ total: 1, data: [{ _id: itRule._id }] });
    const all = await req('GET', '/admin/tax-rules?limit=2', admin);
    expect(all.json().data.data.map((r: { country: string }) => r.country)).toEqual(['DE', 'FR']);
    expect((await req('DELETE', `/admin/tax-rules/${itRule._id}`, admin)).statusCode).toBe(200);
    expect((await req('DELETE', `/admin/tax-rules/${itRule._id}`, admin)).statusCode).toBe(404);
    const audit = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'tax rule'), eq(auditLog.targetId, itRule._id))).orderBy(auditLog.createdAt, auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['tax_rule.create', 'tax_rule.update', 'tax_rule.delete']);
    expect(audit[1]).toMatchObject({ before: { rateBps: 2200 }, after: { rateBps: 1000 }, actorId: admin.user.id });
  });
});

describe("the fan's place and what applies (GET /taxes/mine)", () => {
  it('stated residence first, else the request\'s country; the region\'s rule over the country\'s; a US fan without a state must state it', async () => {
    const mine = async (who: Made | undefined, headers: Record<string, string> = {}) => myTaxesSchema.strict().parse((await req('GET', '/taxes/mine', who, undefined, headers)).json().data);
    expect(await mine(undefined, GB_IP)).toEqual({ place: { country: 'GB', region: null, source: 'request' }, tax: null, residenceRequired: false });
    // A US address without a stated state: California has its own rule, so the tax cannot be known.
    expect(await mine(undefined, US_IP)).toEqual({ place: { country: 'US', region: null, source: 'request' }, tax: null, residenceRequired: true });
    const fan = await createFan(t);
    await residence(fan, 'US', 'CA');
    expect(await mine(fan, GB_IP)).toEqual({ place: { country: 'US', region: 'CA', source: 'stated' }, tax: { label: 'Sales tax', rateBps: 725, inclusive: false, kinds: ['tip', 'subscription'] }, residenceRequired: false });
    await residence(fan, 'US', 'NY');
    expect((await mine(fan)).tax).toMatchObject({ rateBps: 500 });
    await residence(fan, 'DE');
    expect((await mine(fan, US_IP)).tax).toMatchObject({ label: 'VAT', rateBps: 1900, inclusive: true });
    const bad = await req('PUT', '/taxes/residence', fan, { country: 'US' });
    expect([bad.statusCode, bad.json().details]).toEqual([400, [{ field: 'region', message: 'Choose your state or province' }]]);
    expect((await req('PUT', '/taxes/residence', fan, { country: 'XX' })).statusCode).toBe(400);
    expect((await req('GET', '/taxes/residence', fan)).json().data).toEqual({ country: 'DE', region: null });
    expect((await req('PUT', '/taxes/residence', undefined, { country: 'DE' })).statusCode).toBe(401);
  });

  it('paying from a US address without a stated state is refused (422 tax_residence_required), nothing moves', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await topUp(t, fan, 50, { card: true });
    const r = await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 10 }, US_IP);
    expect([r.statusCode, r.json().code]).toEqual([422, 'tax_residence_required']);
    expect(await walletOf(fan)).toBe(5000);
    await residence(fan, 'US', 'TX');
    const ok = await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 10 }, US_IP);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await walletOf(fan)).toBe(5000 - 1050); // $10 + 5% US sales tax on top
  });
});

describe('a taxed sale moves the tax to its own account, never to the creator or the commission', () => {
  it('exclusive tip (US-CA 7.25%): wallet −(X+T), earnings +net(X), commission +comm(X), taxes +T; recorded with its sale', async () => {
    const creator = await createCreator(t);
    const fan = await fanIn('US', 'CA');
    const taxesBefore = await site('taxes');
    const r = await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 19.95 });
    expect(r.statusCode, r.body).toBe(200);
    const chargeId = r.json().data.charge._id;
    expect(await movement(`wallet_charge:${chargeId}`)).toEqual({ wallet: -2140, earnings: 1596, commission: 399, taxes: 145 });
    expect(await site('taxes')).toBe(taxesBefore + 145);
    const [rec] = await t.ctx.db.select().from(saleTaxes).where(eq(saleTaxes.source, `wallet_charge:${chargeId}`));
    expect(rec).toMatchObject({ country: 'US', region: 'CA', label: 'Sales tax', rateBps: 725, inclusive: false, net: 1995, tax: 145 });
    const [tx] = await t.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, `wallet_charge:${chargeId}`));
    expect([tx!.taxCountry, tx!.taxRegion, tx!.amount]).toEqual(['US', 'CA', 2140]);
  });

  it('inclusive tip (DE 19%): the fan pays the price, the split is on the price less the tax', async () => {
    const creator = await createCreator(t);
    const fan = await fanIn('DE');
    const r = await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 19.95 });
    expect(r.statusCode, r.body).toBe(200);
    expect(await movement(`wallet_charge:${r.json().data.charge._id}`)).toEqual({ wallet: -1995, earnings: 1341, commission: 335, taxes: 319 });
    expect(await walletOf(fan)).toBe(10_000 - 1995);
  });

  it('an untaxed place (stated, or by GeoIP) is unchanged: no tax entry, no record', async () => {
    const creator = await createCreator(t);
    const gb = await fanIn('GB');
    const r = await req('POST', `/wallet/charges/tip/${creator.user.id}`, gb, { price: 10 });
    expect(await movement(`wallet_charge:${r.json().data.charge._id}`)).toEqual({ wallet: -1000, earnings: 800, commission: 200 });
    // GeoIP only (no stated residence): GB, untaxed.
    const geo = await createFan(t);
    await topUp(t, geo, 20, { card: true });
    const g = await req('POST', `/wallet/charges/tip/${creator.user.id}`, geo, { price: 10 }, GB_IP);
    expect(await movement(`wallet_charge:${g.json().data.charge._id}`)).toEqual({ wallet: -1000, earnings: 800, commission: 200 });
    expect(await t.ctx.db.select().from(saleTaxes).where(eq(saleTaxes.userId, geo.user.id))).toEqual([]);
  });

  it('insufficient wallet counts the tax: 422 and nothing moves', async () => {
    const creator = await createCreator(t);
    const fan = await fanIn('US', 'CA', 10);
    const r = await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 10 });
    expect(r.statusCode).toBe(422);
    expect(await walletOf(fan)).toBe(1000);
    expect(await t.ctx.db.select().from(saleTaxes).where(eq(saleTaxes.userId, fan.user.id))).toEqual([]);
  });
});

describe('refunds give the tax back once', () => {
  it('a refunded order of a taxed product: the fan gets price and tax back, the taxes account gives it back, a second refund 409', async () => {
    const creator = await createCreator(t);
    const fan = await fanIn('DE');
    const addr = await createAddress(t, fan);
    const product = await createProduct(t, creator.user.id, { price: 23.8, stock: 5 });
    const buy = await req('POST', `/wallet/charges/product/${product.id}`, fan, { quantity: 1, deliveryAddressId: addr._id });
    expect(buy.statusCode, buy.body).toBe(200);
    const { order } = buy.json().data;
    expect(await movement(`wallet_charge:${order.chargeId}`)).toEqual({ wallet: -2380, earnings: 1600, commission: 400, taxes: 380 });
    const taxes = await site('taxes');
    const refund = await req('PUT', `/orders/${order._id}/update`, creator, { deliveryStatus: 'refunded' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await movement(`refund:wallet_charge:${order.chargeId}`)).toEqual({ wallet: 2380, earnings: -1600, commission: -400, taxes: -380 });
    expect(await walletOf(fan)).toBe(10_000);
    expect(await site('taxes')).toBe(taxes - 380);
    expect((await req('PUT', `/orders/${order._id}/update`, creator, { deliveryStatus: 'refunded' })).statusCode).toBe(409);
    expect(await site('taxes')).toBe(taxes - 380);
  });

  it('a taxed subscription (FR 20% on top): the card pays price + tax; partial card refunds give the tax back in proportion, adding up to it exactly', async () => {
    const creator = await creatorAt(9.99);
    const fan = await createFan(t);
    await residence(fan, 'FR');
    await addCard(t, fan);
    const sub = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly' });
    expect(sub.statusCode, sub.body).toBe(200);
    const p = await latestPayment(fan);
    expect([p.amount, p.status]).toEqual([1199, 'succeeded']);
    expect(await movement(`payment:${p.id}`)).toEqual({ gateway: -1199, earnings: 799, commission: 200, taxes: 200 });
    const refund = async (amount: number) => {
      const r = await req('POST', `/admin/payments/${p.id}/refunds`, admin, { amount, reason: 'Goodwill refund' });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data._id as string;
    };
    const r1 = await refund(3.33);
    expect(await movement(`card_refund:${r1}`)).toEqual({ gateway: 333, earnings: -222, commission: -55, taxes: -56 });
    const r2 = await refund(8.66);
    expect(await movement(`card_refund:${r2}`)).toEqual({ gateway: 866, earnings: -577, commission: -145, taxes: -144 });
    const rows = await t.ctx.db.select().from(earnings).where(like(earnings.description, '%Goodwill%'));
    expect(rows.filter((r) => r.performerId === creator.user.id).reduce((s, r) => s + r.tax, 0)).toBe(-200);
    expect(await earningsOf(creator)).toBe(0);
    expect((await req('POST', `/admin/payments/${p.id}/refunds`, admin, { amount: 0.01, reason: 'Goodwill refund' })).statusCode).toBe(409);
  });

  it('a disputed taxed subscription holds the tax back; won gives it back exactly once', async () => {
    const creator = await creatorAt(10);
    const fan = await createFan(t);
    await residence(fan, 'US', 'CA');
    await addCard(t, fan);
    expect((await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly' })).statusCode).toBe(200);
    const p = await latestPayment(fan);
    expect(p.amount).toBe(1073);
    const taxes = await site('taxes');
    const open = await req('POST', '/admin/sandbox/disputes', admin, { paymentId: p.id });
    expect(open.statusCode, open.body).toBe(200);
    const id = open.json().data._id;
    expect(await movement(`dispute:${id}`)).toEqual({ gateway: 1073, earnings: -800, commission: -200, taxes: -73 });
    expect(await site('taxes')).toBe(taxes - 73);
    const won = await req('POST', '/admin/sandbox/disputes', admin, { paymentId: p.id, outcome: 'won' });
    expect(won.statusCode, won.body).toBe(200);
    expect(await movement(`dispute_won:${id}`)).toEqual({ gateway: -1073, earnings: 800, commission: 200, taxes: 73 });
    expect((await req('POST', '/admin/sandbox/disputes', admin, { paymentId: p.id, outcome: 'won' })).statusCode).toBe(409);
    expect(await site('taxes')).toBe(taxes);
  });
});

describe('the tax report (GET /admin/taxes/report and .csv)', () => {
  it('collected minus refunded by month and place, from the ledger; CSV with exact decimals', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const r = await req('GET', `/admin/taxes/report?from=${month}&to=${month}`, admin);
    expect(r.statusCode, r.body).toBe(200);
    const report = taxReportSchema.strict().parse(r.json().data);
    const at = (country: string, region: string | null) => report.rows.find((x) => x.country === country && x.region === region);
    // This file's sales: DE tip 3.19 + product 3.80 (refunded); FR subscription 2.00 (refunded in full);
    // US-CA tip 1.45 + subscription 0.73 (disputed, won); US-TX tip 0.50.
    expect(at('DE', null)).toEqual({ month, country: 'DE', region: null, collected: 6.99, refunded: 3.8, net: 3.19 });
    expect(at('FR', null)).toEqual({ month, country: 'FR', region: null, collected: 2, refunded: 2, net: 0 });
    expect(at('US', 'CA')).toEqual({ month, country: 'US', region: 'CA', collected: 2.18, refunded: 0, net: 2.18 });
    expect(at('US', 'TX')).toEqual({ month, country: 'US', region: 'TX', collected: 0.5, refunded: 0, net: 0.5 });
    expect(report.totals.net).toBeCloseTo(5.87, 2);
    expect(report.totals.net * 100).toBeCloseTo(await site('taxes'), 6);
    const csv = await req('GET', `/admin/taxes/report.csv?from=${month}&to=${month}`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="sales-tax-${month}-to-${month}.csv"`);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('month,country,region,collected,refunded,net');
    expect(lines).toContain(`${month},DE,,6.99,3.80,3.19`);
    expect(lines).toContain(`${month},US,CA,2.18,0.00,2.18`);
    // An earlier period has nothing; a period ending before it starts is a 400 on `to`.
    expect((await req('GET', '/admin/taxes/report?from=2001-01&to=2001-12', admin)).json().data).toEqual({ from: '2001-01', to: '2001-12', rows: [], totals: { collected: 0, refunded: 0, net: 0 } });
    const bad = await req('GET', '/admin/taxes/report?from=2024-05&to=2024-04', admin);
    expect([bad.statusCode, bad.json().details[0].field]).toEqual([400, 'to']);
    expect((await req('GET', '/admin/taxes/report?from=2024-13&to=2024-14', admin)).statusCode).toBe(400);
  });
});
