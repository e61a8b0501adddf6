// Bundles billed by Stripe (README "Bundles"): the real SDK against the stand-in — a Stripe
// Subscription every N months (interval_count) at the bundle's price, the first invoice one sale,
// the next one N months later, and the renewal choice not (yet) changeable there.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { type Tier } from '@stagepass/shared';
import { createCreator, createFan, type TestApp, requester } from '../../../test/harness';
import type { StripeStandin } from '../../../test/stripe-standin';
import { stripeTestApp } from '../../../test/stripe-app';
import { earnings } from '../earnings/earnings.tables';
import { paymentTransactions } from '../payments/payments.tables';
import { subscriptions } from './subscriptions.tables';

let t: TestApp;
let stripe: StripeStandin;
beforeAll(async () => {
  ({ t, stripe } = await stripeTestApp('whsec_standin_bundles_0123456789'));
});
afterEach(async () => {
  const unbalanced = (await t.ctx.db.execute(sql`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0`)).rows;
  expect(unbalanced).toEqual([]);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const req = requester(() => t);

describe('a bundle billed by Stripe', () => {
  it('is a Stripe Subscription every 6 months at the bundle price: one sale now, the next invoice 6 months on', async () => {
    const c = await createCreator(t);
    expect((await req('PUT', '/performers/subscription-settings', c, { monthlyPrice: 10, freeSubscriptionEnabled: false })).statusCode).toBe(200);
    const [tier] = (await req('GET', '/subscription-tiers/mine', c)).json().data as Tier[];
    expect((await req('PUT', `/subscription-tiers/${tier!._id}/bundles`, c, { bundles: [{ months: 6, discountPercent: 15, enabled: true }] })).statusCode).toBe(200);
    const fan = await createFan(t);
    expect((await req('POST', '/stripe/cards', fan, { paymentMethodId: 'pm_card_visa' })).statusCode).toBe(201);

    const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: c.user.id, bundleMonths: 6 });
    expect(r.statusCode, r.body).toBe(200);
    await stripe.flush();
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, fan.user.id));
    const stripeSub = stripe.subscriptions.get(row!.gatewayRef!)!;
    // 6 × 10.00 less 15 % = 51.00, every 6 months.
    expect(stripeSub.items.data[0].price).toMatchObject({ unit_amount: 5100, recurring: { interval: 'month', interval_count: 6 } });
    const [create] = stripe.requestsTo('POST', '/v1/subscriptions').slice(-1);
    expect(create!.params.items[0].price_data.recurring).toEqual({ interval: 'month', interval_count: '6' });
    const end = new Date(stripeSub.items.data[0].current_period_end * 1000);
    expect(r.json().data).toMatchObject({ gateway: 'stripe', isActive: true, bundle: { months: 6, discountPercent: 15, price: 51 }, renewAs: 'bundle', renewalPrice: 51, expiresAt: end.toISOString() });
    const start = new Date(stripeSub.items.data[0].current_period_start * 1000);
    expect(end.getTime() - start.getTime()).toBeGreaterThan(180 * 86_400_000);
    const pays = () => t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.subscriptionId, row!.id)).orderBy(paymentTransactions.createdAt);
    expect((await pays()).map((p) => [p.amount, p.status])).toEqual([[5100, 'succeeded']]);
    expect((await t.ctx.db.select().from(earnings).where(eq(earnings.performerId, c.user.id))).map((e) => [e.gross, e.commission + e.net])).toEqual([[5100, 5100]]);

    // The renewal choice is Stripe's interval: not changeable there yet.
    expect((await req('POST', `/subscriptions/${row!.id}/renewal`, fan, { renewAs: 'monthly' })).statusCode).toBe(422);

    // Stripe renews it: the next invoice is the bundle again, the period 6 months on; our row keeps its bundle.
    t.ctx.clock.now = () => new Date(end.getTime() + 1000);
    const { event } = stripe.renew(stripeSub.id);
    await stripe.flush();
    expect(event.type).toBe('invoice.paid');
    expect((await pays()).map((p) => [p.amount, p.status])).toEqual([[5100, 'succeeded'], [5100, 'succeeded']]);
    const after = (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, row!.id)))[0]!;
    expect(after).toMatchObject({ status: 'active', bundleMonths: 6, bundlePrice: 5100 });
    expect(after.expiresAt.toISOString()).toBe(new Date(stripe.subscriptions.get(stripeSub.id)!.items.data[0].current_period_end * 1000).toISOString());
    expect(after.expiresAt.getTime() - end.getTime()).toBeGreaterThan(180 * 86_400_000);
  });
});
