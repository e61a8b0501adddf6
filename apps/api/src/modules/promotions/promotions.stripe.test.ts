// A promotion on a Stripe-billed subscription (promotions README "Stripe"): the real `stripe` SDK
// against the local stand-in — a repeating coupon carries the discount to the renewals Stripe makes
// itself, for the promotion's months, then the tier's price; a coupon on top is a second, once-only
// discount of the first invoice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createCreator, createFan, type Made, type TestApp } from '../../../test/harness';
import type { StripeStandin } from '../../../test/stripe-standin';
import { stripeTestApp } from '../../../test/stripe-app';
import { expectLedgerBalanced } from '../../../test/money';
import { earnings } from '../earnings/earnings.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { promotionClaims } from './promotions.tables';

const WEBHOOK_SECRET = 'whsec_standin_promotions_0123456789';
let t: TestApp;
let stripe: StripeStandin;
let admin: Made;
beforeAll(async () => {
  ({ t, stripe, admin } = await stripeTestApp(WEBHOOK_SECRET));
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t?.close();
  await stripe?.close();
});

const req = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Made, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...(who?.auth ?? {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
const grossOf = async (performerId: string) => (await t.ctx.db.select().from(earnings).where(eq(earnings.performerId, performerId)).orderBy(asc(earnings.createdAt))).map((e) => e.gross);

describe('a promotion billed by Stripe', () => {
  it('50 % off for 2 months: two discounted invoices (the first also with a coupon), then the full price', async () => {
    const c = await createCreator(t);
    expect((await req('PUT', '/performers/subscription-settings', c, { monthlyPrice: 20, freeSubscriptionEnabled: false })).statusCode).toBe(200);
    const promo = await req('POST', '/promotions', c, { kind: 'discount', percentage: 50, months: 2, maxClaims: 5, endsAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(promo.statusCode, promo.body).toBe(200);
    const coupon = await req('POST', '/admin/coupons', admin, { code: 'STRIPEPROMO10', percentage: 10 });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const fan = await createFan(t);
    expect((await req('POST', '/stripe/cards', fan, { paymentMethodId: 'pm_card_visa' })).statusCode).toBe(201);
    const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: c.user.id, promotionId: promo.json().data._id, couponCode: 'STRIPEPROMO10' });
    expect(r.statusCode, r.body).toBe(200);
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, fan.user.id));
    const sub = stripe.subscriptions.get(row!.gatewayRef!)!;
    const mine = [...stripe.coupons.values()].filter((x) => x.metadata.subscriptionId === row!.id);
    expect(mine).toEqual(expect.arrayContaining([
      expect.objectContaining({ amount_off: 1000, duration: 'repeating', duration_in_months: 2 }),
      expect.objectContaining({ amount_off: 100, duration: 'once' }),
    ]));
    // 20.00 − 50 % = 10.00, − 10 % = 9.00 now; 10.00 at the second invoice; 20.00 from the third.
    expect(stripe.invoices.get(sub.latest_invoice)!.amount_paid).toBe(900);
    await stripe.flush();
    for (let i = 0; i < 2; i++) {
      const { event } = stripe.renew(sub.id);
      stripe.take();
      const d = await stripe.deliver(event);
      expect(d.statusCode).toBe(200);
    }
    expect(await grossOf(c.user.id)).toEqual([900, 1000, 2000]);
    const [claim] = await t.ctx.db.select().from(promotionClaims).where(eq(promotionClaims.subscriptionId, row!.id));
    expect(claim).toMatchObject({ paidPeriods: 3, periodsLeft: 0, revenue: 3900 });
  });
});
