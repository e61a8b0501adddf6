import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { createCreator, createFan, type Made, type TestApp } from '../../../test/harness';
import type { StripeStandin } from '../../../test/stripe-standin';
import { stripeTestApp } from '../../../test/stripe-app';
import { domainEvents } from '../../platform/events.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';

/** A block ends a Stripe subscription's own renewal too: cancel_at_period_end at Stripe (the user.blocked handlers). */
const WEBHOOK_SECRET = 'whsec_standin_blocks_0123456789';
let t: TestApp;
let stripe: StripeStandin;

beforeAll(async () => {
  ({ t, stripe } = await stripeTestApp(WEBHOOK_SECRET));
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const req = (method: 'GET' | 'POST' | 'PUT', url: string, who: Made, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('a block and a Stripe subscription', () => {
  it('the fan blocks the creator: Stripe stops renewing (cancel_at_period_end, once), our row is cancelled once, the paid period stays', async () => {
    const creator = await createCreator(t);
    expect((await req('PUT', '/performers/subscription-settings', creator, { monthlyPrice: 9.99, freeSubscriptionEnabled: false })).statusCode).toBe(200);
    const fan = await createFan(t);
    expect((await req('POST', '/stripe/cards', fan, { paymentMethodId: 'pm_card_visa' })).statusCode).toBe(201);
    const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly' });
    expect(r.statusCode, r.body).toBe(200);
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, fan.user.id));
    const ref = row!.gatewayRef!;
    await stripe.flush();
    expect(stripe.subscriptions.get(ref)!.cancel_at_period_end).toBeFalsy();

    expect((await req('POST', '/block/users', fan, { targetId: creator.user.id })).statusCode).toBe(200);
    await t.ctx.queue.drain();

    expect(stripe.subscriptions.get(ref)!.cancel_at_period_end).toBe(true);
    expect(stripe.requestsTo('POST', `/v1/subscriptions/${ref}`).map((q) => q.params)).toEqual([{ cancel_at_period_end: 'true' }]);
    await stripe.flush(); // customer.subscription.updated (cancel_at_period_end: true): already so here
    const [after] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, row!.id));
    expect(after).toMatchObject({ status: 'cancelled', expiresAt: row!.expiresAt });
    const [{ n }] = await t.ctx.db.select({ n: count() }).from(domainEvents).where(and(eq(domainEvents.type, 'subscription.cancelled'), sql`${domainEvents.payload}->>'subscriptionId' = ${row!.id}`));
    expect(Number(n)).toBe(1);
  });
});
