import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { STRIPE_TAX_NEEDS_STRIPE } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp, requester } from '../../../test/harness';
import { expectLedgerBalanced } from '../../../test/money';
import type { StripeStandin } from '../../../test/stripe-standin';
import { stripeTestApp } from '../../../test/stripe-app';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../ledger/ledger.tables';
import { paymentTransactions } from '../payments/payments.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { saleTaxes, stripeTaxReversals } from './tax-rules.tables';

/**
 * Stripe Tax and taxed Stripe renewals (taxes README "Stripe Tax", "Stripe subscriptions"): the
 * API → the real SDK → the stand-in, whose Stripe Tax table is DE 19% VAT, FR 20% VAT, US-CA 7.25%.
 */
const WEBHOOK_SECRET = 'whsec_standin_stripe_tax_0123456789';
let t: TestApp;
let stripe: StripeStandin;
let admin: Made;

beforeAll(async () => {
  ({ t, stripe, admin } = await stripeTestApp(WEBHOOK_SECRET));
});
afterEach(async () => {
  stripe.taxDown = null;
  await expectLedgerBalanced(t);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const req = requester(() => t);
async function setSetting(key: string, value: unknown) {
  const r = await req('PUT', `/admin/settings/${key}`, admin, { value });
  expect(r.statusCode, r.body).toBe(200);
}
async function addCard(who: Made) {
  const r = await req('POST', '/stripe/cards', who, { paymentMethodId: 'pm_card_visa' });
  expect(r.statusCode, r.body).toBe(201);
}
async function fanIn(country: string, region: string | null = null, topUp = 0) {
  const fan = await createFan(t);
  const r = await req('PUT', '/taxes/residence', fan, { country, region });
  expect(r.statusCode, r.body).toBe(200);
  await addCard(fan);
  if (topUp) {
    const top = await req('POST', '/payment/wallet/top-up', fan, { amount: topUp });
    expect(top.statusCode, top.body).toBe(200);
    await stripe.flush();
  }
  return fan;
}
async function creatorAt(monthlyPrice: number): Promise<Made> {
  const c = await createCreator(t);
  const r = await req('PUT', '/performers/subscription-settings', c, { monthlyPrice, freeSubscriptionEnabled: false });
  expect(r.statusCode, r.body).toBe(200);
  return c;
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
const movementCount = async () => Number(((await t.ctx.db.execute(sql`select count(*)::int as n from ledger_transactions`)).rows[0] as { n: number }).n);
async function paymentsOf(fan: Made) {
  return t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, fan.user.id)).orderBy(desc(paymentTransactions.createdAt));
}

describe('the setting', () => {
  it('only operators change it; Stripe Tax needs the Stripe gateway (400 with a field error otherwise)', async () => {
    const fan = await createFan(t);
    expect((await req('PUT', '/admin/settings/salesTaxEngine', fan, { value: 'stripe_tax' })).statusCode).toBe(403);
    expect((await req('PUT', '/admin/settings/salesTaxEngine', undefined, { value: 'stripe_tax' })).statusCode).toBe(401);
    expect((await req('PUT', '/admin/settings/salesTaxEngine', admin, { value: 'avalara' })).statusCode).toBe(400);
    const bad = await req('PUT', '/admin/settings/stripeTaxKinds', admin, { value: ['tip', 'rent'] });
    expect(bad.statusCode).toBe(400);
    await setSetting('salesTaxEngine', 'stripe_tax');
    // While Stripe Tax is on, the gateway cannot be switched away from Stripe.
    const away = await req('PUT', '/admin/settings/paymentGateway', admin, { value: 'sandbox' });
    expect(away.statusCode).toBe(400);
    expect(away.json()).toMatchObject({ message: STRIPE_TAX_NEEDS_STRIPE, details: [{ field: 'value', message: STRIPE_TAX_NEEDS_STRIPE }] });
    await setSetting('salesTaxEngine', 'rules');
  });

  it('on a site whose gateway is the sandbox it is refused', async () => {
    const sandbox = await createTestApp();
    try {
      const op = await createAdmin(sandbox);
      await sandbox.app.inject({ method: 'PUT', url: '/admin/settings/paymentGateway', headers: op.auth, payload: { value: 'sandbox' } });
      const r = await sandbox.app.inject({ method: 'PUT', url: '/admin/settings/salesTaxEngine', headers: op.auth, payload: { value: 'stripe_tax' } });
      expect(r.statusCode).toBe(400);
      expect(r.json().details).toEqual([{ field: 'value', message: STRIPE_TAX_NEEDS_STRIPE }]);
      expect((await sandbox.app.inject({ method: 'GET', url: '/admin/settings', headers: op.auth })).json().data.salesTaxEngine.value).toBe('rules');
    } finally {
      await sandbox.close();
    }
  });
});

describe('Stripe Tax', () => {
  beforeAll(async () => {
    await setSetting('salesTaxEngine', 'stripe_tax');
    await setSetting('stripeTaxInclusive', false);
    await setSetting('stripeTaxKinds', ['tip', 'subscription', 'video']);
  });
  afterAll(async () => {
    await setSetting('salesTaxEngine', 'rules');
  });

  it('GET /taxes/mine answers the place\'s rate from a Stripe Tax calculation, cached per place', async () => {
    const fan = await fanIn('DE');
    const before = stripe.requestsTo('POST', '/v1/tax/calculations').length;
    const a = await req('GET', '/taxes/mine', fan);
    expect(a.json().data).toMatchObject({ place: { country: 'DE' }, tax: { label: 'VAT', rateBps: 1900, inclusive: false, kinds: ['tip', 'subscription', 'video'] }, residenceRequired: false });
    await req('GET', '/taxes/mine', fan);
    expect(stripe.requestsTo('POST', '/v1/tax/calculations').length - before).toBe(1);
    const nz = await fanIn('NZ');
    expect((await req('GET', '/taxes/mine', nz)).json().data.tax).toBeNull();
    const us = await createFan(t);
    await req('PUT', '/taxes/residence', us, { country: 'US', region: 'CA' });
    expect((await req('GET', '/taxes/mine', us)).json().data.tax).toMatchObject({ label: 'Sales tax', rateBps: 725 });
  });

  it('a wallet tip: the calculation\'s exact amounts move (tax on top), sale_taxes records the calculation; the job records the transaction once', async () => {
    const creator = await createCreator(t);
    const fan = await fanIn('DE', null, 50);
    const r = await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 10 });
    expect(r.statusCode, r.body).toBe(200);
    const [row] = await t.ctx.db.select().from(saleTaxes).where(eq(saleTaxes.userId, fan.user.id));
    expect(row).toMatchObject({ provider: 'stripe_tax', ruleId: null, country: 'DE', label: 'VAT', rateBps: 1900, inclusive: false, net: 1000, tax: 190, calculationId: expect.stringMatching(/^taxcalc_/) });
    const calc = stripe.requestsTo('POST', '/v1/tax/calculations').at(-1)!;
    expect(calc.params).toMatchObject({ currency: 'usd', customer_details: { address: { country: 'DE' }, address_source: 'billing' }, line_items: [{ amount: '1000', reference: row!.source, tax_behavior: 'exclusive', tax_code: 'txcd_10000000' }] });
    expect(await movement(row!.source)).toEqual({ wallet: -1190, earnings: 800, commission: 200, taxes: 190 });
    // The job (after commit) and a replay: one transaction at Stripe, referenced by the sale.
    await t.ctx.salesTax.syncStripe();
    await t.ctx.salesTax.syncStripe();
    const [after] = await t.ctx.db.select().from(saleTaxes).where(eq(saleTaxes.source, row!.source));
    expect(after!.stripeTransactionId).toMatch(/^tax_/);
    const made = [...stripe.taxTransactions.values()].filter((x) => x.reference === row!.source);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ type: 'transaction', calculation: row!.calculationId });
    expect(stripe.requestsTo('POST', '/v1/tax/transactions/create_from_calculation').filter((q) => q.params.reference === row!.source).every((q) => q.idempotencyKey === `tax-transaction:${row!.source}`)).toBe(true);
  });

  it('a kind Stripe Tax does not cover, and a place it does not tax, are untaxed', async () => {
    const creator = await createCreator(t);
    const nz = await fanIn('NZ', null, 20);
    const r = await req('POST', `/wallet/charges/tip/${creator.user.id}`, nz, { price: 10 });
    expect(r.statusCode, r.body).toBe(200);
    expect(await t.ctx.db.select().from(saleTaxes).where(eq(saleTaxes.userId, nz.user.id))).toEqual([]);
  });

  it('a US fan without a state is asked for it (422) before Stripe is asked', async () => {
    const creator = await createCreator(t);
    const fan = await fanIn('US', 'CA', 20);
    await t.ctx.db.execute(sql`update tax_residences set region = '' where user_id = ${fan.user.id}`);
    const r = await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 10 });
    expect(r.statusCode).toBe(422);
    expect(r.json().code).toBe('tax_residence_required');
  });

  it('Stripe Tax down → 503 with a clear message, nothing moves', async () => {
    const creator = await createCreator(t);
    const fan = await fanIn('FR', null, 20);
    const moves = await movementCount();
    stripe.taxDown = 503;
    const r = await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 10 });
    expect(r.statusCode).toBe(503);
    expect(r.json().message).toMatch(/Stripe Tax did not answer.*nothing was charged/);
    expect(await movementCount()).toBe(moves);
    expect(await t.ctx.db.select().from(saleTaxes).where(eq(saleTaxes.userId, fan.user.id))).toEqual([]);
  });

  it('a card subscription: automatic tax at Stripe, the first period and a renewal booked with the invoice tax; a partial refund is reversed at Stripe', async () => {
    const creator = await creatorAt(10);
    const fan = await fanIn('FR');
    const sub = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly' });
    expect(sub.statusCode, sub.body).toBe(200);
    await stripe.flush();
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, fan.user.id));
    const stripeSub = stripe.subscriptions.get(row!.gatewayRef!)!;
    expect(stripeSub.automatic_tax).toMatchObject({ enabled: true });
    expect(stripeSub.items.data[0].price).toMatchObject({ unit_amount: 1000, tax_behavior: 'exclusive' });
    expect(stripe.customers.get(stripeSub.customer)!.address).toMatchObject({ country: 'FR' });
    const [first] = await paymentsOf(fan);
    expect([first!.amount, first!.status]).toEqual([1200, 'succeeded']);
    expect(await movement(`payment:${first!.id}`)).toEqual({ gateway: -1200, earnings: 800, commission: 200, taxes: 200 });
    // Renewal: Stripe adds the tax again; invoice.paid books it.
    const { invoice } = stripe.renew(stripeSub.id);
    expect(invoice.total_taxes).toEqual([expect.objectContaining({ amount: 200, tax_behavior: 'exclusive' })]);
    await stripe.flush();
    const [renewal] = await paymentsOf(fan);
    expect(renewal!.id).not.toBe(first!.id);
    expect(await movement(`payment:${renewal!.id}`)).toEqual({ gateway: -1200, earnings: 800, commission: 200, taxes: 200 });
    const [renewalTax] = await t.ctx.db.select().from(saleTaxes).where(eq(saleTaxes.source, `payment:${renewal!.id}`));
    expect(renewalTax).toMatchObject({ provider: 'stripe_tax', country: 'FR', net: 1000, tax: 200, calculationId: null });
    // The first period's calculation is recorded at Stripe; a partial refund of it is reversed there once.
    await t.ctx.salesTax.syncStripe();
    const reversalCount = async () => Number(((await t.ctx.db.execute(sql`select count(*)::int as n from stripe_tax_reversals`)).rows[0] as { n: number }).n);
    const before = await reversalCount();
    const refund = await req('POST', `/admin/payments/${first!.id}/refunds`, admin, { amount: 3, reason: 'Goodwill' });
    expect(refund.statusCode, refund.body).toBe(200);
    await stripe.flush();
    // The refund's event may have run the sync job already (worker nodes, PostgreSQL): one reversal either way, never two.
    await t.ctx.salesTax.syncStripe();
    expect(await reversalCount()).toBe(before + 1);
    expect(await t.ctx.salesTax.syncStripe()).toMatchObject({ reversed: 0 });
    const reversals = [...stripe.taxTransactions.values()].filter((x) => x.type === 'reversal');
    const [mine] = await t.ctx.db.select().from(stripeTaxReversals).where(eq(stripeTaxReversals.saleSource, `payment:${first!.id}`));
    expect(reversals.find((x) => x.id === mine!.transactionId)).toMatchObject({ mode: 'partial', amount_total: -300 });
  });
});

describe('Stripe renewals under the rules', () => {
  it('the subscription carries a TaxRate made once from the rule; a renewal books the invoice\'s tax', async () => {
    const ruleRes = await req('POST', '/admin/tax-rules', admin, { country: 'DE', label: 'MwSt', rateBps: 1900, inclusive: true, kinds: ['subscription'] });
    expect(ruleRes.statusCode, ruleRes.body).toBe(201);
    const creator = await creatorAt(11.9);
    const fans = [await fanIn('DE'), await fanIn('DE')];
    for (const fan of fans) {
      const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly' });
      expect(r.statusCode, r.body).toBe(200);
    }
    await stripe.flush();
    const rates = stripe.requestsTo('POST', '/v1/tax_rates');
    expect(rates).toHaveLength(1);
    expect(rates[0]!.params).toMatchObject({ display_name: 'MwSt', percentage: '19', inclusive: 'true', country: 'DE' });
    expect(rates[0]!.idempotencyKey).toBe(`tax-rate:${ruleRes.json().data._id}:1900:in`);
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, fans[0]!.user.id));
    const stripeSub = stripe.subscriptions.get(row!.gatewayRef!)!;
    expect(stripeSub.default_tax_rates.map((r: { display_name: string }) => r.display_name)).toEqual(['MwSt']);
    const [first] = await paymentsOf(fans[0]!);
    expect(await movement(`payment:${first!.id}`)).toEqual({ gateway: -1190, earnings: 800, commission: 200, taxes: 190 });
    stripe.renew(stripeSub.id);
    await stripe.flush();
    const [renewal] = await paymentsOf(fans[0]!);
    expect(renewal!.id).not.toBe(first!.id);
    expect(await movement(`payment:${renewal!.id}`)).toEqual({ gateway: -1190, earnings: 800, commission: 200, taxes: 190 });
    const [tax] = await t.ctx.db.select().from(saleTaxes).where(eq(saleTaxes.source, `payment:${renewal!.id}`));
    expect(tax).toMatchObject({ provider: 'rules', country: 'DE', label: 'MwSt', rateBps: 1900, inclusive: true, net: 1000, tax: 190 });
  });
});
