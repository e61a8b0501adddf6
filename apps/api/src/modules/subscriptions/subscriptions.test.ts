// Over 300 lines: subscriptions end to end on the sandbox gateway (pricing, subscribing, renewals, cancelling, coupons).
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { subscriptionSchema } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp, requester } from '../../../test/harness';
import { createFeed } from '../../../test/factories';
import { addCard, expectLedgerBalanced } from '../../../test/money';
import { earnings } from '../earnings/earnings.tables';
import { paymentTransactions } from '../payments/payments.tables';
import { subscriptions } from './subscriptions.tables';
import { addMonths } from './periods';

let t: TestApp;
let admin: Made;
let clock: Date;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  t.ctx.clock.now = () => clock;
});
beforeEach(() => {
  clock = new Date();
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t?.close();
});

const req = requester(() => t);
const subscribe = (fan: Made, performerId: string, extra: Record<string, unknown> = {}) => req('POST', '/payment/subscribe/performers', fan, { performerId, type: 'monthly', ...extra });
const payments = (userId: string) => t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, userId)).orderBy(paymentTransactions.createdAt);
const subRow = async (id: string) => (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const mails = async (to: string) => {
  await t.ctx.queue.drain(); // the mails are event handlers (subscriptions.handlers.ts)
  const files = await fs.readdir(t.config.outboxDir).catch(() => [] as string[]);
  const all = await Promise.all(files.filter((f) => f.endsWith('.json')).map(async (f) => JSON.parse(await fs.readFile(path.join(t.config.outboxDir, f), 'utf8'))));
  return all.filter((m) => m.to === to) as Array<{ subject: string; text: string }>;
};
async function pricedCreator(price = 9.95, trial?: { days: number | null }) {
  const c = await createCreator(t);
  const r = await req('PUT', '/performers/subscription-settings', c, { monthlyPrice: price, freeSubscriptionEnabled: Boolean(trial), freeSubscriptionDays: trial?.days ?? null });
  expect(r.statusCode).toBe(200);
  return c;
}

describe('creator pricing', () => {
  it('sets the monthly price within the site limits (400 outside) and a free trial; the offer is public', async () => {
    const c = await createCreator(t);
    for (const monthlyPrice of [2.94, 300.01]) {
      const r = await req('PUT', '/performers/subscription-settings', c, { monthlyPrice, freeSubscriptionEnabled: false });
      expect(r.statusCode).toBe(400);
      expect(r.json().details[0].field).toBe('monthlyPrice');
    }
    expect((await req('PUT', '/performers/subscription-settings', c, { monthlyPrice: 4.99, freeSubscriptionEnabled: true, freeSubscriptionDays: 7 })).statusCode).toBe(200);
    expect((await req('GET', `/subscriptions/offer/${c.user.username}`)).json().data).toEqual({ monthlyPrice: 4.99, freeSubscriptionEnabled: true, freeSubscriptionDays: 7 });
    const fan = await createFan(t);
    expect((await req('PUT', '/performers/subscription-settings', fan, { monthlyPrice: 4.99, freeSubscriptionEnabled: false })).statusCode).toBe(403);
    // The site switch wins over the creator's.
    expect((await req('PUT', '/admin/settings/freeSubscriptionEnabled', admin, { value: false })).statusCode).toBe(200);
    expect((await req('GET', `/subscriptions/offer/${c.user.id}`)).json().data.freeSubscriptionEnabled).toBe(false);
    expect((await req('PUT', '/admin/settings/freeSubscriptionEnabled', admin, { value: true })).statusCode).toBe(200);
  });
});

describe('subscribing (sandbox gateway, our own renewals)', () => {
  it('monthly: charges the card, grants access for a month, records the sale; subscribing twice → the same subscription', async () => {
    const fan = await createFan(t);
    const c = await pricedCreator(9.95);
    const locked = await createFeed(t, c.user.id, { visibility: 'subscribers' });
    expect((await req('GET', `/user/feeds/${locked.id}`, fan)).json().data.isSubscribed).toBe(false);
    expect((await subscribe(fan, c.user.id)).statusCode).toBe(422); // no card yet
    await addCard(t, fan);
    const r = await subscribe(fan, c.user.id);
    expect(r.statusCode).toBe(200);
    const sub = subscriptionSchema.parse(r.json().data);
    expect(sub).toMatchObject({ status: 'active', type: 'monthly', price: 9.95, isActive: true, renewing: true, gateway: 'sandbox' });
    expect(new Date(sub.expiresAt).getTime()).toBe(addMonths(clock).getTime());
    expect((await req('GET', `/user/feeds/${locked.id}`, fan)).json().data).toMatchObject({ isSubscribed: true });
    const again = await subscribe(fan, c.user.id);
    expect(again.json().data._id).toBe(sub._id);
    expect(await payments(fan.user.id)).toHaveLength(1);
    const [e] = await t.ctx.db.select().from(earnings).where(eq(earnings.performerId, c.user.id));
    expect(e).toMatchObject({ type: 'subscription', gross: 995, commission: 199, net: 796 });
    expect((await req('GET', '/subscriptions/user/search', fan)).json().data.total).toBe(1);
    expect((await req('GET', '/subscriptions/performer/search', c)).json().data.data[0]).toMatchObject({ userId: fan.user.id, status: 'active' });
    expect((await req('GET', '/subscriptions/performer/search', fan)).statusCode).toBe(403);
  });

  it('10 concurrent subscribes of one fan to one creator → one charge, one active subscription', async () => {
    const fan = await createFan(t);
    const c = await pricedCreator(8);
    await addCard(t, fan);
    const results = await Promise.all(Array.from({ length: 10 }, () => subscribe(fan, c.user.id)));
    const codes = results.map((r) => r.statusCode);
    // Each answer is the subscription (200), or "a payment for it is in flight" (409) — never a second charge.
    expect(codes.every((x) => x === 200 || x === 409), JSON.stringify(results.filter((r) => r.statusCode !== 200).map((r) => [r.statusCode, r.body]))).toBe(true);
    const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json().data);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((v) => v._id)).size).toBe(1);
    const paid = (await payments(fan.user.id)).filter((p) => p.status === 'succeeded');
    expect(paid).toHaveLength(1);
    expect(await t.ctx.db.select().from(earnings).where(eq(earnings.performerId, c.user.id))).toHaveLength(1);
    expect((await req('GET', '/subscriptions/user/search', fan)).json().data.data).toMatchObject([{ status: 'active', isActive: true }]);
  });

  it('the same Idempotency-Key twice → one charge and the same answer', async () => {
    const fan = await createFan(t);
    const c = await pricedCreator(8);
    await addCard(t, fan);
    const send = () => t.app.inject({ method: 'POST', url: '/payment/subscribe/performers', headers: { ...fan.auth, 'idempotency-key': 'sub-1' }, payload: { performerId: c.user.id, type: 'monthly' } });
    const a = await send();
    expect(a.statusCode).toBe(200);
    // Cancel in between: a replay still answers the first result and charges nothing.
    await req('POST', `/payment/sandbox/cancel-subscription/${a.json().data._id}`, fan);
    const b = await send();
    expect(b.json()).toEqual(a.json());
    expect(await payments(fan.user.id)).toHaveLength(1);
  });

  it('refuses: unknown creator, a fan as creator, yourself/creators subscribing, a declined card (nothing granted)', async () => {
    const fan = await createFan(t);
    const c = await pricedCreator();
    await addCard(t, fan);
    expect((await subscribe(fan, '0190a0a0-0000-7000-8000-000000000000')).statusCode).toBe(400);
    expect((await subscribe(fan, (await createFan(t)).user.id)).statusCode).toBe(400);
    expect((await subscribe(c, c.user.id)).statusCode).toBe(403);
    expect((await req('POST', '/payment/subscribe/performers', fan, { performerId: c.user.id, type: 'yearly' })).statusCode).toBe(400);
    const poor = await createFan(t);
    await addCard(t, poor, '4000000000009995');
    const r = await subscribe(poor, c.user.id);
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toMatch(/insufficient funds/);
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, poor.user.id));
    expect(row.status).toBe('expired');
    expect((await payments(poor.user.id)).map((p) => p.status)).toEqual(['failed']);
  });

  it('free trial: active for the creator\'s days without a charge, once per fan, then renews monthly', async () => {
    const fan = await createFan(t);
    const c = await pricedCreator(5, { days: 3 });
    await addCard(t, fan);
    const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: c.user.id, type: 'free' });
    expect(r.statusCode).toBe(200);
    const sub = r.json().data;
    expect(sub).toMatchObject({ type: 'free', status: 'active', isActive: true, price: 5 });
    expect(new Date(sub.expiresAt).getTime()).toBe(clock.getTime() + 3 * 86_400_000);
    expect(await payments(fan.user.id)).toEqual([]);
    // The trial ends: the renewal job charges the monthly price.
    clock = new Date(clock.getTime() + 3 * 86_400_000 + 1000);
    await t.ctx.subscriptions.renewDue();
    const row = await subRow(sub._id);
    expect(row.status).toBe('active');
    // The paid month follows the trial without a gap or drift.
    expect(row.expiresAt.getTime()).toBe(addMonths(new Date(sub.expiresAt)).getTime());
    expect((await payments(fan.user.id)).map((p) => [p.status, p.amount])).toEqual([['succeeded', 500]]);
    // No second trial for the same creator; a creator without a trial refuses it.
    await req('POST', `/payment/sandbox/cancel-subscription/${sub._id}`, fan);
    await t.ctx.db.update(subscriptions).set({ status: 'expired', expiresAt: new Date(clock.getTime() - 1) }).where(eq(subscriptions.id, sub._id));
    const again = await req('POST', '/payment/subscribe/performers', fan, { performerId: c.user.id, type: 'free' });
    expect(again.statusCode).toBe(400);
    const noTrial = await pricedCreator(5);
    expect((await req('POST', '/payment/subscribe/performers', fan, { performerId: noTrial.user.id, type: 'free' })).statusCode).toBe(400);
  });

  it('renewal: charged again at the end of the period; failed renewals → past_due (no access), retries, then expired with an e-mail', async () => {
    const fan = await createFan(t);
    const c = await pricedCreator(7);
    await addCard(t, fan);
    const sub = (await subscribe(fan, c.user.id)).json().data;
    // Nothing is due before the end. (Counts cover every subscription in this file's database, so
    // the checks below look at this one's row and payments.)
    const end1 = (await subRow(sub._id)).expiresAt;
    await t.ctx.subscriptions.renewDue();
    expect((await subRow(sub._id)).expiresAt).toEqual(end1);
    clock = new Date(end1.getTime() + 60_000);
    expect((await t.ctx.subscriptions.renewDue()).renewed).toBeGreaterThanOrEqual(1);
    const end2 = (await subRow(sub._id)).expiresAt;
    expect(end2.getTime()).toBe(addMonths(end1).getTime());
    // A second sweep at the same time does nothing more.
    await t.ctx.subscriptions.renewDue();
    expect((await subRow(sub._id)).expiresAt).toEqual(end2);
    expect((await payments(fan.user.id)).filter((p) => p.status === 'succeeded')).toHaveLength(2);

    // The card starts failing.
    const cards = (await req('GET', '/payment-cards', fan)).json().data.data;
    await req('DELETE', `/payment-cards/${cards[0]._id}`, fan);
    await addCard(t, fan, '4000000000000341');
    clock = new Date(end2.getTime() + 60_000);
    expect((await t.ctx.subscriptions.renewDue()).failed).toBeGreaterThanOrEqual(1);
    let row = await subRow(sub._id);
    expect(row).toMatchObject({ status: 'past_due', renewalAttempts: 1 });
    expect((await subscriptionSchema.parse((await req('GET', '/subscriptions/user/search', fan)).json().data.data[0])).isActive).toBe(false);
    expect((await mails(fan.user.email!)).map((m) => m.subject)).toEqual([expect.stringMatching(/could not renew/)]);
    // Retried a day later: fails again.
    clock = new Date(clock.getTime() + 86_400_000 + 1000);
    expect((await t.ctx.subscriptions.renewDue()).failed).toBeGreaterThanOrEqual(1);
    row = await subRow(sub._id);
    expect(row).toMatchObject({ status: 'past_due', renewalAttempts: 2 });
    // Then two days later: the last try fails → expired, and the fan is told.
    clock = new Date(clock.getTime() + 2 * 86_400_000 + 1000);
    expect((await t.ctx.subscriptions.renewDue()).expired).toBeGreaterThanOrEqual(1);
    expect((await subRow(sub._id)).status).toBe('expired');
    expect((await mails(fan.user.email!)).map((m) => m.subject)).toContainEqual(expect.stringMatching(/has expired/));
    expect((await payments(fan.user.id)).filter((p) => p.status === 'failed')).toHaveLength(3);
    expect(await t.ctx.db.select().from(earnings).where(eq(earnings.performerId, c.user.id))).toHaveLength(2);
  });

  it('a past_due subscription recovers when the retry succeeds: a new month from the payment', async () => {
    const fan = await createFan(t);
    const c = await pricedCreator(7);
    await addCard(t, fan, '4000000000000341');
    await addCard(t, fan);
    // Make the failing card the default for the renewal.
    const cards = await t.ctx.db.select().from((await import('../payments/payments.tables')).paymentCards).where(eq((await import('../payments/payments.tables')).paymentCards.userId, fan.user.id));
    const good = cards.find((x) => x.last4 === '4242')!;
    const sub = (await subscribe(fan, c.user.id, { cardId: good.id })).json().data;
    await req('DELETE', `/payment-cards/${good.id}`, fan);
    clock = new Date((await subRow(sub._id)).expiresAt.getTime() + 1000);
    await t.ctx.subscriptions.renewDue();
    expect((await subRow(sub._id)).status).toBe('past_due');
    await addCard(t, fan);
    const bad = (await req('GET', '/payment-cards', fan)).json().data.data.find((x: { last4: string }) => x.last4 === '0341');
    await req('DELETE', `/payment-cards/${bad._id}`, fan);
    clock = new Date(clock.getTime() + 86_400_000 + 1000);
    await t.ctx.subscriptions.renewDue();
    const row = await subRow(sub._id);
    expect(row).toMatchObject({ status: 'active', renewalAttempts: 0, nextAttemptAt: null });
    expect(row.expiresAt.getTime()).toBe(addMonths(clock).getTime());
  });

  it('cancel: access lasts to the end of the paid period, no renewal, then expired; only the subscriber (or an admin) may cancel', async () => {
    const fan = await createFan(t);
    const other = await createFan(t);
    const c = await pricedCreator(6);
    await addCard(t, fan);
    const sub = (await subscribe(fan, c.user.id)).json().data;
    expect((await req('POST', `/payment/sandbox/cancel-subscription/${sub._id}`, other)).statusCode).toBe(404);
    expect((await req('POST', `/payment/sandbox/cancel-subscription/${sub._id}`, c)).statusCode).toBe(404);
    expect((await req('POST', `/payment/stripe/cancel-subscription/${sub._id}`, fan)).statusCode).toBe(400);
    expect((await req('POST', `/payment/paypal/cancel-subscription/${sub._id}`, fan)).statusCode).toBe(400);
    const r = await req('POST', `/payment/sandbox/cancel-subscription/${sub._id}`, fan);
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ status: 'cancelled', isActive: true, renewing: false });
    expect((await req('POST', `/payment/sandbox/cancel-subscription/${sub._id}`, fan)).json().data.status).toBe('cancelled');
    const feed = await createFeed(t, c.user.id, { visibility: 'subscribers' });
    expect((await req('GET', `/user/feeds/${feed.id}`, fan)).json().data.isSubscribed).toBe(true);
    // Subscribing again while paid up resumes renewal (no new charge).
    expect((await subscribe(fan, c.user.id)).json().data).toMatchObject({ _id: sub._id, status: 'active' });
    expect((await req('POST', `/payment/sandbox/cancel-subscription/${sub._id}`, admin)).json().data.status).toBe('cancelled');
    clock = new Date((await subRow(sub._id)).expiresAt.getTime() + 1000);
    await t.ctx.subscriptions.renewDue();
    expect((await subRow(sub._id)).status).toBe('expired');
    expect((await payments(fan.user.id))).toHaveLength(1);
    // Another fan cannot see it in their list.
    expect((await req('GET', '/subscriptions/user/search', other)).json().data.total).toBe(0);
  });
});

describe('coupons', () => {
  it('operator creates them; fans check and use them once; limits, expiry and creator scope hold', async () => {
    const fan = await createFan(t);
    const fan2 = await createFan(t);
    const c = await pricedCreator(10);
    const otherCreator = await pricedCreator(10);
    expect((await req('POST', '/admin/coupons', fan, { code: 'NOPE', percentage: 10 })).statusCode).toBe(403);
    expect((await req('POST', '/admin/coupons', admin, { code: 'x', percentage: 10 })).statusCode).toBe(400);
    expect((await req('POST', '/admin/coupons', admin, { code: 'HALF', percentage: 0 })).statusCode).toBe(400);
    const half = await req('POST', '/admin/coupons', admin, { code: 'HALF50', percentage: 50, performerId: c.user.id, maxUses: 1 });
    expect(half.statusCode).toBe(201);
    expect((await req('POST', '/admin/coupons', admin, { code: 'half50', percentage: 5 })).statusCode).toBe(409);

    expect((await req('POST', '/coupons/half50/apply-coupon', fan, { performerId: c.user.id })).json().data).toMatchObject({ code: 'HALF50', percentage: 50 });
    const wrongCreator = await req('POST', '/coupons/HALF50/apply-coupon', fan, { performerId: otherCreator.user.id });
    expect(wrongCreator.statusCode).toBe(422);
    expect((await req('POST', '/coupons/NOSUCH/apply-coupon', fan)).statusCode).toBe(422);

    await addCard(t, fan);
    const sub = await subscribe(fan, c.user.id, { couponCode: 'HALF50' });
    expect(sub.statusCode).toBe(200);
    expect((await payments(fan.user.id)).map((p) => [p.amount, p.originalAmount])).toEqual([[500, 1000]]);
    const [e] = await t.ctx.db.select().from(earnings).where(eq(earnings.performerId, c.user.id));
    expect(e).toMatchObject({ gross: 500, commission: 100, net: 400 });
    // Used up (max 1): the next fan is refused and nothing is charged.
    await addCard(t, fan2);
    const used = await subscribe(fan2, c.user.id, { couponCode: 'HALF50' });
    expect(used.statusCode).toBe(400);
    expect(used.json().details[0]).toMatchObject({ field: 'couponCode' });
    expect(await payments(fan2.user.id)).toHaveLength(0);

    // Expired coupons; and a declined subscription gives the coupon use back.
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    expect((await req('POST', '/admin/coupons', admin, { code: 'LATER', percentage: 20, expiresAt: soon })).statusCode).toBe(201);
    clock = new Date(Date.now() + 7_200_000);
    expect((await req('POST', '/coupons/LATER/apply-coupon', fan2)).json().message).toMatch(/expired/);
    clock = new Date();
    const poor = await createFan(t);
    await addCard(t, poor, '4000000000000341');
    expect((await subscribe(poor, otherCreator.user.id, { couponCode: 'LATER' })).statusCode).toBe(422);
    const list = (await req('GET', '/admin/coupons?q=later', admin)).json().data;
    expect(list.data[0]).toMatchObject({ code: 'LATER', usedCount: 0 });
    expect((await req('POST', '/coupons/LATER/apply-coupon', poor)).statusCode).toBe(200);
  });

  it('a coupon on a pay-per-view unlock: the discounted price is charged and recorded', async () => {
    const fan = await createFan(t);
    const c = await createCreator(t);
    await addCard(t, fan);
    await req('POST', '/payment/wallet/top-up', fan, { amount: 20 });
    const feed = await createFeed(t, c.user.id, { visibility: 'ppv', price: 9.99 });
    expect((await req('POST', '/admin/coupons', admin, { code: 'PPV25', percentage: 25 })).statusCode).toBe(201);
    const r = await req('POST', `/wallet/charges/feed/${feed.id}`, fan, { couponCode: 'PPV25' });
    expect(r.statusCode).toBe(200);
    // 25% of 9.99 = 2.4975 → 2.50 off (rounded up in the fan's favour) → 7.49.
    expect(r.json().data.charge).toMatchObject({ amount: 7.49, originalAmount: 9.99 });
    expect(r.json().data.balance).toBe(12.51);
    const feed2 = await createFeed(t, c.user.id, { visibility: 'ppv', price: 5 });
    const twice = await req('POST', `/wallet/charges/feed/${feed2.id}`, fan, { couponCode: 'PPV25' });
    expect(twice.statusCode).toBe(400);
    expect((await req('GET', '/users/me', fan)).json().data.balance).toBe(12.51);
    const [row] = await t.ctx.db.select().from(subscriptions).where(and(eq(subscriptions.userId, fan.user.id)));
    expect(row).toBeUndefined();
  });
});
