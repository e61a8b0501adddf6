// Bundles billed by Stripe (README "Bundles"): the real SDK against the stand-in — a Stripe
// Subscription every N months (interval_count) at the bundle's price, the first invoice one sale,
// the next one N months later; the fan's monthly-renewal choice is a Subscription Schedule there.
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

  it('renews monthly when the fan chooses: a schedule at Stripe (the bundle period untouched), then monthly invoices at the tier price', async () => {
    const c = await createCreator(t);
    expect((await req('PUT', '/performers/subscription-settings', c, { monthlyPrice: 10, freeSubscriptionEnabled: false })).statusCode).toBe(200);
    const [tier] = (await req('GET', '/subscription-tiers/mine', c)).json().data as Tier[];
    expect((await req('PUT', `/subscription-tiers/${tier!._id}/bundles`, c, { bundles: [{ months: 3, discountPercent: 10, enabled: true }] })).statusCode).toBe(200);
    const fan = await createFan(t);
    expect((await req('POST', '/stripe/cards', fan, { paymentMethodId: 'pm_card_visa' })).statusCode).toBe(201);
    expect((await req('POST', '/payment/subscribe/performers', fan, { performerId: c.user.id, bundleMonths: 3 })).statusCode).toBe(200);
    await stripe.flush();
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, fan.user.id));
    const stripeSub = () => stripe.subscriptions.get(row!.gatewayRef!)!;
    const end = stripeSub().items.data[0].current_period_end;
    const renewal = (renewAs: string) => req('POST', `/subscriptions/${row!.id}/renewal`, fan, { renewAs });

    // Monthly: the current 3-month period (27.00) to its end, then one month at 10.00; nothing billed now.
    const monthly = await renewal('monthly');
    expect(monthly.statusCode, monthly.body).toBe(200);
    expect(monthly.json().data).toMatchObject({ renewAs: 'monthly', renewalPrice: 10, bundle: { months: 3, price: 27 } });
    const sched = stripe.schedules.get(stripeSub().schedule)!;
    expect(sched.end_behavior).toBe('release');
    expect(sched.phases.map((ph: { end_date: number; items: Array<{ price: { unit_amount: number; recurring: { interval_count: number } } }> }) => [ph.items[0]!.price.unit_amount, ph.items[0]!.price.recurring.interval_count])).toEqual([[2700, 3], [1000, 1]]);
    expect(sched.phases[0].end_date).toBe(end);
    expect(stripeSub().items.data[0].price.unit_amount).toBe(2700);
    // Back to the bundle before the period ends: the schedule is released, Stripe bills the bundle again.
    expect((await renewal('bundle')).json().data).toMatchObject({ renewAs: 'bundle', renewalPrice: 27 });
    expect(sched.id && stripe.schedules.get(sched.id)!.status).toBe('released');
    expect(stripeSub().schedule).toBeNull();
    // And monthly once more: a new schedule.
    expect((await renewal('monthly')).statusCode).toBe(200);
    expect(stripeSub().schedule).not.toBe(sched.id);

    // The period ends: Stripe bills 10.00 for one month; our row is monthly from now on.
    t.ctx.clock.now = () => new Date(end * 1000 + 1000);
    stripe.renew(stripeSub().id);
    await stripe.flush();
    const pays = async () => (await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.subscriptionId, row!.id)).orderBy(paymentTransactions.createdAt)).map((p) => [p.amount, p.status]);
    expect(await pays()).toEqual([[2700, 'succeeded'], [1000, 'succeeded']]);
    const after = (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, row!.id)))[0]!;
    expect(after).toMatchObject({ status: 'active', bundleMonths: null, bundlePrice: null, renewBundle: false, price: 1000 });
    const monthEnd = stripeSub().items.data[0].current_period_end;
    expect(after.expiresAt.toISOString()).toBe(new Date(monthEnd * 1000).toISOString());
    expect(monthEnd - end).toBeLessThan(32 * 86_400);

    // The month after: the schedule has let go, the subscription goes on monthly at 10.00.
    t.ctx.clock.now = () => new Date(monthEnd * 1000 + 1000);
    stripe.renew(stripeSub().id);
    await stripe.flush();
    expect(stripeSub().schedule).toBeNull();
    expect(await pays()).toEqual([[2700, 'succeeded'], [1000, 'succeeded'], [1000, 'succeeded']]);
    // No renewal choice on a monthly subscription.
    expect((await renewal('bundle')).statusCode).toBe(422);
  });
});
