// Over 300 lines: creator referrals end to end against one app — sign-up through a link, every kind of sale paying the share, the window, void and off, refunds and disputes taking it back, access.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { adminReferralSchema, myReferralsSchema } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, multipart, type Made, type TestApp, requester } from '../../../test/harness';
import { addCard, expectLedgerBalanced, topUp } from '../../../test/money';
import { createFeed } from '../../../test/factories';
import { createAddress, createProduct } from '../../../test/shop';
import { auditLog } from '../../platform/audit.tables';
import { earnings } from '../earnings/earnings.tables';
import { SITE, earningsAccount } from '../ledger/ledger.service';
import { paymentTransactions } from '../payments/payments.tables';
import { addMonths } from './referrals.service';
import { referrals } from './referrals.tables';

let t: TestApp;
let admin: Made;
const realNow = () => new Date();
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterEach(async () => {
  t.ctx.clock.now = realNow;
  await expectLedgerBalanced(t);
});
afterAll(async () => {
  await t?.close();
});

const req = requester(() => t);
const earningsOf = (who: Made) => t.ctx.ledger.balance(t.ctx.db, earningsAccount(who.user.id));
const commission = () => t.ctx.ledger.balance(t.ctx.db, SITE.commission);
async function setSetting(key: string, value: unknown) {
  const r = await req('PUT', `/admin/settings/${key}`, admin, { value });
  expect(r.statusCode, r.body).toBe(200);
}
/** A referrer and a creator who signed up through their code (the real attach, in a transaction like the sign-up's). */
async function referredPair(): Promise<{ referrer: Made; referred: Made }> {
  const referrer = await createCreator(t);
  const referred = await createCreator(t);
  const code = await t.ctx.referrals.codeFor(referrer.user.id);
  await t.ctx.db.transaction((tx) => t.ctx.referrals.attach(tx, referred.user.id, code));
  return { referrer, referred };
}
async function tip(fan: Made, creator: Made, price: number) {
  const r = await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price });
  expect(r.statusCode, r.body).toBe(200);
}
async function fanWith(amount: number): Promise<Made> {
  const fan = await createFan(t);
  await topUp(t, fan, amount, { card: true });
  return fan;
}
async function latestPayment(who: Made) {
  const [p] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, who.user.id)).orderBy(desc(paymentTransactions.createdAt)).limit(1);
  return p!;
}
async function subscribedAt(creator: Made, monthlyPrice: number) {
  expect((await req('PUT', '/performers/subscription-settings', creator, { monthlyPrice, freeSubscriptionEnabled: false })).statusCode).toBe(200);
  const fan = await createFan(t);
  await addCard(t, fan);
  const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly' });
  expect(r.statusCode, r.body).toBe(200);
  return { fan, payment: await latestPayment(fan) };
}
const referralRows = (referrer: Made) => t.ctx.db.select().from(earnings).where(and(eq(earnings.performerId, referrer.user.id), eq(earnings.type, 'referral'))).orderBy(earnings.createdAt);

describe('the share (unit-level rules through the service)', () => {
  it('adds calendar months, the last day when the month is shorter', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-03-15T00:00:00Z'), 12).toISOString()).toBe('2027-03-15T00:00:00.000Z');
  });
});

describe("a referred creator's sales pay the referrer", () => {
  it('a tip: share × the commission out of the site commission, in the sale\'s own movement, as a referral earning', async () => {
    const { referrer, referred } = await referredPair();
    const fan = await fanWith(100);
    const before = await commission();
    await tip(fan, referred, 30); // 3000: commission 600 (20%), share 10% → 60
    expect(await earningsOf(referred)).toBe(2400);
    expect(await earningsOf(referrer)).toBe(60);
    expect(await commission()).toBe(before + 540);
    const [row] = await referralRows(referrer);
    expect(row).toMatchObject({ type: 'referral', userId: referred.user.id, gross: 0, commission: -60, net: 60, tax: 0, commissionBps: 1000 });
    const [sale] = await t.ctx.db.select().from(earnings).where(eq(earnings.performerId, referred.user.id));
    expect(sale!.ledgerTransactionId).toBe(row!.ledgerTransactionId);
    expect(sale).toMatchObject({ gross: 3000, commission: 600, net: 2400 });

    // The referrer's pages: the referral page's line and total, the earnings list's "referral" line.
    const mine = myReferralsSchema.strict().parse((await req('GET', '/referrals/me', referrer)).json().data);
    expect(mine).toMatchObject({ enabled: true, sharePercentage: 10, months: 12, earned: 0.6, total: 1 });
    expect(mine.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(mine.data[0]).toMatchObject({ referred: { _id: referred.user.id }, status: 'active', earned: 0.6 });
    const list = (await req('GET', '/performer/earning/search?type=referral', referrer)).json().data;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ type: 'referral', kind: 'sale', net: 0.6, user: { _id: referred.user.id } });
  });

  it('a purchase (pay-per-view post): the share is rounded down (floor) and never exceeds the commission', async () => {
    await setSetting('referralSharePercentage', 33.33);
    try {
      const { referrer, referred } = await referredPair();
      const fan = await fanWith(30);
      const feed = await createFeed(t, referred.user.id, { visibility: 'ppv', price: 9.99 });
      const before = await commission();
      expect((await req('POST', `/wallet/charges/feed/${feed.id}`, fan)).statusCode).toBe(200);
      // 999: commission 199.8 → 200 (half up); 200 × 33.33% = 66.66 → 66.
      expect(await earningsOf(referrer)).toBe(66);
      expect(await commission()).toBe(before + 134);
      expect(await earningsOf(referred)).toBe(799);
    } finally {
      await setSetting('referralSharePercentage', 10);
    }
  });

  it('a card subscription, disputed and won: the share is held back with the sale and given back with it, once each', async () => {
    const { referrer, referred } = await referredPair();
    const { payment } = await subscribedAt(referred, 10); // 1000: commission 200, share 20
    expect(await earningsOf(referrer)).toBe(20);
    expect(await earningsOf(referred)).toBe(800);
    const d = await req('POST', '/admin/sandbox/disputes', admin, { paymentId: payment.id });
    expect(d.statusCode, d.body).toBe(200);
    expect(await earningsOf(referrer)).toBe(0);
    expect(await earningsOf(referred)).toBe(0);
    const won = await req('POST', '/admin/sandbox/disputes', admin, { paymentId: payment.id, outcome: 'won' });
    expect(won.statusCode, won.body).toBe(200);
    expect(await earningsOf(referrer)).toBe(20);
    expect(await earningsOf(referred)).toBe(800);
    expect((await referralRows(referrer)).map((r) => r.net)).toEqual([20, -20, 20]);
  });

  it('partial refunds to the card take the share back in proportion, adding up to it exactly', async () => {
    const { referrer, referred } = await referredPair();
    const { payment } = await subscribedAt(referred, 9.99); // 999: commission 200, share 20
    expect(await earningsOf(referrer)).toBe(20);
    const first = await req('POST', `/admin/payments/${payment.id}/refunds`, admin, { amount: 3.33, reason: 'Partly unhappy' });
    expect(first.statusCode, first.body).toBe(200);
    expect(await earningsOf(referrer)).toBe(13); // 20 − round(20 × 333 / 999) = 20 − 7
    const rest = await req('POST', `/admin/payments/${payment.id}/refunds`, admin, { amount: 6.66, reason: 'The rest' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await earningsOf(referrer)).toBe(0);
    expect(await earningsOf(referred)).toBe(0);
  });

  it("a wallet sale's refund (an order refunded) takes the whole share back once", async () => {
    const { referrer, referred } = await referredPair();
    const fan = await fanWith(50);
    const addr = await createAddress(t, fan);
    const product = await createProduct(t, referred.user.id, { price: 10, stock: 5, shippingFee: 0 });
    const bought = await req('POST', `/wallet/charges/product/${product.id}`, fan, { quantity: 1, deliveryAddressId: addr._id });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await earningsOf(referrer)).toBe(20);
    const before = await commission();
    const order = bought.json().data.order;
    const refunded = await req('PUT', `/orders/${order._id}/update`, referred, { deliveryStatus: 'refunded' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await earningsOf(referrer)).toBe(0);
    expect(await commission()).toBe(before - 180);
    expect((await req('PUT', `/orders/${order._id}/update`, referred, { deliveryStatus: 'refunded' })).statusCode).toBe(409);
    expect(await earningsOf(referrer)).toBe(0);
    expect((await referralRows(referrer)).map((r) => [r.net, r.commission])).toEqual([[20, -20], [-20, 20]]);
  });
});

describe('when a sale pays nothing', () => {
  it('after the window, when voided, when referrals are off, and for a creator nobody referred', async () => {
    const { referrer, referred } = await referredPair();
    const fan = await fanWith(200);
    const [r] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredId, referred.user.id));
    expect(r!.endsAt.toISOString()).toBe(addMonths(r!.startsAt, 12).toISOString());

    t.ctx.clock.now = () => new Date(r!.endsAt.getTime());
    await tip(fan, referred, 10);
    expect(await earningsOf(referrer)).toBe(0);
    t.ctx.clock.now = () => new Date(r!.endsAt.getTime() - 1000);
    await tip(fan, referred, 10);
    expect(await earningsOf(referrer)).toBe(20);
    t.ctx.clock.now = realNow;

    await setSetting('referralsEnabled', false);
    try {
      await tip(fan, referred, 10);
      expect(await earningsOf(referrer)).toBe(20);
      expect((await req('GET', '/referrals/me', referrer)).json().data).toMatchObject({ code: null, enabled: false });
    } finally {
      await setSetting('referralsEnabled', true);
    }

    const v = await req('POST', `/admin/referrals/${r!.id}/void`, admin, { reason: 'Self-dealing accounts' });
    expect(v.statusCode, v.body).toBe(200);
    expect(adminReferralSchema.strict().parse(v.json().data)).toMatchObject({ status: 'voided', voidReason: 'Self-dealing accounts', earned: 0.2, referrer: { _id: referrer.user.id } });
    await tip(fan, referred, 10);
    expect(await earningsOf(referrer)).toBe(20); // what was paid stays, nothing more
    const [audit] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'referral.void'), eq(auditLog.targetId, r!.id)));
    expect(audit).toMatchObject({ actorId: admin.user.id, reason: 'Self-dealing accounts' });
    expect((await req('POST', `/admin/referrals/${r!.id}/void`, admin, { reason: 'Again please' })).statusCode).toBe(422);

    const lone = await createCreator(t);
    const before = await commission();
    await tip(fan, lone, 10);
    expect(await commission()).toBe(before + 200);
  });
});

describe('signing up through a link', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
  let n = 0;
  const register = (o: Record<string, string>) => {
    n++;
    const id = `ref${n}${Date.now().toString(36)}`;
    const body = multipart(
      { firstName: 'Rita', lastName: 'Ref', username: id, email: `${id}@x.test`, password: 'stage-pass-77', gender: 'female', dateOfBirth: '1995-04-03', country: 'fr', ageConfirmed: 'true', acceptTerms: 'true', ...o },
      [{ field: 'idVerification', filename: 'id.png', content: png, type: 'image/png' }, { field: 'documentVerification', filename: 'doc.png', content: png, type: 'image/png' }],
    );
    return t.app.inject({ method: 'POST', url: '/auth/performers/register', payload: body.payload, headers: body.headers });
  };

  it('links a new creator to the code\'s owner; an unknown code is ignored; the code check names the referrer', async () => {
    const referrer = await createCreator(t);
    const code = await t.ctx.referrals.codeFor(referrer.user.id);
    expect(await t.ctx.referrals.codeFor(referrer.user.id)).toBe(code);
    const info = await req('GET', `/referrals/code/${code.toLowerCase()}`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data.referrer.username).toBe(referrer.user.username);
    expect((await req('GET', '/referrals/code/ZZZZZZZZ')).statusCode).toBe(404);
    expect((await req('GET', '/referrals/code/nope')).statusCode).toBe(400);

    const res = await register({ referralCode: code });
    expect(res.statusCode, res.body).toBe(201);
    const newId = res.json().data.user._id;
    const [row] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredId, newId));
    expect(row).toMatchObject({ referrerId: referrer.user.id, voidedAt: null });

    const unknown = await register({ referralCode: 'ZZZZZZZZ' });
    expect(unknown.statusCode, unknown.body).toBe(201);
    expect(await t.ctx.db.select().from(referrals).where(eq(referrals.referredId, unknown.json().data.user._id))).toEqual([]);

    // One referrer per referred creator: a second attach changes nothing.
    const other = await createCreator(t);
    const otherCode = await t.ctx.referrals.codeFor(other.user.id);
    await t.ctx.db.transaction((tx) => t.ctx.referrals.attach(tx, newId, otherCode));
    const rows = await t.ctx.db.select().from(referrals).where(eq(referrals.referredId, newId));
    expect(rows.map((r) => r.referrerId)).toEqual([referrer.user.id]);
    // Never oneself (the database refuses it too).
    await t.ctx.db.transaction((tx) => t.ctx.referrals.attach(tx, referrer.user.id, code));
    expect(await t.ctx.db.select().from(referrals).where(eq(referrals.referredId, referrer.user.id))).toEqual([]);
    await expect(t.ctx.db.execute(sql`insert into referrals (id, referrer_id, referred_id, starts_at, ends_at) values (gen_random_uuid(), ${referrer.user.id}, ${referrer.user.id}, now(), now())`)).rejects.toThrow();
  });
});

describe('access and validation', () => {
  it('the referral page is a creator\'s, the list and void an operator\'s; bad input → 400', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    expect((await req('GET', '/referrals/me')).statusCode).toBe(401);
    expect((await req('GET', '/referrals/me', fan)).statusCode).toBe(403);
    expect((await req('GET', '/admin/referrals', creator)).statusCode).toBe(403);
    expect((await req('GET', '/admin/referrals', fan)).statusCode).toBe(403);
    const { referred } = await referredPair();
    const [r] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredId, referred.user.id));
    expect((await req('POST', `/admin/referrals/${r!.id}/void`, creator, { reason: 'Not mine to void' })).statusCode).toBe(403);
    expect((await req('POST', `/admin/referrals/${r!.id}/void`, admin, { reason: '' })).statusCode).toBe(400);
    expect((await req('POST', '/admin/referrals/0190a0a0-0000-7000-8000-000000000000/void', admin, { reason: 'No such one' })).statusCode).toBe(404);
    const list = await req('GET', `/admin/referrals?status=active&q=${encodeURIComponent(referred.user.username!)}`, admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.data.map((x: { _id: string }) => x._id)).toEqual([r!.id]);
    for (const [key, value] of [['referralSharePercentage', 101], ['referralMonths', 0], ['referralMonths', 1.5]] as const) {
      expect((await req('PUT', `/admin/settings/${key}`, admin, { value })).statusCode).toBe(400);
    }
  });
});
