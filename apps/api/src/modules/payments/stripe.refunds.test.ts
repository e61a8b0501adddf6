import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { createCreator, createFan, type Made, type TestApp, requester } from '../../../test/harness';
import { expectLedgerBalanced } from '../../../test/money';
import { domainEvents } from '../../platform/events.tables';
import type { StripeEventJson, StripeStandin } from '../../../test/stripe-standin';
import { stripeTestApp } from '../../../test/stripe-app';
import { earningsAccount, wallet } from '../ledger/ledger.service';
import { ledgerTransactions } from '../ledger/ledger.tables';
import { paymentRefunds } from './disputes.tables';
import { paymentTransactions } from './payments.tables';

/**
 * Refunds to the card through Stripe (payments README "Refunds to the card"): refunds.create with
 * our id in the metadata, and the refund.* / charge.refunded events back — before or after the
 * API's own answer, replayed, failed later, or made in Stripe's dashboard — each refund moving the
 * ledger once (and back once when it fails).
 */
const WEBHOOK_SECRET = 'whsec_standin_refunds_0123456789';
let t: TestApp;
let stripe: StripeStandin;
let admin: Made;

beforeAll(async () => {
  ({ t, stripe, admin } = await stripeTestApp(WEBHOOK_SECRET));
});
afterEach(async () => {
  stripe.beforeAnswer = null;
  await expectLedgerBalanced(t);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const req = requester(() => t);
async function deliver(ev: StripeEventJson) {
  const d = await stripe.deliver(ev);
  expect(d.statusCode, JSON.stringify(d.body)).toBe(200);
  return d.body as { received: true; duplicate?: true };
}
const walletOf = (who: Made) => t.ctx.ledger.balance(t.ctx.db, wallet(who.user.id));
const refundsOf = (paymentId: string) => t.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
const moves = async (refundId: string) => (await t.ctx.db.select({ r: ledgerTransactions.reference }).from(ledgerTransactions).where(like(ledgerTransactions.reference, `%:${refundId}%`))).map((x) => x.r.split(':')[0]).sort();

async function toppedUp(amount: number): Promise<{ fan: Made; pi: string; paymentId: string }> {
  const fan = await createFan(t);
  expect((await req('POST', '/stripe/cards', fan, { paymentMethodId: 'pm_card_visa' })).statusCode).toBe(201);
  const r = await req('POST', '/payment/wallet/top-up', fan, { amount });
  expect(r.statusCode, r.body).toBe(200);
  await stripe.flush();
  const paymentId = r.json().data.transaction._id as string;
  return { fan, paymentId, pi: [...stripe.paymentIntents.values()].find((p) => p.metadata.paymentId === paymentId)!.id as string };
}

describe('refunds to the card through Stripe', () => {
  it('refunds.create on the PaymentIntent with our id; its events (and their replays) move nothing more', async () => {
    const { fan, pi, paymentId } = await toppedUp(30);
    const r = await req('POST', `/admin/payments/${paymentId}/refunds`, admin, { amount: 12.5, reason: 'Charged twice' }, { 'idempotency-key': 'stripe-refund-1' });
    expect(r.statusCode, r.body).toBe(200);
    const [call] = stripe.requestsTo('POST', '/v1/refunds');
    expect(call).toMatchObject({ params: { payment_intent: pi, amount: '1250', reason: 'requested_by_customer', metadata: { refundId: r.json().data._id, paymentId, reason: 'Charged twice' } }, idempotencyKey: `refund:${r.json().data._id}` });
    expect(r.json().data).toMatchObject({ status: 'succeeded', gatewayRef: expect.stringMatching(/^re_/) });
    const events = stripe.take('refund.created', 'charge.refunded');
    for (const ev of events) expect(await deliver(ev)).toEqual({ received: true });
    for (const ev of events) expect(await deliver(ev)).toEqual({ received: true, duplicate: true });
    expect(await walletOf(fan)).toBe(1750);
    expect(await refundsOf(paymentId)).toHaveLength(1);
    expect(await moves(r.json().data._id)).toEqual(['card_refund']);
    stripe.take();
  });

  it("the webhook arrives before the API's answer: one refund, one movement, one payment.refunded", async () => {
    const { fan, paymentId } = await toppedUp(20);
    stripe.beforeAnswer = async (route) => {
      if (route === 'POST /v1/refunds') for (const ev of stripe.take('refund.created', 'charge.refunded')) await deliver(ev);
    };
    const r = await req('POST', `/admin/payments/${paymentId}/refunds`, admin, { reason: 'Account closed' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ amount: 20, status: 'succeeded' });
    expect(await walletOf(fan)).toBe(0);
    expect(await refundsOf(paymentId)).toHaveLength(1);
    expect(await moves(r.json().data._id)).toEqual(['card_refund']);
    const [p] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, paymentId));
    expect(p).toMatchObject({ status: 'refunded', refundedAmount: 2000 });
    const recorded = await t.ctx.db.select().from(domainEvents).where(and(eq(domainEvents.type, 'payment.refunded'), sql`${domainEvents.payload}->>'refundId' = ${r.json().data._id}`));
    expect(recorded.map((e) => e.payload)).toEqual([expect.objectContaining({ paymentId, amount: 2000, full: true })]);
  });

  it('a refund that fails later gives the money back once; one made in the dashboard is recorded once from its events', async () => {
    const { fan, pi, paymentId } = await toppedUp(50);
    const r = await req('POST', `/admin/payments/${paymentId}/refunds`, admin, { amount: 10, reason: 'Goodwill' });
    expect(r.statusCode, r.body).toBe(200);
    stripe.take();
    const failed = stripe.failRefund(r.json().data.gatewayRef);
    const failedEvents = [failed, ...stripe.take('refund.failed')];
    for (const ev of failedEvents) await deliver(ev);
    for (const ev of failedEvents) expect(await deliver(ev)).toEqual({ received: true, duplicate: true });
    expect((await refundsOf(paymentId))[0]).toMatchObject({ status: 'failed', failureMessage: expect.stringMatching(/failed/) });
    expect(await walletOf(fan)).toBe(5000);
    expect(await moves(r.json().data._id)).toEqual(['card_refund', 'card_refund_failed']);

    // In Stripe's dashboard (no metadata of ours): charge.refunded and refund.created both name it, delivered twice each.
    const res = await fetch(`${stripe.url}/v1/refunds`, { method: 'POST', headers: { authorization: 'Bearer sk_test_standin', 'content-type': 'application/x-www-form-urlencoded' }, body: `payment_intent=${pi}&amount=700` });
    expect(res.status).toBe(200);
    const dash = stripe.take('charge.refunded', 'refund.created');
    await Promise.all(dash.map((ev) => deliver(ev)));
    for (const ev of dash) await deliver(ev);
    const rows = (await refundsOf(paymentId)).filter((x) => x.createdBy === null);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 700, status: 'succeeded', reason: 'Refunded at the payment gateway' });
    expect(await walletOf(fan)).toBe(4300);
    expect(await moves(rows[0]!.id)).toEqual(['card_refund']);
    const detail = (await req('GET', `/admin/payments/${paymentId}`, admin)).json().data;
    expect(detail).toMatchObject({ refundedAmount: 7, refundable: 43 });
    expect(detail.refunds.map((x: { status: string }) => x.status).sort()).toEqual(['failed', 'succeeded']);
  });

  it("Stripe refuses (more than it has left): 422 with its message, the refund failed and its money back", async () => {
    const { fan, pi, paymentId } = await toppedUp(10);
    // Refunded in the dashboard, its events not delivered yet: we think 10 is left, Stripe knows 4.
    await fetch(`${stripe.url}/v1/refunds`, { method: 'POST', headers: { authorization: 'Bearer sk_test_standin', 'content-type': 'application/x-www-form-urlencoded' }, body: `payment_intent=${pi}&amount=600` });
    const pending = stripe.take();
    const r = await req('POST', `/admin/payments/${paymentId}/refunds`, admin, { reason: 'Full refund' });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toMatch(/greater than unrefunded amount/);
    expect(await walletOf(fan)).toBe(1000);
    for (const ev of pending) await deliver(ev);
    expect(await walletOf(fan)).toBe(400);
    const [ours] = (await refundsOf(paymentId)).filter((x) => x.createdBy === admin.user.id);
    expect(ours).toMatchObject({ status: 'failed' });
  });

  it("a subscription period's refund names the invoice's PaymentIntent; refunded in full, the subscription ends at Stripe too", async () => {
    const creator = await createCreator(t);
    expect((await req('PUT', '/performers/subscription-settings', creator, { monthlyPrice: 12, freeSubscriptionEnabled: false })).statusCode).toBe(200);
    const fan = await createFan(t);
    expect((await req('POST', '/stripe/cards', fan, { paymentMethodId: 'pm_card_visa' })).statusCode).toBe(201);
    expect((await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly' })).statusCode).toBe(200);
    await stripe.flush();
    const [payment] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, fan.user.id)).orderBy(desc(paymentTransactions.createdAt));
    const r = await req('POST', `/admin/payments/${payment!.id}/refunds`, admin, { reason: 'Never watched' });
    expect(r.statusCode, r.body).toBe(200);
    expect(stripe.requestsTo('POST', '/v1/refunds').at(-1)!.params.payment_intent).toBe(payment!.chargeRef);
    expect(await t.ctx.ledger.balance(t.ctx.db, earningsAccount(creator.user.id))).toBe(0);
    await t.ctx.queue.drain();
    const sub = (await req('GET', '/subscriptions/user/search', fan)).json().data.data[0];
    expect(sub.status).toBe('expired');
    expect(stripe.requestsTo('DELETE', /^\/v1\/subscriptions\//)).toHaveLength(1);
    await stripe.flush();
    expect((await req('GET', '/subscriptions/user/search', fan)).json().data.data[0].status).toBe('expired');
  });
});
