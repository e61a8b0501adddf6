import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, like } from 'drizzle-orm';
import { ACCESS_REASON_HEADER, encodeAccessReason } from '@stagepass/shared';
import { createCreator, createFan, type Made, type TestApp, requester } from '../../../test/harness';
import { expectLedgerBalanced } from '../../../test/money';
import type { StripeEventJson, StripeStandin } from '../../../test/stripe-standin';
import { stripeTestApp } from '../../../test/stripe-app';
import { earningsAccount, wallet } from '../ledger/ledger.service';
import { ledgerTransactions } from '../ledger/ledger.tables';
import { disputes } from './disputes.tables';
import { paymentTransactions } from './payments.tables';

/**
 * Stripe's dispute events end to end (payments README "Disputes"): the real SDK against the
 * stand-in (test/stripe-standin.ts), signed charge.dispute.* deliveries back — each applied once,
 * in any order — and evidence sent with disputes.update.
 */
const WEBHOOK_SECRET = 'whsec_standin_disputes_0123456789';
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
async function deliver(ev: StripeEventJson) {
  const d = await stripe.deliver(ev);
  expect(d.statusCode, JSON.stringify(d.body)).toBe(200);
  return d.body as { received: true; duplicate?: true };
}
const walletOf = (who: Made) => t.ctx.ledger.balance(t.ctx.db, wallet(who.user.id));
const rowOf = async (ref: string) => (await t.ctx.db.select().from(disputes).where(eq(disputes.gatewayRef, ref)))[0];
const movements = async (disputeId: string) =>
  (await t.ctx.db.select({ reference: ledgerTransactions.reference }).from(ledgerTransactions).where(like(ledgerTransactions.reference, `%:${disputeId}`))).map((r) => r.reference.split(':')[0]).sort();

/** A fan with a Stripe card who topped up `amount` (events of the top-up delivered); answers the PaymentIntent id. */
async function toppedUp(amount: number): Promise<{ fan: Made; pi: string; paymentId: string }> {
  const fan = await createFan(t);
  expect((await req('POST', '/stripe/cards', fan, { paymentMethodId: 'pm_card_visa' })).statusCode).toBe(201);
  const r = await req('POST', '/payment/wallet/top-up', fan, { amount });
  expect(r.statusCode, r.body).toBe(200);
  await stripe.flush();
  const paymentId = r.json().data.transaction._id as string;
  const pi = [...stripe.paymentIntents.values()].find((p) => p.metadata.paymentId === paymentId)!.id as string;
  return { fan, pi, paymentId };
}

describe('Stripe dispute webhooks', () => {
  it('hold at charge.dispute.created, once for every replay; won with the fee returned → all back once', async () => {
    const creator = await createCreator(t);
    const { fan, pi } = await toppedUp(40);
    expect((await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 15 })).statusCode).toBe(200);
    const dp = stripe.openDispute(pi, { reason: 'product_unacceptable' });
    const opened = stripe.take('charge.dispute.created', 'charge.dispute.funds_withdrawn');
    for (const ev of opened) expect(await deliver(ev)).toEqual({ received: true });
    for (const ev of opened) expect(await deliver(ev)).toEqual({ received: true, duplicate: true });
    const row = (await rowOf(dp.id))!;
    expect(row).toMatchObject({ status: 'needs_response', fromWallet: 2500, atStake: 1500, fee: 1500, reason: 'product_unacceptable' });
    expect(await walletOf(fan)).toBe(0);
    expect((await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 10 })).statusCode).toBe(403);

    stripe.closeDispute(dp.id, 'won', { feeReturned: 1500 });
    const closed = stripe.take('charge.dispute.funds_reinstated', 'charge.dispute.closed');
    for (const ev of closed) await deliver(ev);
    for (const ev of [...opened, ...closed]) expect(await deliver(ev)).toEqual({ received: true, duplicate: true });
    expect(await rowOf(dp.id)).toMatchObject({ status: 'won', feeReturned: 1500 });
    expect(await walletOf(fan)).toBe(2500);
    expect(await movements(row.id)).toEqual(['dispute', 'dispute_fee', 'dispute_fee_returned', 'dispute_won']);
    expect((await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 10 })).statusCode).toBe(200);
  });

  it('in any order: closed (lost) before created — the same end, each step once', async () => {
    const { fan, pi } = await toppedUp(30);
    const dp = stripe.openDispute(pi);
    stripe.closeDispute(dp.id, 'lost');
    const all = stripe.take('charge.dispute.created', 'charge.dispute.funds_withdrawn', 'charge.dispute.closed');
    for (const ev of [...all].reverse()) await deliver(ev);
    const row = (await rowOf(dp.id))!;
    expect(row).toMatchObject({ status: 'lost', fromWallet: 3000, atStake: 0 });
    expect(row.closedAt).not.toBeNull();
    expect(await walletOf(fan)).toBe(0);
    expect(await movements(row.id)).toEqual(['dispute', 'dispute_fee']);
    // A stale "created" (needs_response) after the close does not reopen it.
    expect(await deliver({ ...all[0]!, id: `${all[0]!.id}_late` })).toEqual({ received: true });
    expect((await rowOf(dp.id))!.status).toBe('lost');
    expect((await req('POST', '/payment/wallet/top-up', fan, { amount: 5 })).statusCode).toBe(200);
  });

  it("an inquiry takes no money until it becomes a dispute; a subscription period's dispute is found through its invoice's PaymentIntent", async () => {
    const { fan, pi } = await toppedUp(20);
    const inquiry = stripe.openDispute(pi, { inquiry: true });
    for (const ev of stripe.take('charge.dispute.created')) await deliver(ev);
    expect(await rowOf(inquiry.id)).toMatchObject({ status: 'warning_needs_response', heldAt: null, fee: 0 });
    expect(await walletOf(fan)).toBe(2000);

    const creator = await createCreator(t);
    expect((await req('PUT', '/performers/subscription-settings', creator, { monthlyPrice: 10, freeSubscriptionEnabled: false })).statusCode).toBe(200);
    const subFan = await createFan(t);
    expect((await req('POST', '/stripe/cards', subFan, { paymentMethodId: 'pm_card_visa' })).statusCode).toBe(201);
    expect((await req('POST', '/payment/subscribe/performers', subFan, { performerId: creator.user.id, type: 'monthly' })).statusCode).toBe(200);
    await stripe.flush();
    const [payment] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, subFan.user.id)).orderBy(desc(paymentTransactions.createdAt));
    const invoice = stripe.invoices.get(payment!.gatewayRef!)!;
    const invoicePi = invoice.payments.data[0].payment.payment_intent as string;
    expect(payment!.chargeRef).toBe(invoicePi);
    const dp = stripe.openDispute(invoicePi, { reason: 'subscription_canceled' });
    for (const ev of stripe.take('charge.dispute.created', 'charge.dispute.funds_withdrawn')) await deliver(ev);
    expect(await rowOf(dp.id)).toMatchObject({ fromEarnings: 800, commissionHeld: 200, performerId: creator.user.id });
    expect(await t.ctx.ledger.balance(t.ctx.db, earningsAccount(creator.user.id))).toBe(0);
    await stripe.flush();
  });

  it('evidence goes to Stripe with disputes.update (its field names); the sandbox route is 404 while Stripe is the gateway', async () => {
    const { pi, paymentId } = await toppedUp(25);
    const dp = stripe.openDispute(pi);
    for (const ev of stripe.take('charge.dispute.created', 'charge.dispute.funds_withdrawn')) await deliver(ev);
    const row = (await rowOf(dp.id))!;
    const sent = await req('POST', `/admin/disputes/${row.id}/evidence`, admin, { productDescription: 'Wallet credit', customerPurchaseIp: '203.0.113.9', submit: true });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.status).toBe('under_review');
    const [call] = stripe.requestsTo('POST', `/v1/disputes/${dp.id}`);
    expect(call!.params).toMatchObject({ evidence: { product_description: 'Wallet credit', customer_purchase_ip: '203.0.113.9' }, submit: 'true' });
    // Stripe's own event about it changes nothing more.
    for (const ev of stripe.take('charge.dispute.updated')) expect(await deliver(ev)).toEqual({ received: true });
    expect((await rowOf(dp.id))!.status).toBe('under_review');
    const detail = await req('GET', `/admin/disputes/${row.id}`, admin, undefined, { [ACCESS_REASON_HEADER]: encodeAccessReason('Chargeback answer') });
    expect(detail.json().data.evidence).toMatchObject({ productDescription: 'Wallet credit', customerPurchaseIp: '203.0.113.9' });

    const sandbox = await req('POST', '/admin/sandbox/disputes', admin, { paymentId });
    expect(sandbox.statusCode).toBe(404);
    // A dispute of a payment this site does not know: received, ignored.
    const foreign = stripe.openDispute(pi);
    stripe.disputes.get(foreign.id)!.payment_intent = 'pi_elsewhere';
    const [created] = stripe.take('charge.dispute.created');
    created!.data.object.payment_intent = 'pi_elsewhere';
    expect(await deliver(created!)).toEqual({ received: true });
    expect(await rowOf(foreign.id)).toBeUndefined();
    stripe.take();
  });
});
