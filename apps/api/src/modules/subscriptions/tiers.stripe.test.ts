// Changing tier on a Stripe-billed subscription (README "Tiers"): the API → the real `stripe` SDK →
// the Stripe stand-in (test/stripe-standin.ts), and signed webhooks back. An upgrade sets the item's
// price (proration_behavior none) and charges our prorated figure as one PaymentIntent, booked once
// whichever of the request and payment_intent.succeeded comes first; a downgrade lowers the price
// for the next invoice, whose invoice.paid applies the pending tier.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { subscriptionSchema, tierSchema, type Tier } from '@stagepass/shared';
import { createCreator, createFan, type Made, type TestApp, requester } from '../../../test/harness';
import type { StripeStandin } from '../../../test/stripe-standin';
import { stripeTestApp } from '../../../test/stripe-app';
import { earnings } from '../earnings/earnings.tables';
import { paymentTransactions } from '../payments/payments.tables';
import { subscriptions } from './subscriptions.tables';

const WEBHOOK_SECRET = 'whsec_standin_tiers_0123456789';
let t: TestApp;
let stripe: StripeStandin;
let clock: Date;

beforeAll(async () => {
  ({ t, stripe } = await stripeTestApp(WEBHOOK_SECRET));
  clock = new Date();
  t.ctx.clock.now = () => clock;
});
afterEach(async () => {
  stripe.beforeAnswer = null;
  await stripe.flush();
  const total = (await t.ctx.db.execute(sql`select coalesce(sum(amount), 0)::text as s from ledger_entries`)).rows[0] as { s: string };
  expect(Number(total.s)).toBe(0);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const req = requester(() => t);
const subRow = async (id: string) => (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const paymentsOf = (subId: string) => t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.subscriptionId, subId)).orderBy(paymentTransactions.createdAt);
const grossOf = async (performerId: string) => (await t.ctx.db.select().from(earnings).where(eq(earnings.performerId, performerId))).map((e) => e.gross).sort((a, b) => a - b);
const itemPrice = (stripeSubId: string) => stripe.subscriptions.get(stripeSubId)!.items.data[0].price.unit_amount as number;

async function addCard(who: Made, paymentMethodId = 'pm_card_visa'): Promise<{ _id: string }> {
  const r = await req('POST', '/stripe/cards', who, { paymentMethodId });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().data;
}

/** A creator at 5.00 with Silver (10.00) and Gold (20.00); a fan subscribed on Stripe to `start` on 2027-03-01. */
async function subscribedAtStripe(start: 'base' | 'silver' | 'gold') {
  const c = await createCreator(t);
  expect((await req('PUT', '/performers/subscription-settings', c, { monthlyPrice: 5, freeSubscriptionEnabled: false })).statusCode).toBe(200);
  const silver = tierSchema.parse((await req('POST', '/subscription-tiers', c, { name: 'Silver', price: 10, colour: '#1677ff' })).json().data);
  const gold = tierSchema.parse((await req('POST', '/subscription-tiers', c, { name: 'Gold', price: 20, colour: '#d4b106' })).json().data);
  const base = ((await req('GET', '/subscription-tiers/mine', c)).json().data as Tier[])[0]!;
  const tiers = { base, silver, gold };
  const fan = await createFan(t);
  await addCard(fan);
  clock = new Date('2027-03-01T00:00:00Z');
  const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: c.user.id, tierId: tiers[start]._id });
  expect(r.statusCode, r.body).toBe(200);
  const sub = subscriptionSchema.parse(r.json().data);
  const row = await subRow(sub._id);
  expect(row).toMatchObject({ gateway: 'stripe', tierId: tiers[start]._id });
  await stripe.flush();
  return { c, fan, sub, stripeSubId: row.gatewayRef!, ...tiers };
}

describe('changing tier on Stripe', () => {
  it('an upgrade sets the item\'s price without proration and charges the prorated difference once (PaymentIntent, Idempotency-Key, webhooks add nothing); the renewal bills the new price', async () => {
    const { c, fan, sub, stripeSubId, silver, gold } = await subscribedAtStripe('silver');
    expect(itemPrice(stripeSubId)).toBe(1000);
    // 10 days of 31 left: (2000 − 1000) × 10/31 = 322.58… → 323, as on the sandbox.
    clock = new Date('2027-03-22T00:00:00Z');
    const headers = { 'idempotency-key': 'stripe-upgrade-1' };
    const r = await req('POST', `/subscriptions/${sub._id}/tier`, fan, { tierId: gold._id }, headers);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({ kind: 'upgrade', charged: 3.23, effectiveAt: clock.toISOString() });
    expect((await req('POST', `/subscriptions/${sub._id}/tier`, fan, { tierId: gold._id }, headers)).json().data).toEqual(r.json().data);

    // At Stripe: the item's price is Gold's, changed with proration_behavior none; one PaymentIntent of 323 on the subscription's card.
    expect(itemPrice(stripeSubId)).toBe(2000);
    const updates = stripe.requestsTo('POST', `/v1/subscriptions/${stripeSubId}`).filter((q) => q.params.items);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.params).toMatchObject({ proration_behavior: 'none', items: [{ price_data: { unit_amount: '2000', recurring: { interval: 'month' } } }] });
    expect(updates[0]!.params.billing_cycle_anchor).toBeUndefined();
    const intents = [...stripe.paymentIntents.values()].filter((pi) => pi.metadata?.subscriptionId === sub._id);
    expect(intents.map((pi) => [pi.amount, pi.status, pi.metadata.tierId, pi.off_session])).toEqual([[323, 'succeeded', gold._id, true]]);
    expect(intents[0]!.payment_method).toBe(stripe.subscriptions.get(stripeSubId)!.default_payment_method);

    // Ours: the payment names its PaymentIntent (refunds and disputes find it); the tier switched at once.
    const pays = await paymentsOf(sub._id);
    expect(pays.map((p) => [p.amount, p.status])).toEqual([[1000, 'succeeded'], [323, 'succeeded']]);
    expect(pays[1]).toMatchObject({ gatewayRef: intents[0]!.id, chargeRef: intents[0]!.id, gateway: 'stripe' });
    expect(await subRow(sub._id)).toMatchObject({ tierId: gold._id, price: 2000, pendingTierId: null, expiresAt: new Date('2027-04-01T00:00:00Z') });
    expect(await grossOf(c.user.id)).toEqual([323, 1000]);

    // Stripe's events (payment_intent.succeeded, customer.subscription.updated…), twice: nothing more.
    const events = stripe.take();
    expect(events.map((e) => e.type)).toContain('payment_intent.succeeded');
    for (const ev of [...events, ...events]) expect((await stripe.deliver(ev)).statusCode).toBe(200);
    expect(await grossOf(c.user.id)).toEqual([323, 1000]);

    // The next period is billed by Stripe at Gold's price.
    clock = new Date('2027-04-01T00:00:01Z');
    const { invoice } = stripe.renew(stripeSubId);
    expect(invoice.amount_paid).toBe(2000);
    await stripe.flush();
    expect(await grossOf(c.user.id)).toEqual([323, 1000, 2000]);
    expect(await subRow(sub._id)).toMatchObject({ tierId: gold._id, expiresAt: new Date('2027-05-01T00:00:00Z') });

    // Forbidden: someone else's subscription → 404, no one signed in → 401; back to Silver is a downgrade, not a charge.
    const other = await createFan(t);
    expect((await req('POST', `/subscriptions/${sub._id}/tier`, other, { tierId: silver._id })).statusCode).toBe(404);
    expect((await req('POST', `/subscriptions/${sub._id}/tier`, null, { tierId: silver._id })).statusCode).toBe(401);
  });

  it('payment_intent.succeeded delivered before Stripe\'s answer reaches the request: the same single sale and tier switch', async () => {
    const { c, fan, sub, stripeSubId, gold } = await subscribedAtStripe('base');
    clock = new Date('2027-03-17T00:00:00Z');
    // The webhook beats the API's own answer of POST /v1/payment_intents.
    stripe.beforeAnswer = async (route) => {
      if (route !== 'POST /v1/payment_intents') return;
      await stripe.flush('payment_intent.succeeded');
      expect(await subRow(sub._id)).toMatchObject({ tierId: gold._id, price: 2000 });
    };
    const r = await req('POST', `/subscriptions/${sub._id}/tier`, fan, { tierId: gold._id });
    expect(r.statusCode, r.body).toBe(200);
    // 15 days of 31: (2000 − 500) × 15/31 = 725.8… → 726.
    expect(r.json().data).toMatchObject({ kind: 'upgrade', charged: 7.26 });
    const pays = await paymentsOf(sub._id);
    expect(pays.map((p) => [p.amount, p.status])).toEqual([[500, 'succeeded'], [726, 'succeeded']]);
    expect(pays[1]!.chargeRef).toMatch(/^pi_/);
    expect(await grossOf(c.user.id)).toEqual([500, 726]);
    expect(itemPrice(stripeSubId)).toBe(2000);
  });

  it('a downgrade lowers the price at Stripe for the next invoice; its invoice.paid applies the tier. The current tier again puts the price back', async () => {
    const { c, fan, sub, stripeSubId, base, silver, gold } = await subscribedAtStripe('gold');
    clock = new Date('2027-03-10T00:00:00Z');
    const r = await req('POST', `/subscriptions/${sub._id}/tier`, fan, { tierId: silver._id });
    expect(r.json().data).toEqual({ kind: 'downgrade', charged: 0, effectiveAt: '2027-04-01T00:00:00.000Z' });
    expect(itemPrice(stripeSubId)).toBe(1000);
    expect(await subRow(sub._id)).toMatchObject({ tierId: gold._id, pendingTierId: silver._id, price: 2000 });
    // Changing one's mind: Gold again → Stripe renews at 20.00 again, nothing pending.
    expect((await req('POST', `/subscriptions/${sub._id}/tier`, fan, { tierId: gold._id })).json().data).toEqual({ kind: 'none', charged: 0, effectiveAt: null });
    expect(itemPrice(stripeSubId)).toBe(2000);
    expect(await subRow(sub._id)).toMatchObject({ tierId: gold._id, pendingTierId: null });
    // And down to the default tier for good.
    expect((await req('POST', `/subscriptions/${sub._id}/tier`, fan, { tierId: base._id })).json().data.kind).toBe('downgrade');
    expect(itemPrice(stripeSubId)).toBe(500);
    const view = (await req('GET', '/subscriptions/user/search', fan)).json().data.data[0];
    expect(view).toMatchObject({ tier: { name: 'Gold' }, pendingTier: { name: 'Standard' } });
    for (const q of stripe.requestsTo('POST', `/v1/subscriptions/${stripeSubId}`).filter((x) => x.params.items)) expect(q.params.proration_behavior).toBe('none');
    // Nothing charged now; the renewal's invoice is 5.00 and switches the tier.
    expect((await paymentsOf(sub._id)).map((p) => p.amount)).toEqual([2000]);
    clock = new Date('2027-04-01T00:00:01Z');
    const { invoice } = stripe.renew(stripeSubId);
    expect(invoice.amount_paid).toBe(500);
    await stripe.flush();
    expect(await subRow(sub._id)).toMatchObject({ tierId: base._id, pendingTierId: null, price: 500, expiresAt: new Date('2027-05-01T00:00:00Z') });
    expect(await grossOf(c.user.id)).toEqual([500, 2000]);
  });

  it('a declined card: 422, the price at Stripe put back, the tier as it was, no sale', async () => {
    const { c, fan, sub, stripeSubId, silver } = await subscribedAtStripe('base');
    // The subscription's card now declines its charges (it was attached fine).
    const failing = await addCard(fan, 'pm_card_chargeDeclined');
    await t.ctx.db.update(subscriptions).set({ cardId: failing._id }).where(eq(subscriptions.id, sub._id));
    clock = new Date('2027-03-16T00:00:00Z');
    const r = await req('POST', `/subscriptions/${sub._id}/tier`, fan, { tierId: silver._id });
    expect(r.statusCode, r.body).toBe(422);
    expect(itemPrice(stripeSubId)).toBe(500);
    expect(await subRow(sub._id)).toMatchObject({ tierId: sub.tier!._id, price: 500, pendingTierId: null });
    const pays = await paymentsOf(sub._id);
    expect(pays.map((p) => [p.amount, p.status])).toEqual([[500, 'succeeded'], [pays[1]!.amount, 'failed']]);
    expect(await grossOf(c.user.id)).toEqual([500]);
    // Its payment_intent.payment_failed changes nothing; a later upgrade with a good card works.
    await stripe.flush();
    const good = await addCard(fan);
    await t.ctx.db.update(subscriptions).set({ cardId: good._id }).where(eq(subscriptions.id, sub._id));
    expect((await req('POST', `/subscriptions/${sub._id}/tier`, fan, { tierId: silver._id })).statusCode).toBe(200);
    expect(itemPrice(stripeSubId)).toBe(1000);
  });
});
