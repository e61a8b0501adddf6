// Promotions and free-trial links (issue 30 §3; README beside this file): the creator's campaigns
// and links with forbidden cases, eligibility (new / expired), the exact claim count under 13 racing
// subscribes, the end date, discounted renewals for N periods then the tier's price, a trial link
// once per fan, and a declined card giving the claim back.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { promotionSchema, type Promotion } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, type Made, type TestApp, requester } from '../../../test/harness';
import { addCard, expectLedgerBalanced } from '../../../test/money';
import { paymentTransactions } from '../payments/payments.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { coupons } from '../coupons/coupons.tables';
import { promotionClaims, promotions } from './promotions.tables';

let t: TestApp;
let clock: Date;
beforeAll(async () => {
  t = await createTestApp();
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
const inDays = (n: number) => new Date(clock.getTime() + n * 86_400_000).toISOString();
const paid = async (userId: string) =>
  (await t.ctx.db.select().from(paymentTransactions).where(and(eq(paymentTransactions.userId, userId), eq(paymentTransactions.status, 'succeeded'))).orderBy(asc(paymentTransactions.createdAt))).map((p) => p.amount);
const subscribe = (fan: Made, performerId: string, body: Record<string, unknown> = {}) => req('POST', '/payment/subscribe/performers', fan, { performerId, ...body });

/** A creator at 9.95/month (no trial of their own). */
async function creator() {
  const c = await createCreator(t);
  expect((await req('PUT', '/performers/subscription-settings', c, { monthlyPrice: 9.95, freeSubscriptionEnabled: false })).statusCode).toBe(200);
  return c;
}
async function promote(c: Made, body: Record<string, unknown>): Promise<Promotion> {
  const r = await req('POST', '/promotions', c, { endsAt: inDays(30), maxClaims: 12, ...body });
  expect(r.statusCode, r.body).toBe(200);
  return promotionSchema.parse(r.json().data);
}
async function fanWithCard(number?: string) {
  const fan = await createFan(t);
  await addCard(t, fan, number);
  return fan;
}
/** Lets the fan's subscription lapse (as if its period ran out and renewal was off). */
async function lapse(fan: Made, performerId: string) {
  await t.ctx.db.update(subscriptions).set({ status: 'expired', expiresAt: new Date(clock.getTime() - 1000) }).where(and(eq(subscriptions.userId, fan.user.id), eq(subscriptions.performerId, performerId)));
}

// First in the file: renewDue renews every due subscription of this file's database.
describe('renewals', () => {
  it('charge the discounted price for N periods, then the tier\'s price; the figures count them', async () => {
    const c = await creator();
    const p = await promote(c, { kind: 'discount', percentage: 50, months: 3 });
    const fan = await fanWithCard();
    const sub = (await subscribe(fan, c.user.id)).json().data;
    for (let i = 0; i < 3; i++) {
      const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, sub._id));
      clock = new Date(row.expiresAt.getTime() + 60_000);
      await t.ctx.subscriptions.renewDue();
    }
    expect(await paid(fan.user.id)).toEqual([497, 497, 497, 995]);
    const mine = (await req('GET', '/promotions/mine', c)).json().data.data as Promotion[];
    expect(mine.find((x) => x._id === p._id)).toMatchObject({ claimed: 1, left: 11, paying: 1, revenue: 24.86 });
  });
});

describe('a creator\'s campaigns and trial links', () => {
  it('creates, lists, shows on the profile, ends; bad input 400 with fields; forbidden cases', async () => {
    const c = await creator();
    const other = await creator();
    const fan = await createFan(t);
    const p = await promote(c, { kind: 'discount', percentage: 50, months: 3 });
    expect(p).toMatchObject({ kind: 'discount', percentage: 50, months: 3, audience: 'new', maxClaims: 12, claimed: 0, left: 12, status: 'running', code: null, paying: 0, revenue: 0 });
    const link = await promote(c, { kind: 'trial_link', days: 7, maxClaims: 3 });
    expect(link.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(link.audience).toBe('both');

    // Field errors, never a 500.
    for (const [body, field] of [
      [{ kind: 'discount', percentage: 0, months: 3 }, 'percentage'],
      [{ kind: 'discount', percentage: 50, months: 13 }, 'months'],
      [{ kind: 'trial', days: 0 }, 'days'],
      [{ kind: 'discount', percentage: 50, months: 3, endsAt: inDays(-1) }, 'endsAt'],
      [{ kind: 'discount', percentage: 50, months: 3, maxClaims: 0 }, 'maxClaims'],
      [{ kind: 'bogus' }, 'kind'],
    ] as const) {
      const r = await req('POST', '/promotions', c, { endsAt: inDays(30), maxClaims: 12, ...body });
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    // Another creator's tier → 400 tierId.
    const [otherTier] = (await req('GET', `/subscription-tiers/performer/${other.user.id}`)).json().data;
    const bad = await req('POST', '/promotions', c, { kind: 'discount', percentage: 10, months: 1, endsAt: inDays(3), maxClaims: 5, tierId: otherTier._id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('tierId');

    // Who may call: a fan 403, nobody 401, another creator's record 404.
    expect((await req('POST', '/promotions', fan, { kind: 'trial', days: 7, endsAt: inDays(3), maxClaims: 5 })).statusCode).toBe(403);
    expect((await req('POST', '/promotions', null, { kind: 'trial', days: 7, endsAt: inDays(3), maxClaims: 5 })).statusCode).toBe(401);
    expect((await req('GET', '/promotions/mine', fan)).statusCode).toBe(403);
    expect((await req('GET', '/promotions/mine', null)).statusCode).toBe(401);
    expect((await req('POST', `/promotions/${p._id}/end`, other)).statusCode).toBe(404);
    expect((await req('POST', `/promotions/${p._id}/end`, fan)).statusCode).toBe(403);

    const mine = (await req('GET', '/promotions/mine', c)).json().data;
    expect(mine.total).toBe(2);
    expect((await req('GET', '/promotions/mine?type=links', c)).json().data.data.map((x: Promotion) => x._id)).toEqual([link._id]);
    expect((await req('GET', '/promotions/mine', other)).json().data.total).toBe(0);
    // The profile lists campaigns, never links.
    const pub = (await req('GET', `/promotions/performer/${c.user.id}`)).json().data;
    expect(pub.map((x: { _id: string }) => x._id)).toEqual([p._id]);
    expect(pub[0]).toMatchObject({ left: 12, percentage: 50, months: 3 });
    expect(pub[0].code).toBeUndefined();
    // The link's landing page; unknown code 404.
    expect((await req('GET', `/promotions/trial/${link.code}`)).json().data).toMatchObject({ days: 7, left: 3, performer: { _id: c.user.id } });
    expect((await req('GET', '/promotions/trial/ABCDEFGHJK')).statusCode).toBe(404);
    expect((await req('GET', '/promotions/trial/nope')).statusCode).toBe(400);

    const ended = (await req('POST', `/promotions/${p._id}/end`, c)).json().data;
    expect(ended.status).toBe('ended');
    expect((await req('POST', `/promotions/${p._id}/end`, c)).json().data.endedAt).toBe(ended.endedAt);
    expect((await req('GET', `/promotions/performer/${c.user.id}`)).json().data).toEqual([]);
  });
});

describe('checkout', () => {
  it('a new subscriber pays the promoted price; the promotion and a coupon stack (promotion first)', async () => {
    const c = await creator();
    const p = await promote(c, { kind: 'discount', percentage: 50, months: 3 });
    const fan = await fanWithCard();
    const r = await subscribe(fan, c.user.id, { promotionId: p._id });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ isActive: true, price: 9.95 });
    expect(await paid(fan.user.id)).toEqual([497]);
    // A coupon on top: 9.95 − 50 % = 4.97, − 10 % = 4.47.
    await t.ctx.db.insert(coupons).values({ code: 'TEN10', name: 'Ten', percentage: 10 });
    const fan2 = await fanWithCard();
    expect((await subscribe(fan2, c.user.id, { couponCode: 'TEN10' })).statusCode).toBe(200);
    expect(await paid(fan2.user.id)).toEqual([447]);
    const [row] = await t.ctx.db.select().from(promotions).where(eq(promotions.id, p._id));
    expect(row.claimed).toBe(2);
  });

  it('eligibility: new-only skips a fan who subscribed before; expired-only takes them; the best applies', async () => {
    const c = await creator();
    const fan = await fanWithCard();
    expect((await subscribe(fan, c.user.id)).statusCode).toBe(200);
    expect(await paid(fan.user.id)).toEqual([995]);
    await lapse(fan, c.user.id);
    const forNew = await promote(c, { kind: 'discount', percentage: 50, months: 3, audience: 'new' });
    // Asking for the new-subscriber promotion as an expired subscriber: 409, nothing charged.
    expect((await subscribe(fan, c.user.id, { promotionId: forNew._id })).statusCode).toBe(409);
    const back = await promote(c, { kind: 'discount', percentage: 20, months: 1, audience: 'expired' });
    const better = await promote(c, { kind: 'discount', percentage: 30, months: 2, audience: 'both' });
    // Best for the fan among the ones they may claim: 30 % × 2 (60) beats 20 % × 1; the new-only one is not theirs.
    expect((await subscribe(fan, c.user.id, { promotionId: better._id })).statusCode).toBe(200);
    expect(await paid(fan.user.id)).toEqual([995, 696]);
    const newFan = await fanWithCard();
    expect((await subscribe(newFan, c.user.id)).statusCode).toBe(200);
    expect(await paid(newFan.user.id)).toEqual([497]);
    expect((await t.ctx.db.select().from(promotions).where(eq(promotions.id, back._id)))[0].claimed).toBe(0);
  });

  it('the claim count is exact: 13 racing subscribes to a 12-claim promotion → 12 at the promoted price, the 13th refused', async () => {
    const c = await creator();
    const p = await promote(c, { kind: 'discount', percentage: 50, months: 3, maxClaims: 12 });
    const fans = await Promise.all(Array.from({ length: 13 }, () => fanWithCard()));
    const answers = await Promise.all(fans.map((f) => subscribe(f, c.user.id, { promotionId: p._id })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((s) => s === 200)).toHaveLength(12);
    expect(codes.filter((s) => s === 409)).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(promotions).where(eq(promotions.id, p._id));
    expect(row.claimed).toBe(12);
    expect(await t.ctx.db.select().from(promotionClaims).where(eq(promotionClaims.promotionId, p._id))).toHaveLength(12);
    const charged = (await Promise.all(fans.map((f) => paid(f.user.id)))).flat();
    expect(charged).toEqual(Array(12).fill(497));
    // Used up: off the profile, and a 14th fan pays the full price.
    expect((await req('GET', `/promotions/performer/${c.user.id}`)).json().data).toEqual([]);
    const late = await fanWithCard();
    expect((await subscribe(late, c.user.id)).statusCode).toBe(200);
    expect(await paid(late.user.id)).toEqual([995]);
  });

  it('the end date: after it the promotion is gone (a stale promotionId 409, else full price)', async () => {
    const c = await creator();
    const p = await promote(c, { kind: 'discount', percentage: 50, months: 1, endsAt: inDays(2) });
    clock = new Date(clock.getTime() + 3 * 86_400_000);
    const fan = await fanWithCard();
    expect((await subscribe(fan, c.user.id, { promotionId: p._id })).statusCode).toBe(409);
    expect(await paid(fan.user.id)).toEqual([]);
    expect((await subscribe(fan, c.user.id)).statusCode).toBe(200);
    expect(await paid(fan.user.id)).toEqual([995]);
  });

  it('a declined card gives the claim back; the fan is still new and claims it with a good card', async () => {
    const c = await creator();
    const p = await promote(c, { kind: 'discount', percentage: 50, months: 3, maxClaims: 1 });
    const fan = await fanWithCard('4000000000009995');
    expect((await subscribe(fan, c.user.id, { promotionId: p._id })).statusCode).toBe(422);
    expect((await t.ctx.db.select().from(promotions).where(eq(promotions.id, p._id)))[0].claimed).toBe(0);
    expect(await t.ctx.db.select().from(promotionClaims).where(eq(promotionClaims.promotionId, p._id))).toEqual([]);
    const good = await addCard(t, fan);
    const r = await subscribe(fan, c.user.id, { promotionId: p._id, cardId: good._id });
    expect(r.statusCode, r.body).toBe(200);
    expect(await paid(fan.user.id)).toEqual([497]);
    expect((await t.ctx.db.select().from(promotions).where(eq(promotions.id, p._id)))[0].claimed).toBe(1);
  });
});

describe('free trials', () => {
  it('a trial promotion gives its days to the audience it names, with a card, no charge', async () => {
    const c = await creator();
    const p = await promote(c, { kind: 'trial', days: 10, audience: 'both' });
    const fan = await fanWithCard();
    const r = await subscribe(fan, c.user.id, { type: 'free', promotionId: p._id });
    expect(r.statusCode, r.body).toBe(200);
    expect(new Date(r.json().data.expiresAt).getTime()).toBe(clock.getTime() + 10 * 86_400_000);
    expect(await paid(fan.user.id)).toEqual([]);
    // The creator's own trial is off: without a promotion a trial is refused.
    await req('POST', `/promotions/${p._id}/end`, c);
    expect((await subscribe(await fanWithCard(), c.user.id, { type: 'free' })).statusCode).toBe(400);
  });

  it('a trial link: its days to whoever claims it, each fan once, limited by count', async () => {
    const c = await creator();
    const link = await promote(c, { kind: 'trial_link', days: 7, maxClaims: 2 });
    const a = await fanWithCard();
    const r = await subscribe(a, c.user.id, { type: 'free', trialCode: link.code });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ type: 'free', isActive: true });
    expect(new Date(r.json().data.expiresAt).getTime()).toBe(clock.getTime() + 7 * 86_400_000);
    // Once per fan, even after the trial lapsed.
    await lapse(a, c.user.id);
    const again = await subscribe(a, c.user.id, { type: 'free', trialCode: link.code });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already used/);
    // A paid subscribe with a trial code, or a code of another creator: 400.
    expect((await subscribe(a, c.user.id, { trialCode: link.code })).statusCode).toBe(400);
    const other = await creator();
    expect((await subscribe(await fanWithCard(), other.user.id, { type: 'free', trialCode: link.code })).statusCode).toBe(400);
    // An expired subscriber may claim a link too (whoever claims it); the count is the limit.
    const b = await fanWithCard();
    expect((await subscribe(b, c.user.id)).statusCode).toBe(200);
    await lapse(b, c.user.id);
    expect((await subscribe(b, c.user.id, { type: 'free', trialCode: link.code })).statusCode).toBe(200);
    expect((await subscribe(await fanWithCard(), c.user.id, { type: 'free', trialCode: link.code })).statusCode).toBe(409);
    expect((await req('GET', `/promotions/trial/${link.code}`)).statusCode).toBe(404);
    const mine = (await req('GET', '/promotions/mine?type=links', c)).json().data.data as Promotion[];
    expect(mine[0]).toMatchObject({ claimed: 2, left: 0, status: 'used_up' });
  });
});
