// Over 300 lines: every Stripe flow (cards, top-ups, subscriptions, webhooks, Connect) end to end against one app and one Stripe stand-in.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { createCreator, createFan, type Made, type TestApp, requester } from '../../../test/harness';
import type { StripeEventJson, StripeStandin } from '../../../test/stripe-standin';
import { stripeTestApp } from '../../../test/stripe-app';
import { earnings } from '../earnings/earnings.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { paymentTransactions, performerPayoutAccounts, webhookEvents } from './payments.tables';

/**
 * The Stripe provider end to end: the API → the real `stripe` SDK → a local Stripe stand-in
 * (test/stripe-standin.ts), and signed webhook deliveries back into the API.
 */
const WEBHOOK_SECRET = 'whsec_standin_0123456789abcdef';
let t: TestApp;
let stripe: StripeStandin;
let admin: Made;
let realNow: () => Date;

beforeAll(async () => {
  ({ t, stripe, admin } = await stripeTestApp(WEBHOOK_SECRET));
  realNow = t.ctx.clock.now;
});
afterEach(async () => {
  t.ctx.clock.now = realNow;
  await expectLedgerBalanced();
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
const balanceOf = async (who: Made) => (await req('GET', '/users/me', who)).json().data.balance as number;
async function addCard(who: Made, paymentMethodId = 'pm_card_visa'): Promise<{ _id: string; last4: string }> {
  const r = await req('POST', '/stripe/cards', who, { paymentMethodId });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().data;
}
async function deliver(ev: StripeEventJson) {
  const d = await stripe.deliver(ev);
  expect(d.statusCode, JSON.stringify(d.body)).toBe(200);
  return d.body as { received: true; duplicate?: true };
}
async function subscriptionOf(fan: Made) {
  const list = (await req('GET', '/subscriptions/user/search', fan)).json().data;
  expect(list.total).toBe(1);
  return list.data[0] as { _id: string; status: string; isActive: boolean; renewing: boolean; expiresAt: string; gateway: string; type: string };
}
async function rowOf(fan: Made) {
  const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, fan.user.id));
  return row!;
}
const earningsOf = (performerId: string) => t.ctx.db.select().from(earnings).where(eq(earnings.performerId, performerId)).orderBy(earnings.createdAt);
const eventCount = async () => Number((await t.ctx.db.select({ n: count() }).from(webhookEvents))[0].n);
const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** The sum of every ledger entry is 0, and so is each transaction's. */
async function expectLedgerBalanced() {
  const total = (await t.ctx.db.execute(sql`select coalesce(sum(amount), 0)::text as s from ledger_entries`)).rows[0] as { s: string };
  expect(Number(total.s)).toBe(0);
  const unbalanced = (await t.ctx.db.execute(sql`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0`)).rows;
  expect(unbalanced).toEqual([]);
}

async function creatorWithPrice(monthlyPrice = 9.99, freeDays = 7): Promise<Made> {
  const c = await createCreator(t);
  const r = await req('PUT', '/performers/subscription-settings', c, { monthlyPrice, freeSubscriptionEnabled: true, freeSubscriptionDays: freeDays });
  expect(r.statusCode, r.body).toBe(200);
  return c;
}
/** A fan with a card and an active monthly Stripe subscription to a new creator (events of the start delivered). */
async function subscribed(o: { pm?: string; price?: number } = {}) {
  const creator = await creatorWithPrice(o.price ?? 9.99);
  const fan = await createFan(t);
  await addCard(fan, o.pm);
  const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly' });
  expect(r.statusCode, r.body).toBe(200);
  const row = await rowOf(fan);
  const stripeSub = stripe.subscriptions.get(row.gatewayRef!)!;
  await stripe.flush();
  return { creator, fan, row, stripeSub, view: r.json().data };
}

describe('cards', () => {
  it('saves a PaymentMethod on the fan\'s Stripe customer (brand/last4/expiry from Stripe), refuses an unknown one, detaches on delete', async () => {
    const fan = await createFan(t);
    const card = await addCard(fan);
    expect(card).toMatchObject({ gateway: 'stripe', brand: 'visa', last4: '4242', isDefault: true });
    const [attach] = stripe.requestsTo('POST', /^\/v1\/payment_methods\/pm_card_visa\/attach$/).slice(-1);
    expect(stripe.customers.get(attach.params.customer)?.metadata).toEqual({ userId: fan.user.id });
    const second = await addCard(fan, 'pm_card_mastercard');
    expect(second).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false });
    // One Stripe customer per fan.
    expect(stripe.requestsTo('POST', '/v1/customers').filter((r) => r.params.metadata?.userId === fan.user.id)).toHaveLength(1);

    const bad = await req('POST', '/stripe/cards', fan, { paymentMethodId: 'pm_doesNotExist' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/not found/i);

    const pmId = [...stripe.paymentMethods.values()].find((pm) => pm.card.last4 === '4444' && pm.customer === attach.params.customer)!.id;
    expect((await req('DELETE', `/payment-cards/${second._id}`, fan)).statusCode).toBe(200);
    expect(stripe.paymentMethods.get(pmId)!.customer).toBeNull();
    // The sandbox endpoint is refused while Stripe is the gateway.
    expect((await req('POST', '/sandbox/cards', fan, { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' })).statusCode).toBe(400);
  });
});

describe('wallet top-up (PaymentIntents)', () => {
  it('succeeds at once and credits the wallet exactly once, even when payment_intent.succeeded is delivered afterwards (twice)', async () => {
    const fan = await createFan(t);
    await addCard(fan);
    const r = await req('POST', '/payment/wallet/top-up', fan, { amount: 12.34 }, { 'idempotency-key': 'stripe-topup-1' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ balance: 12.34, transaction: { status: 'succeeded', gateway: 'stripe', amount: 12.34, card: { last4: '4242' } } });
    const [pi] = [...stripe.paymentIntents.values()].filter((p) => p.metadata.paymentId === r.json().data.transaction._id);
    expect(pi).toMatchObject({ amount: 1234, currency: 'usd', status: 'succeeded', off_session: false });
    const piRequest = stripe.requestsTo('POST', '/v1/payment_intents').find((q) => q.params.metadata?.paymentId === pi.metadata.paymentId)!;
    expect(piRequest.idempotencyKey).toBe(`topup:${fan.user.id}:stripe-topup-1`);
    expect(piRequest.params).toMatchObject({ confirm: 'true', payment_method_types: ['card'] }); // on session: the fan is at the screen

    const [succeeded] = stripe.take('payment_intent.succeeded').filter((e) => e.data.object.id === pi.id);
    expect(await deliver(succeeded)).toEqual({ received: true });
    expect(await deliver(succeeded)).toEqual({ received: true, duplicate: true });
    await stripe.flush(); // charge.succeeded etc.: not handled, still 200
    expect(await balanceOf(fan)).toBe(12.34);
    // The same Idempotency-Key replays the answer: no second PaymentIntent.
    const again = await req('POST', '/payment/wallet/top-up', fan, { amount: 12.34 }, { 'idempotency-key': 'stripe-topup-1' });
    expect(again.json()).toEqual(r.json());
    expect([...stripe.paymentIntents.values()].filter((p) => p.customer === pi.customer)).toHaveLength(1);
    expect(await balanceOf(fan)).toBe(12.34);
  });

  it('a declined card → 422 with Stripe\'s message, a failed payment, no credit (the failure event changes nothing)', async () => {
    const fan = await createFan(t);
    const card = await addCard(fan, 'pm_card_chargeDeclined');
    const r = await req('POST', '/payment/wallet/top-up', fan, { amount: 20, cardId: card._id });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe('Your card was declined.');
    const [p] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, fan.user.id));
    expect(p).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.', ledgerTransactionId: null });
    expect(p.gatewayRef).toMatch(/^pi_/);
    await stripe.flush();
    expect(await balanceOf(fan)).toBe(0);
    expect((await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, p.id)))[0].status).toBe('failed');
  });

  it('3-D Secure: pending and no credit until payment_intent.succeeded arrives; then credited once', async () => {
    const fan = await createFan(t);
    await addCard(fan, 'pm_card_threeDSecure2Required');
    const r = await req('POST', '/payment/wallet/top-up', fan, { amount: 50 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ balance: 0, transaction: { status: 'pending', amount: 50 }, nextAction: { type: 'authenticate', clientSecret: expect.stringMatching(/^pi_.+_secret_/) } });
    // On session: the PaymentIntent was confirmed for the browser to authenticate, not off session.
    const created = stripe.requestsTo('POST', '/v1/payment_intents').at(-1)!;
    expect(created.params).toMatchObject({ confirm: 'true', payment_method_types: ['card'] });
    expect(created.params.off_session).toBeUndefined();
    await stripe.flush(); // requires_action: not handled
    expect(await balanceOf(fan)).toBe(0);
    const [p] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, fan.user.id));
    const ev = stripe.completePaymentIntent(p.gatewayRef!);
    stripe.take();
    // Two deliveries at the same moment (Stripe retries, several API nodes): one effect.
    const both = await Promise.all([stripe.deliver(ev), stripe.deliver(ev)]);
    expect(both.map((d) => d.statusCode)).toEqual([200, 200]);
    expect(both.filter((d) => d.body.duplicate)).toHaveLength(1);
    expect(await balanceOf(fan)).toBe(50);
    expect(await deliver(ev)).toEqual({ received: true, duplicate: true });
    expect(await balanceOf(fan)).toBe(50);
    const list = (await req('GET', '/payment/transactions/user/search', fan)).json().data.data;
    expect(list[0]).toMatchObject({ status: 'succeeded', amount: 50 });
  });

  it('a failure event after the success (out of order) leaves the payment succeeded', async () => {
    const fan = await createFan(t);
    await addCard(fan, 'pm_card_threeDSecure2Required');
    await req('POST', '/payment/wallet/top-up', fan, { amount: 10 });
    const [p] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, fan.user.id));
    const okEvent = stripe.completePaymentIntent(p.gatewayRef!);
    const failed = stripe.emit('payment_intent.payment_failed', { ...stripe.paymentIntents.get(p.gatewayRef!)!, status: 'requires_payment_method', last_payment_error: { message: 'Authentication failed.' } }, undefined, { created: okEvent.created - 5 });
    stripe.take();
    await deliver(okEvent);
    await deliver(failed);
    expect(await balanceOf(fan)).toBe(10);
    expect((await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, p.id)))[0].status).toBe('succeeded');
  });
});

describe('subscriptions (Stripe Subscriptions)', () => {
  it('monthly: the first invoice is paid at once → active for a month, a sale with commission; its webhooks add nothing', async () => {
    const { creator, fan, row, stripeSub, view } = await subscribed();
    expect(view).toMatchObject({ status: 'active', isActive: true, renewing: true, gateway: 'stripe', price: 9.99 });
    expect(stripeSub).toMatchObject({ status: 'active', metadata: { subscriptionId: row.id, performerId: creator.user.id }, default_payment_method: expect.stringMatching(/^pm_/) });
    expect(stripeSub.items.data[0].price).toMatchObject({ unit_amount: 999, currency: 'usd', recurring: { interval: 'month' } });
    const create = stripe.requestsTo('POST', '/v1/subscriptions').find((q) => q.params.metadata?.subscriptionId === row.id)!;
    expect(create.params).toMatchObject({ payment_behavior: 'error_if_incomplete', expand: ['latest_invoice'] });
    expect(create.idempotencyKey).toMatch(new RegExp(`^subscription:${row.id}:`));
    expect(row.expiresAt.toISOString()).toBe(iso(stripeSub.items.data[0].current_period_end));
    const sales = await earningsOf(creator.user.id);
    expect(sales.map((e) => [e.type, e.gross, e.commission, e.net])).toEqual([['subscription', 999, 200, 799]]);
    const payments = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.subscriptionId, row.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'succeeded', gatewayRef: stripeSub.latest_invoice, amount: 999 });
    // A second subscribe → the same subscription, no second Stripe subscription.
    const again = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly' });
    expect(again.json().data._id).toBe(row.id);
    expect([...stripe.subscriptions.values()].filter((s) => s.metadata.subscriptionId === row.id)).toHaveLength(1);
    // One product per creator, reused.
    const other = await createFan(t);
    await addCard(other);
    expect((await req('POST', '/payment/subscribe/performers', other, { performerId: creator.user.id })).statusCode).toBe(200);
    expect([...stripe.products.values()].filter((p) => p.metadata.performerId === creator.user.id)).toHaveLength(1);
    await stripe.flush();
  });

  it('the first invoice.paid delivered before subscribe() has stored the Stripe id is the same single sale', async () => {
    const creator = await creatorWithPrice(15);
    const fan = await createFan(t);
    await addCard(fan);
    // Stripe answers, and its invoice.paid is processed before the API has stored the answer.
    const gw = await t.ctx.payments.gateway();
    const original = gw.subscriptions!.create;
    let early: { received: true; duplicate?: true } | null = null;
    gw.subscriptions!.create = async (request) => {
      const res = await original(request);
      const [paid] = stripe.take('invoice.paid');
      early = await deliver(paid);
      return res;
    };
    try {
      const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id });
      expect(r.statusCode, r.body).toBe(200);
    } finally {
      gw.subscriptions!.create = original;
    }
    expect(early).toEqual({ received: true });
    await stripe.flush();
    const sales = await earningsOf(creator.user.id);
    expect(sales.map((e) => e.gross)).toEqual([1500]);
    expect((await subscriptionOf(fan))).toMatchObject({ status: 'active', isActive: true });
  });

  it('a coupon discounts the first period only (a once-coupon at Stripe)', async () => {
    const creator = await creatorWithPrice(20);
    const r0 = await req('POST', '/admin/coupons', admin, { code: `STRIPE50${Date.now() % 100000}`, percentage: 50 });
    expect(r0.statusCode, r0.body).toBe(201);
    const code = r0.json().data.code;
    const fan = await createFan(t);
    await addCard(fan);
    const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, couponCode: code });
    expect(r.statusCode, r.body).toBe(200);
    const row = await rowOf(fan);
    const sub = stripe.subscriptions.get(row.gatewayRef!)!;
    const coupon = [...stripe.coupons.values()].find((c) => c.metadata.subscriptionId === row.id)!;
    expect(coupon).toMatchObject({ amount_off: 1000, duration: 'once' });
    expect(stripe.invoices.get(sub.latest_invoice)!.amount_paid).toBe(1000);
    expect((await earningsOf(creator.user.id)).map((e) => e.gross)).toEqual([1000]);
    await stripe.flush();
    const { event } = stripe.renew(sub.id);
    stripe.take();
    await deliver(event);
    expect((await earningsOf(creator.user.id)).map((e) => e.gross)).toEqual([1000, 2000]);
  });

  it('a declined card → 422, no subscription at Stripe, no access, no sale', async () => {
    const creator = await creatorWithPrice();
    const fan = await createFan(t);
    await addCard(fan, 'pm_card_chargeDeclined');
    const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe('Your card was declined.');
    const row = await rowOf(fan);
    expect(row).toMatchObject({ status: 'expired', gatewayRef: null });
    expect(await earningsOf(creator.user.id)).toEqual([]);
    // Another fan's failure is fine too (no clash on an empty gateway ref).
    const fan2 = await createFan(t);
    await addCard(fan2, 'pm_card_threeDSecure2Required');
    expect((await req('POST', '/payment/subscribe/performers', fan2, { performerId: creator.user.id })).statusCode).toBe(422);
    await stripe.flush();
  });

  it('free trial: trialing at Stripe → active until the trial ends; the first paid invoice then extends it and is a sale', async () => {
    const creator = await creatorWithPrice(7.5, 7);
    const fan = await createFan(t);
    await addCard(fan);
    const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'free' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ status: 'active', isActive: true, type: 'free' });
    const row = await rowOf(fan);
    const sub = stripe.subscriptions.get(row.gatewayRef!)!;
    expect(sub).toMatchObject({ status: 'trialing' });
    const create = stripe.requestsTo('POST', '/v1/subscriptions').find((q) => q.params.metadata?.subscriptionId === row.id)!;
    expect(create.params.trial_period_days).toBe('7');
    expect(row.expiresAt.toISOString()).toBe(iso(sub.trial_end));
    expect(Math.round((row.expiresAt.getTime() - Date.now()) / 86_400_000)).toBe(7);
    await stripe.flush(); // the $0 invoice.paid
    expect(await earningsOf(creator.user.id)).toEqual([]);
    expect((await subscriptionOf(fan)).isActive).toBe(true);

    const { invoice, event } = stripe.renew(sub.id);
    stripe.take();
    await deliver(event);
    const after = await rowOf(fan);
    expect(after.status).toBe('active');
    expect(after.expiresAt.toISOString()).toBe(iso(invoice.lines.data[0].period.end));
    expect((await earningsOf(creator.user.id)).map((e) => [e.gross, e.commission, e.net])).toEqual([[750, 150, 600]]);
  });

  it('renewal: invoice.paid extends the period and records a sale (once, also with invoice.payment_succeeded for the same invoice)', async () => {
    const { creator, fan, stripeSub } = await subscribed({ price: 12 });
    const { invoice } = stripe.renew(stripeSub.id);
    await stripe.flush(); // customer.subscription.updated, invoice.paid, invoice.payment_succeeded, payment_intent.succeeded…
    const row = await rowOf(fan);
    expect(row.status).toBe('active');
    expect(row.expiresAt.toISOString()).toBe(iso(invoice.lines.data[0].period.end));
    expect((await earningsOf(creator.user.id)).map((e) => e.gross)).toEqual([1200, 1200]);
    const payments = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.subscriptionId, row.id));
    expect(payments.map((p) => [p.status, p.gatewayRef])).toContainEqual(['succeeded', invoice.id]);
    expect(payments).toHaveLength(2);
  });

  it('a failed renewal → past_due (no access); Stripe gives up → expired, and the fan is told', async () => {
    const { fan, stripeSub } = await subscribed();
    const { event } = stripe.failRenewal(stripeSub.id);
    stripe.take();
    await deliver(event);
    t.ctx.clock.now = () => new Date(stripeSub.items.data[0].current_period_end * 1000 + 60_000);
    expect(await subscriptionOf(fan)).toMatchObject({ status: 'past_due', isActive: false });
    const deleted = stripe.deleteSubscription(stripeSub.id, 'payment_failed');
    stripe.take();
    await deliver(deleted);
    expect(await subscriptionOf(fan)).toMatchObject({ status: 'expired', isActive: false, renewing: false });
    await t.ctx.queue.drain(); // the mails are event handlers (subscriptions.handlers.ts)
    const mails = await import('node:fs/promises').then((fs) => fs.readdir(t.config.outboxDir).then((names) => Promise.all(names.filter((n) => n.endsWith('.eml')).map((n) => fs.readFile(`${t.config.outboxDir}/${n}`, 'utf8')))).catch(() => [] as string[]));
    expect(mails.some((m) => m.includes(fan.user.email!) && /has expired/.test(m) && /could not be collected/.test(m))).toBe(true);
    // The failure itself was told once, too.
    expect(mails.filter((m) => m.includes(fan.user.email!) && /could not renew/.test(m))).toHaveLength(1);
  });

  it('a failed renewal that is then paid (Stripe retry) → active again until the new period end', async () => {
    const { fan, stripeSub } = await subscribed();
    const failed = stripe.failRenewal(stripeSub.id);
    stripe.take();
    await deliver(failed.event);
    expect((await rowOf(fan)).status).toBe('past_due');
    // Stripe's retry pays a new invoice for the same period.
    stripe.subscriptions.get(stripeSub.id)!.status = 'active';
    const { invoice, event } = stripe.renew(stripeSub.id);
    stripe.take();
    await deliver(event);
    const row = await rowOf(fan);
    expect(row.status).toBe('active');
    expect(row.expiresAt.toISOString()).toBe(iso(invoice.lines.data[0].period.end));
  });

  it('subscription.deleted → expired at once', async () => {
    const { fan, stripeSub } = await subscribed();
    await deliver(stripe.deleteSubscription(stripeSub.id));
    stripe.take();
    expect(await subscriptionOf(fan)).toMatchObject({ status: 'expired', isActive: false });
  });

  it('cancel: POST /payment/stripe/cancel-subscription/{id} sets cancel_at_period_end at Stripe; access lasts to the period end; deleted then expires it', async () => {
    const { fan, row, stripeSub } = await subscribed();
    const other = await createFan(t);
    expect((await req('POST', `/payment/stripe/cancel-subscription/${row.id}`, other)).statusCode).toBe(404);
    const r = await req('POST', `/payment/stripe/cancel-subscription/${row.id}`, fan);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ status: 'cancelled', isActive: true, renewing: false });
    expect(stripe.subscriptions.get(stripeSub.id)!.cancel_at_period_end).toBe(true);
    expect(stripe.requestsTo('POST', `/v1/subscriptions/${stripeSub.id}`).map((q) => q.params)).toEqual([{ cancel_at_period_end: 'true' }]);
    await stripe.flush(); // customer.subscription.updated (cancel_at_period_end: true) — already so
    const end = stripeSub.items.data[0].current_period_end * 1000;
    t.ctx.clock.now = () => new Date(end - 60_000);
    expect(await subscriptionOf(fan)).toMatchObject({ status: 'cancelled', isActive: true });
    t.ctx.clock.now = () => new Date(end + 60_000);
    expect((await subscriptionOf(fan)).isActive).toBe(false);
    await deliver(stripe.deleteSubscription(stripeSub.id));
    stripe.take();
    expect((await subscriptionOf(fan)).status).toBe('expired');
  });

  it('resubscribing while cancelled but paid up switches renewal back on at Stripe', async () => {
    const { creator, fan, row, stripeSub } = await subscribed();
    await req('POST', `/payment/stripe/cancel-subscription/${row.id}`, fan);
    const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id });
    expect(r.json().data).toMatchObject({ _id: row.id, status: 'active', renewing: true });
    expect(stripe.subscriptions.get(stripeSub.id)!.cancel_at_period_end).toBe(false);
    await stripe.flush();
    expect((await rowOf(fan)).status).toBe('active');
  });

  it('cancel_at_period_end switched at Stripe (dashboard / portal) is mirrored; a stale update does not undo a newer one', async () => {
    const { fan, stripeSub } = await subscribed();
    const s = stripe.subscriptions.get(stripeSub.id)!;
    const cancelled = stripe.emit('customer.subscription.updated', { ...s, cancel_at_period_end: true }, { cancel_at_period_end: false }, { created: Math.floor(Date.now() / 1000) + 10 });
    const olderResume = stripe.emit('customer.subscription.updated', { ...s, cancel_at_period_end: false }, { cancel_at_period_end: true }, { created: Math.floor(Date.now() / 1000) + 5 });
    stripe.take();
    await deliver(cancelled);
    expect((await rowOf(fan)).status).toBe('cancelled');
    await deliver(olderResume);
    expect((await rowOf(fan)).status).toBe('cancelled');
    const newerResume = stripe.emit('customer.subscription.updated', { ...s, cancel_at_period_end: false }, { cancel_at_period_end: true }, { created: Math.floor(Date.now() / 1000) + 20 });
    stripe.take();
    await deliver(newerResume);
    expect((await rowOf(fan)).status).toBe('active');
  });
});

describe('webhook security and delivery rules', () => {
  it('a forged, missing or stale signature → 400 and nothing is written', async () => {
    const { creator, fan, stripeSub } = await subscribed();
    const before = { events: await eventCount(), row: await rowOf(fan), sales: (await earningsOf(creator.user.id)).length };
    const { event } = stripe.renew(stripeSub.id);
    stripe.take();
    const forged = await stripe.deliver(event, { secret: 'whsec_attacker' });
    expect(forged.statusCode).toBe(400);
    expect(forged.body.message).toMatch(/signature/i);
    expect((await stripe.deliver(event, { signature: null })).statusCode).toBe(400);
    expect((await stripe.deliver(event, { signature: 't=1,v1=deadbeef' })).statusCode).toBe(400);
    // A valid signature of another body (tampered payload).
    const payload = JSON.stringify(event);
    const tampered = await t.app.inject({ method: 'POST', url: '/stripe/webhook', payload: payload.replace('"invoice.paid"', '"invoice.payment_failed"'), headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) } });
    expect(tampered.statusCode).toBe(400);
    // Signed 10 minutes ago: outside the tolerance.
    const old = (await import('stripe')).default.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect((await t.app.inject({ method: 'POST', url: '/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': old } })).statusCode).toBe(400);
    expect(await eventCount()).toBe(before.events);
    expect(await rowOf(fan)).toEqual(before.row);
    expect(await earningsOf(creator.user.id)).toHaveLength(before.sales);
    // The genuine delivery still works afterwards.
    expect(await deliver(event)).toEqual({ received: true });
    expect(await earningsOf(creator.user.id)).toHaveLength(before.sales + 1);
  });

  it('several signing secrets (account + Connect endpoints) separated by commas: either verifies', async () => {
    const ev = stripe.emit('customer.created', { id: 'cus_multi', object: 'customer' });
    stripe.take();
    await setSetting('stripeWebhookSecret', `whsec_connect_endpoint_1, ${WEBHOOK_SECRET}`);
    try {
      expect(await deliver(ev)).toEqual({ received: true });
      const other = stripe.emit('customer.created', { id: 'cus_multi2', object: 'customer' });
      stripe.take();
      expect(await deliver(other)).toEqual({ received: true });
      const connect = stripe.emit('account.updated', { id: 'acct_x', object: 'account', payouts_enabled: false });
      stripe.take();
      expect((await stripe.deliver(connect, { secret: 'whsec_connect_endpoint_1' })).statusCode).toBe(200);
      expect((await stripe.deliver(stripe.emit('customer.created', { id: 'cus_y', object: 'customer' }), { secret: 'whsec_unknown' })).statusCode).toBe(400);
      stripe.take();
    } finally {
      await setSetting('stripeWebhookSecret', WEBHOOK_SECRET);
    }
  });

  it('the same event delivered twice (or concurrently) → one effect', async () => {
    const { creator, fan, stripeSub } = await subscribed();
    const { event } = stripe.renew(stripeSub.id);
    stripe.take();
    const results = await Promise.all([stripe.deliver(event), stripe.deliver(event), stripe.deliver(event)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.filter((r) => !r.body.duplicate)).toHaveLength(1);
    expect(await deliver(event)).toEqual({ received: true, duplicate: true });
    expect((await earningsOf(creator.user.id)).length).toBe(2);
    const [{ n }] = await t.ctx.db.select({ n: count() }).from(webhookEvents).where(eq(webhookEvents.id, event.id));
    expect(Number(n)).toBe(1);
    expect((await rowOf(fan)).status).toBe('active');
  });

  it('unknown objects and unhandled types → 200, ignored', async () => {
    const unknownSub = stripe.emit('customer.subscription.deleted', { id: 'sub_unknown', object: 'subscription', status: 'canceled', metadata: {}, cancel_at_period_end: false });
    const unknownPi = stripe.emit('payment_intent.succeeded', { id: 'pi_unknown', object: 'payment_intent', amount: 500, currency: 'usd', metadata: {} });
    const unknownInvoice = stripe.emit('invoice.paid', { id: 'in_unknown', object: 'invoice', amount_paid: 500, billing_reason: 'subscription_cycle', parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_unknown', metadata: { subscriptionId: '00000000-0000-7000-8000-000000000000' } } }, lines: { data: [{ period: { start: 1, end: 2 } }] } });
    const other = stripe.emit('customer.created', { id: 'cus_x', object: 'customer' });
    const acct = stripe.emit('account.updated', { id: 'acct_unknown', object: 'account', payouts_enabled: true });
    stripe.take();
    for (const ev of [unknownSub, unknownPi, unknownInvoice, other, acct]) expect(await deliver(ev)).toEqual({ received: true });
  });

  it('out of order: period 3\'s invoice.paid before period 2\'s → the later end stays; both are sales', async () => {
    const { creator, fan, stripeSub } = await subscribed();
    const p2 = stripe.renew(stripeSub.id);
    const p3 = stripe.renew(stripeSub.id);
    stripe.take();
    await deliver(p3.event);
    await deliver(p2.event);
    const row = await rowOf(fan);
    expect(row.status).toBe('active');
    expect(row.expiresAt.toISOString()).toBe(iso(p3.invoice.lines.data[0].period.end));
    expect((await earningsOf(creator.user.id)).length).toBe(3);
  });

  it('out of order: a renewal failure delivered after that period was paid is ignored', async () => {
    const { fan, stripeSub } = await subscribed();
    const failed = stripe.failRenewal(stripeSub.id);
    stripe.subscriptions.get(stripeSub.id)!.status = 'active';
    const paid = stripe.renew(stripeSub.id);
    stripe.take();
    await deliver(paid.event);
    await deliver(failed.event);
    const row = await rowOf(fan);
    expect(row.status).toBe('active');
    expect(row.expiresAt.toISOString()).toBe(iso(paid.invoice.lines.data[0].period.end));
  });

  it('out of order: subscription.deleted before a late invoice.paid → stays expired; the money is still recorded once', async () => {
    const { creator, fan, stripeSub } = await subscribed();
    const late = stripe.renew(stripeSub.id);
    const deleted = stripe.deleteSubscription(stripeSub.id);
    stripe.take();
    await deliver(deleted);
    expect((await rowOf(fan)).status).toBe('expired');
    await deliver(late.event);
    await deliver(stripe.emit('invoice.payment_succeeded', late.invoice));
    stripe.take();
    const row = await rowOf(fan);
    expect(row.status).toBe('expired');
    expect((await subscriptionOf(fan)).isActive).toBe(false);
    expect((await earningsOf(creator.user.id)).map((e) => e.gross)).toEqual([999, 999]);
    // And the old subscription's late events do not touch a new one started afterwards.
    const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id });
    expect(r.statusCode, r.body).toBe(200);
    const fresh = await rowOf(fan);
    expect(fresh.gatewayRef).not.toBe(stripeSub.id);
    await stripe.flush();
    await deliver(stripe.emit('customer.subscription.deleted', stripe.subscriptions.get(stripeSub.id)!));
    stripe.take();
    expect(await subscriptionOf(fan)).toMatchObject({ status: 'active', isActive: true });
  });

  it('out of order: the first invoice\'s failure for a subscription that never started changes nothing', async () => {
    const { fan, row, stripeSub } = await subscribed();
    const inv = stripe.invoices.get(stripeSub.latest_invoice)!;
    await deliver(stripe.emit('invoice.payment_failed', { ...inv, status: 'open', amount_paid: 0 }));
    stripe.take();
    expect(await rowOf(fan)).toMatchObject({ id: row.id, status: 'active' });
  });
});

describe('Stripe Connect', () => {
  it('POST /stripe/accounts: a creator gets an onboarding link for their (one) Express account; account.updated enables payouts', async () => {
    const creator = await createCreator(t);
    const body = { returnUrl: 'https://stagepass.test/creator/banking?done=1', refreshUrl: 'https://stagepass.test/creator/banking?retry=1' };
    const r = await req('POST', '/stripe/accounts', creator, body);
    expect(r.statusCode, r.body).toBe(200);
    const { url, accountId } = r.json().data;
    expect(accountId).toMatch(/^acct_/);
    expect(url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\//);
    expect(stripe.accounts.get(accountId)).toMatchObject({ type: 'express', email: creator.user.email, metadata: { userId: creator.user.id } });
    const link = stripe.requestsTo('POST', '/v1/account_links').at(-1)!;
    expect(link.params).toMatchObject({ account: accountId, return_url: body.returnUrl, refresh_url: body.refreshUrl, type: 'account_onboarding' });
    const again = await req('POST', '/stripe/accounts', creator, { returnUrl: body.returnUrl });
    expect(again.json().data.accountId).toBe(accountId);
    expect(stripe.requestsTo('POST', '/v1/account_links').at(-1)!.params.refresh_url).toBe(body.returnUrl);
    expect([...stripe.accounts.values()].filter((a) => a.metadata.userId === creator.user.id)).toHaveLength(1);

    await deliver(stripe.enablePayouts(accountId));
    stripe.take();
    const [acct] = await t.ctx.db.select().from(performerPayoutAccounts).where(eq(performerPayoutAccounts.userId, creator.user.id));
    expect(acct).toMatchObject({ stripeAccountId: accountId, stripeChargesEnabled: true });
    // A stale account.updated (older than the one applied) does not switch payouts off again.
    const stale = stripe.emit('account.updated', { ...stripe.accounts.get(accountId)!, payouts_enabled: false }, undefined, { created: Math.floor(Date.now() / 1000) - 60 });
    stripe.take();
    await deliver(stale);
    expect((await t.ctx.db.select().from(performerPayoutAccounts).where(and(eq(performerPayoutAccounts.userId, creator.user.id))))[0].stripeChargesEnabled).toBe(true);
    // The gateway's transfer (used by payouts) goes to that account.
    const gw = await t.ctx.payments.gateway();
    const tr = await gw.connect!.transfer({ accountId, amount: 1234, currency: 'usd', idempotencyKey: 'payout:test-1', metadata: { payoutId: 'test-1' } });
    const tr2 = await gw.connect!.transfer({ accountId, amount: 1234, currency: 'usd', idempotencyKey: 'payout:test-1', metadata: { payoutId: 'test-1' } });
    expect(tr2.gatewayRef).toBe(tr.gatewayRef);
    expect(stripe.transfers.get(tr.gatewayRef)).toMatchObject({ amount: 1234, destination: accountId });
    expect(await gw.connect!.payoutsEnabled(accountId)).toBe(true);
  });

  it('fans → 403; bad body → 400; another gateway → 400 with a clear message', async () => {
    const fan = await createFan(t);
    expect((await req('POST', '/stripe/accounts', fan, { returnUrl: 'https://x.test/' })).statusCode).toBe(403);
    const creator = await createCreator(t);
    expect((await req('POST', '/stripe/accounts', creator, { returnUrl: 'not a url' })).statusCode).toBe(400);
    await setSetting('paymentGateway', 'sandbox');
    try {
      const r = await req('POST', '/stripe/accounts', creator, { returnUrl: 'https://x.test/' });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toMatch(/does not use Stripe/);
    } finally {
      await setSetting('paymentGateway', 'stripe');
    }
  });
});
