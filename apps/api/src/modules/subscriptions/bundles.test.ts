// Subscription bundles (README "Bundles"): a creator's bundles per tier within the operator's limit,
// subscribing with one (one payment = the bundle price, one sale, N calendar months), renewal at the
// bundle or the monthly price (the fan's choice), cancel keeps access to the end, a tier change
// waits for the renewal, a refund in full of the bundle ends it, who may call what.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscriptionSchema, tierSchema, type Tier } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp, requester } from '../../../test/harness';
import { addCard, expectLedgerBalanced } from '../../../test/money';
import { paymentTransactions } from '../payments/payments.tables';
import { earnings } from '../earnings/earnings.tables';
import { subscriptions } from './subscriptions.tables';

let t: TestApp;
let admin: Made;
let clock: Date;
beforeAll(async () => {
  t = await createTestApp();
  clock = new Date('2027-01-15T10:00:00Z');
  t.ctx.clock.now = () => clock;
  admin = await createAdmin(t);
});
beforeEach(() => {
  clock = new Date('2027-01-15T10:00:00Z');
});
afterEach(async () => {
  await expectLedgerBalanced(t);
});
afterAll(async () => {
  await t?.close();
});

const req = requester(() => t);
const subRow = async (id: string) => (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const paymentsOf = (subId: string) => t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.subscriptionId, subId)).orderBy(paymentTransactions.createdAt);
async function setSetting(key: string, value: unknown) {
  const r = await req('PUT', `/admin/settings/${key}`, admin, { value });
  expect(r.statusCode, r.body).toBe(200);
}

/** A creator at 9.95/month whose default tier offers 3 months at 20 % and 12 months at 30 % (6 months set but off). */
async function bundledCreator() {
  const c = await createCreator(t);
  expect((await req('PUT', '/performers/subscription-settings', c, { monthlyPrice: 9.95, freeSubscriptionEnabled: true, freeSubscriptionDays: 7 })).statusCode).toBe(200);
  const [tier] = (await req('GET', '/subscription-tiers/mine', c)).json().data as Tier[];
  const r = await req('PUT', `/subscription-tiers/${tier!._id}/bundles`, c, {
    bundles: [{ months: 3, discountPercent: 20, enabled: true }, { months: 6, discountPercent: 25, enabled: false }, { months: 12, discountPercent: 30, enabled: true }],
  });
  expect(r.statusCode, r.body).toBe(200);
  return { c, tier: tierSchema.parse(r.json().data) };
}
async function fanWithCard() {
  const fan = await createFan(t);
  await addCard(t, fan);
  return fan;
}
const subscribe = (fan: Made, c: Made, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  req('POST', '/payment/subscribe/performers', fan, { performerId: c.user.id, type: 'monthly', ...body }, headers);

describe("a creator's bundles", () => {
  it('are set per tier and length within the operator\'s limit; the public list has the offered ones with prices and savings', async () => {
    const { c, tier } = await bundledCreator();
    expect(tier.bundles).toEqual([
      { months: 3, discountPercent: 20, enabled: true, price: 23.88, monthlyEquivalent: 7.96, saving: 5.97 },
      { months: 6, discountPercent: 25, enabled: false, price: 44.77, monthlyEquivalent: 7.46, saving: 14.93 },
      { months: 12, discountPercent: 30, enabled: true, price: 83.58, monthlyEquivalent: 6.97, saving: 35.82 },
    ]);
    const pub = (await req('GET', `/subscription-tiers/performer/${c.user.username}`)).json().data as Tier[];
    expect(pub[0]!.bundles!.map((b) => b.months)).toEqual([3, 12]);
    expect((await req('GET', '/subscription-tiers/mine', c)).json().data[0].bundles).toHaveLength(3);
    // A length not listed stays as it was.
    const only6 = await req('PUT', `/subscription-tiers/${tier._id}/bundles`, c, { bundles: [{ months: 6, discountPercent: 10, enabled: true }] });
    expect(only6.json().data.bundles.map((b: { months: number; discountPercent: number }) => [b.months, b.discountPercent])).toEqual([[3, 20], [6, 10], [12, 30]]);

    // Limits: above the operator's bundleMaxDiscountPercent (50) → 400 on that bundle's field; bad lengths and percentages → 400.
    const over = await req('PUT', `/subscription-tiers/${tier._id}/bundles`, c, { bundles: [{ months: 3, discountPercent: 51, enabled: true }] });
    expect(over.statusCode).toBe(400);
    expect(over.json().details).toEqual([{ field: 'bundles.0.discountPercent', message: expect.stringContaining('50') }]);
    for (const bad of [{ months: 4, discountPercent: 10, enabled: true }, { months: 3, discountPercent: 0, enabled: true }, { months: 3, discountPercent: 12.5, enabled: true }]) {
      const r = await req('PUT', `/subscription-tiers/${tier._id}/bundles`, c, { bundles: [bad] });
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(r.json().details.length).toBeGreaterThan(0);
    }
    expect((await req('PUT', `/subscription-tiers/${tier._id}/bundles`, c, { bundles: [{ months: 3, discountPercent: 10, enabled: true }, { months: 3, discountPercent: 11, enabled: true }] })).statusCode).toBe(400);

    // Who may: unauthenticated 401, a fan 403, another creator's tier 404.
    const body = { bundles: [{ months: 3, discountPercent: 10, enabled: true }] };
    expect((await req('PUT', `/subscription-tiers/${tier._id}/bundles`, null, body)).statusCode).toBe(401);
    expect((await req('PUT', `/subscription-tiers/${tier._id}/bundles`, await createFan(t), body)).statusCode).toBe(403);
    expect((await req('PUT', `/subscription-tiers/${tier._id}/bundles`, await createCreator(t), body)).statusCode).toBe(404);
    // Nothing was changed by the refusals.
    expect((await req('GET', '/subscription-tiers/mine', c)).json().data[0].bundles.map((b: { discountPercent: number }) => b.discountPercent)).toEqual([20, 10, 30]);
  });

  it('the operator\'s lower limit caps what is sold; with bundles off for the site none is offered or sold', async () => {
    const { c } = await bundledCreator();
    const fan = await fanWithCard();
    await setSetting('bundleMaxDiscountPercent', 10);
    try {
      const pub = (await req('GET', `/subscription-tiers/performer/${c.user.id}`)).json().data as Tier[];
      expect(pub[0]!.bundles!.map((b) => [b.months, b.discountPercent, b.price])).toEqual([[3, 10, 26.86], [12, 10, 107.46]]);
      await setSetting('bundlesEnabled', false);
      expect((await req('GET', `/subscription-tiers/performer/${c.user.id}`)).json().data[0].bundles).toEqual([]);
      const r = await subscribe(fan, c, { bundleMonths: 3 });
      expect(r.statusCode).toBe(400);
      expect(r.json().details[0].field).toBe('bundleMonths');
      expect((await req('PUT', `/subscription-tiers/${pub[0]!._id}/bundles`, c, { bundles: [{ months: 3, discountPercent: 5, enabled: true }] })).statusCode).toBe(422);
    } finally {
      await setSetting('bundlesEnabled', true);
      await setSetting('bundleMaxDiscountPercent', 50);
    }
    // Back on: sold at the creator's own 20 % again.
    const ok = await subscribe(fan, c, { bundleMonths: 3 });
    expect(ok.json().data.bundle).toEqual({ months: 3, discountPercent: 20, price: 23.88 });
  });
});

describe('subscribing with a bundle', () => {
  it('charges the bundle price once (one payment, one sale, commission exact) for N calendar months; Idempotency-Key replays; not on offer / with a trial → 400', async () => {
    const { c, tier } = await bundledCreator();
    const fan = await fanWithCard();
    expect((await subscribe(fan, c, { bundleMonths: 6 })).json().details[0].field).toBe('bundleMonths'); // set but off
    expect((await subscribe(fan, c, { bundleMonths: 3, type: 'free' })).json().details[0].field).toBe('bundleMonths');
    expect((await subscribe(fan, c, { bundleMonths: 5 })).statusCode).toBe(400);

    const headers = { 'idempotency-key': 'bundle-3' };
    const r = await subscribe(fan, c, { bundleMonths: 3, tierId: tier._id }, headers);
    expect(r.statusCode, r.body).toBe(200);
    const sub = subscriptionSchema.parse(r.json().data);
    expect(sub).toMatchObject({
      status: 'active', isActive: true, price: 9.95, bundle: { months: 3, discountPercent: 20, price: 23.88 }, renewAs: 'bundle', renewalPrice: 23.88,
      startsAt: '2027-01-15T10:00:00.000Z', expiresAt: '2027-04-15T10:00:00.000Z',
    });
    const again = await subscribe(fan, c, { bundleMonths: 3, tierId: tier._id }, headers);
    expect(again.json().data).toEqual(r.json().data);
    const pays = await paymentsOf(sub._id);
    expect(pays.map((p) => [p.amount, p.status])).toEqual([[2388, 'succeeded']]);
    expect(pays[0]!.description).toMatch(/3-month/);
    // Two racing bundle subscribes of another fan (different keys): one payment, never two.
    const racer = await fanWithCard();
    const both = await Promise.all([subscribe(racer, c, { bundleMonths: 12 }, { 'idempotency-key': 'race-a' }), subscribe(racer, c, { bundleMonths: 12 }, { 'idempotency-key': 'race-b' })]);
    expect(both.map((x) => x.statusCode).sort()).toContain(200);
    for (const x of both) expect([200, 409]).toContain(x.statusCode);
    const racerSub = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, racer.user.id));
    expect((await paymentsOf(racerSub[0]!.id)).filter((p) => p.status === 'succeeded').map((p) => p.amount)).toEqual([8358]);
    const sales = await t.ctx.db.select().from(earnings).where(eq(earnings.performerId, c.user.id)).orderBy(earnings.createdAt);
    expect(sales.map((e) => [e.type, e.gross, e.commission, e.net])).toEqual([['subscription', 2388, 478, 1910], ['subscription', 8358, 1672, 6686]]);
  });

  it('renews at the bundle price for N more months, or — the fan\'s choice, changeable until the renewal — monthly, which ends the bundle', async () => {
    const { c } = await bundledCreator();
    const fan = await fanWithCard();
    clock = new Date('2026-11-30T12:00:00Z');
    const sub = subscriptionSchema.parse((await subscribe(fan, c, { bundleMonths: 3 })).json().data);
    expect(sub.expiresAt).toBe('2027-02-28T12:00:00.000Z'); // the day clamped
    // Renewal as the bundle: 23.88 again, three more months from the end (no drift).
    clock = new Date('2027-02-28T12:00:01Z');
    expect((await t.ctx.subscriptions.renewDue()).renewed).toBeGreaterThanOrEqual(1);
    expect((await paymentsOf(sub._id)).map((p) => p.amount)).toEqual([2388, 2388]);
    expect(await subRow(sub._id)).toMatchObject({ expiresAt: new Date('2027-05-28T12:00:00Z'), bundleMonths: 3, bundlePrice: 2388, renewBundle: true, status: 'active' });

    // The fan switches to monthly, then back, then monthly again — the last choice counts.
    for (const renewAs of ['monthly', 'bundle', 'monthly'] as const) {
      const r = await req('POST', `/subscriptions/${sub._id}/renewal`, fan, { renewAs });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data).toMatchObject({ renewAs, renewalPrice: renewAs === 'bundle' ? 23.88 : 9.95, bundle: { months: 3 } });
    }
    clock = new Date('2027-05-28T12:00:01Z');
    expect((await t.ctx.subscriptions.renewDue()).renewed).toBeGreaterThanOrEqual(1);
    expect((await paymentsOf(sub._id)).map((p) => p.amount)).toEqual([2388, 2388, 995]);
    const view = (await req('GET', '/subscriptions/user/search', fan)).json().data.data[0];
    expect(view).toMatchObject({ bundle: null, renewAs: 'monthly', renewalPrice: 9.95, expiresAt: '2027-06-28T12:00:00.000Z', isActive: true });
    // A monthly subscription has no bundle to renew: 422.
    expect((await req('POST', `/subscriptions/${sub._id}/renewal`, fan, { renewAs: 'bundle' })).statusCode).toBe(422);
  });

  it('who may choose the renewal: unauthenticated 401, another fan 404, bad input 400', async () => {
    const { c } = await bundledCreator();
    const fan = await fanWithCard();
    const sub = (await subscribe(fan, c, { bundleMonths: 12, renewAs: 'monthly' })).json().data;
    expect(sub).toMatchObject({ bundle: { months: 12 }, renewAs: 'monthly', renewalPrice: 9.95, expiresAt: '2028-01-15T10:00:00.000Z' });
    expect((await req('POST', `/subscriptions/${sub._id}/renewal`, null, { renewAs: 'bundle' })).statusCode).toBe(401);
    expect((await req('POST', `/subscriptions/${sub._id}/renewal`, await createFan(t), { renewAs: 'bundle' })).statusCode).toBe(404);
    expect((await req('POST', `/subscriptions/${sub._id}/renewal`, c, { renewAs: 'bundle' })).statusCode).toBe(404);
    const bad = await req('POST', `/subscriptions/${sub._id}/renewal`, fan, { renewAs: 'weekly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('renewAs');
    expect((await subRow(sub._id)).renewBundle).toBe(false);
  });

  it('a cancelled bundle keeps access to the end of its months, then expires without another charge', async () => {
    const { c } = await bundledCreator();
    const fan = await fanWithCard();
    const sub = (await subscribe(fan, c, { bundleMonths: 12 })).json().data;
    clock = new Date('2027-02-01T00:00:00Z');
    const cancelled = await req('POST', `/payment/sandbox/cancel-subscription/${sub._id}`, fan);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', isActive: true, renewing: false, expiresAt: '2028-01-15T10:00:00.000Z' });
    clock = new Date('2028-01-15T09:59:59Z');
    await t.ctx.subscriptions.renewDue();
    expect((await req('GET', '/subscriptions/user/search', fan)).json().data.data[0]).toMatchObject({ status: 'cancelled', isActive: true });
    clock = new Date('2028-01-15T10:00:01Z');
    expect((await t.ctx.subscriptions.renewDue()).expired).toBeGreaterThanOrEqual(1);
    expect((await req('GET', '/subscriptions/user/search', fan)).json().data.data[0]).toMatchObject({ status: 'expired', isActive: false });
    expect((await paymentsOf(sub._id)).map((p) => p.amount)).toEqual([8358]);
  });

  it('a tier change during a bundle waits for the renewal (409)', async () => {
    const { c } = await bundledCreator();
    const gold = (await req('POST', '/subscription-tiers', c, { name: 'Gold', price: 20 })).json().data as Tier;
    const fan = await fanWithCard();
    const sub = (await subscribe(fan, c, { bundleMonths: 3 })).json().data;
    const r = await req('POST', `/subscriptions/${sub._id}/tier`, fan, { tierId: gold._id });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/renewal/);
    expect((await paymentsOf(sub._id))).toHaveLength(1);
  });

  it('a refund in full of the bundle payment (its latest paid period) ends it at once; the sale is taken back whole', async () => {
    const { c } = await bundledCreator();
    const fan = await fanWithCard();
    const sub = (await subscribe(fan, c, { bundleMonths: 3 })).json().data;
    const [pay] = await paymentsOf(sub._id);
    const r = await req('POST', `/admin/payments/${pay!.id}/refunds`, admin, { reason: 'Bought by mistake' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ amount: 23.88, status: 'succeeded' });
    await t.ctx.queue.drain();
    expect((await req('GET', '/subscriptions/user/search', fan)).json().data.data[0]).toMatchObject({ status: 'expired', isActive: false });
    const lines = await t.ctx.db.select().from(earnings).where(eq(earnings.performerId, c.user.id));
    expect(lines.reduce((s, e) => s + e.gross, 0)).toBe(0);
    expect(lines.reduce((s, e) => s + e.net, 0)).toBe(0);
  });
});
