import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reconciliationMismatchSchema, reconciliationRunSchema } from '@stagepass/shared';
import { createCreator, createFan, type Made, type TestApp, requester } from '../../../test/harness';
import { expectLedgerBalanced } from '../../../test/money';
import type { StripeStandin } from '../../../test/stripe-standin';
import { stripeTestApp } from '../../../test/stripe-app';

/**
 * Reconciliation against Stripe (payments README "Reconciliation"): the real SDK's
 * balanceTransactions.list (created range, auto-pagination, expanded sources) answered by the
 * stand-in, which keeps a balance transaction for every charge, refund and dispute movement it makes.
 */
const WEBHOOK_SECRET = 'whsec_standin_reconciliation_0123456789';
let t: TestApp;
let stripe: StripeStandin;
let admin: Made;

beforeAll(async () => {
  ({ t, stripe, admin } = await stripeTestApp(WEBHOOK_SECRET));
});
afterEach(async () => {
  await expectLedgerBalanced(t);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const req = requester(() => t);
const today = () => t.ctx.clock.now().toISOString().slice(0, 10);
async function reconcile() {
  const r = await req('POST', '/admin/reconciliation/runs', admin, { fromDate: today(), toDate: today() });
  expect(r.statusCode, r.body).toBe(200);
  return reconciliationRunSchema.strict().parse(r.json().data);
}
async function mismatchesOf(runId: string) {
  const r = await req('GET', `/admin/reconciliation/runs/${runId}/mismatches?limit=100`, admin);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().data.data as unknown[]).map((m) => reconciliationMismatchSchema.strict().parse(m));
}
async function toppedUp(amount: number): Promise<{ fan: Made; pi: string; paymentId: string }> {
  const fan = await createFan(t);
  expect((await req('POST', '/stripe/cards', fan, { paymentMethodId: 'pm_card_visa' })).statusCode).toBe(201);
  const r = await req('POST', '/payment/wallet/top-up', fan, { amount });
  expect(r.statusCode, r.body).toBe(200);
  await stripe.flush();
  const paymentId = r.json().data.transaction._id as string;
  return { fan, pi: [...stripe.paymentIntents.values()].find((p) => p.metadata.paymentId === paymentId)!.id as string, paymentId };
}

describe('reconciliation on Stripe', () => {
  it('a day of charges, a subscription, a refund and two disputes matches through the SDK; processing fees reported, not compared', async () => {
    const creator = await createCreator(t);
    expect((await req('PUT', '/performers/subscription-settings', creator, { monthlyPrice: 10, freeSubscriptionEnabled: false })).statusCode).toBe(200);
    const a = await toppedUp(40);
    const sub = await createFan(t);
    expect((await req('POST', '/stripe/cards', sub, { paymentMethodId: 'pm_card_visa' })).statusCode).toBe(201);
    expect((await req('POST', '/payment/subscribe/performers', sub, { performerId: creator.user.id, type: 'monthly' })).statusCode).toBe(200);
    await stripe.flush();
    const refund = await req('POST', `/admin/payments/${a.paymentId}/refunds`, admin, { amount: 15, reason: 'Asked by the fan' });
    expect(refund.statusCode, refund.body).toBe(200);
    await stripe.flush();
    const b = await toppedUp(25);
    stripe.openDispute(b.pi, { reason: 'fraudulent' });
    const c = await toppedUp(30);
    const won = stripe.openDispute(c.pi, { reason: 'duplicate' });
    stripe.closeDispute(won.id, 'won', { feeReturned: 1500 });
    await stripe.flush();

    const run = await reconcile();
    expect(run).toMatchObject({ gateway: 'stripe', status: 'completed', mismatches: 0 });
    // 40 + 10 + 25 + 30 charged; −15 refunded; −25 and −30 + 30 for the disputes; fees 15 + 15 − 15 returned; 2.9% + 30¢ per charge.
    expect(run.totals).toMatchObject({ charges: 105, refunds: -15, disputes: -25, disputeFees: 15 });
    expect(run.totals!.processingFees).toBeCloseTo(0.029 * 105 + 4 * 0.3, 1);
    expect(await mismatchesOf(run._id)).toEqual([]);
    const listed = stripe.requestsTo('GET', '/v1/balance_transactions');
    expect(listed.at(-1)!.params).toMatchObject({ limit: '100', expand: ['data.source'] });
  });

  it('a dispute whose events never arrived is missing in the ledger, naming the event to replay; replayed, the day reconciles', async () => {
    const d = await toppedUp(20);
    const dp = stripe.openDispute(d.pi, { reason: 'product_not_received' });
    const lost = stripe.take('charge.dispute.created', 'charge.dispute.funds_withdrawn');
    const run = await reconcile();
    const [m] = await mismatchesOf(run._id);
    expect(run.mismatches).toBe(1);
    const withdrawn = lost.find((e) => e.type === 'charge.dispute.funds_withdrawn')!;
    expect(m).toMatchObject({ kind: 'missing_in_ledger', itemKind: 'dispute', gatewayRef: dp.id, gatewayAmount: -20, gatewayFee: 15, ledgerAmount: null, eventId: withdrawn.id, disputeId: null });
    expect(m!.action).toContain(`Replay the webhook event ${withdrawn.id} from Stripe's dashboard`);
    for (const ev of lost) expect((await stripe.deliver(ev)).statusCode).toBe(200);
    expect((await reconcile()).mismatches).toBe(0);
  });

  it('reads every page of a busy day (auto-pagination) and leaves payouts and transfers uncompared', async () => {
    for (let i = 0; i < 130; i++) stripe.addBalanceTransaction({ type: 'payout', reporting_category: 'payout', amount: -100, fee: 0, currency: 'usd', source: `po_test_${i}` });
    const before = stripe.requestsTo('GET', '/v1/balance_transactions').length;
    const run = await reconcile();
    expect(run.mismatches).toBe(0);
    expect(run.totals!.otherItems).toBe(130);
    expect(stripe.requestsTo('GET', '/v1/balance_transactions').length - before).toBeGreaterThanOrEqual(2);
  });
});
