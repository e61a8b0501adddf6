// Over 300 lines: the wallet endpoint family end to end (cards, top-ups, tips, pay-per-view unlocks, ownership checks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { paymentTransactionSchema, walletChargeResultSchema } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, enable2fa, type Made, type TestApp, requester } from '../../../test/harness';
import { createFeed } from '../../../test/factories';
import { addCard, expectLedgerBalanced, topUp } from '../../../test/money';
import { walletCharges } from './wallet.tables';
import { purchases } from '../purchases/purchases.tables';
import { earnings } from '../earnings/earnings.tables';
import { paymentTransactions } from '../payments/payments.tables';

let t: TestApp;
let admin: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t?.close();
});

const req = requester(() => t);
const balanceOf = async (who: Made) => (await req('GET', '/users/me', who)).json().data.balance as number;

describe('cards (sandbox gateway)', () => {
  it('saves test cards (first is the default), refuses a declining or unknown number with a field error, removes own cards only', async () => {
    const fan = await createFan(t);
    const other = await createFan(t);
    const c1 = await addCard(t, fan);
    const c2 = await addCard(t, fan, '5555555555554444');
    const list = (await req('GET', '/payment-cards', fan)).json().data;
    expect(list.total).toBe(2);
    expect(list.data.find((c: { _id: string }) => c._id === c1._id)).toMatchObject({ isDefault: true, last4: '4242', brand: 'visa', gateway: 'sandbox' });
    expect(JSON.stringify(list)).not.toContain('4242424242424242');

    const declined = await req('POST', '/sandbox/cards', fan, { number: '4000 0000 0000 0002', expMonth: 1, expYear: 2040, cvc: '123' });
    expect(declined.statusCode).toBe(400);
    expect(declined.json().details[0].field).toBe('number');
    const unknown = await req('POST', '/sandbox/cards', fan, { number: '1234567812345678', expMonth: 1, expYear: 2040, cvc: '123' });
    expect(unknown.statusCode).toBe(400);
    const invalid = await req('POST', '/sandbox/cards', fan, { number: 'abc', expMonth: 13, expYear: 2040, cvc: '1' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['cvc', 'expMonth', 'number']);
    expect((await req('POST', '/stripe/cards', fan, { paymentMethodId: 'pm_123' })).statusCode).toBe(400);

    expect((await req('DELETE', `/payment-cards/${c1._id}`, other)).statusCode).toBe(404);
    expect((await req('DELETE', `/payment-cards/${c1._id}`, fan)).statusCode).toBe(200);
    const after = (await req('GET', '/payment-cards', fan)).json().data.data;
    expect(after.map((c: { _id: string; isDefault: boolean }) => [c._id, c.isDefault])).toEqual([[c2._id, true]]);
    expect((await req('GET', '/payment-cards')).statusCode).toBe(401);
  });
});

describe('POST /payment/wallet/top-up', () => {
  it('credits the wallet when the card is charged, lists the payment, and is exact to the cent', async () => {
    const fan = await createFan(t);
    await addCard(t, fan);
    const r = await req('POST', '/payment/wallet/top-up', fan, { amount: 10.1 });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.balance).toBe(10.1);
    expect(paymentTransactionSchema.parse(r.json().data.transaction)).toMatchObject({ type: 'wallet_topup', status: 'succeeded', amount: 10.1, card: { last4: '4242' } });
    await topUp(t, fan, 20.2);
    expect(await balanceOf(fan)).toBe(30.3);
    const list = (await req('GET', '/payment/transactions/user/search?type=wallet_topup', fan)).json().data;
    expect(list.total).toBe(2);
  });

  it('enforces the wallet limits (400 with a field error) and needs a card', async () => {
    const fan = await createFan(t);
    expect((await req('POST', '/payment/wallet/top-up', fan, { amount: 10 })).statusCode).toBe(422);
    await addCard(t, fan);
    for (const amount of [2.94, 300.01]) {
      const r = await req('POST', '/payment/wallet/top-up', fan, { amount });
      expect(r.statusCode).toBe(400);
      expect(r.json().details[0]).toMatchObject({ field: 'amount' });
    }
    for (const amount of [0, -5, 1.234, 'ten']) expect((await req('POST', '/payment/wallet/top-up', fan, { amount })).statusCode).toBe(400);
    expect((await req('POST', '/payment/wallet/top-up', fan, { amount: 2.95 })).statusCode).toBe(200);
    expect((await req('POST', '/payment/wallet/top-up', fan, { amount: 300 })).statusCode).toBe(200);
    expect(await balanceOf(fan)).toBe(302.95);
  });

  it('a card that fails at charge time → 422 with the reason, a failed payment, and no credit', async () => {
    const fan = await createFan(t);
    await addCard(t, fan, '4000000000000341');
    const r = await req('POST', '/payment/wallet/top-up', fan, { amount: 25 });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toMatch(/declined/i);
    expect(await balanceOf(fan)).toBe(0);
    const [p] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, fan.user.id));
    expect(p).toMatchObject({ status: 'failed', ledgerTransactionId: null });
  });

  it('the same Idempotency-Key twice → one charge and the same answer; another body under that key → 422', async () => {
    const fan = await createFan(t);
    await addCard(t, fan);
    const a = await req('POST', '/payment/wallet/top-up', fan, { amount: 15 }, { 'idempotency-key': 'topup-1' });
    const b = await req('POST', '/payment/wallet/top-up', fan, { amount: 15 }, { 'idempotency-key': 'topup-1' });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(await balanceOf(fan)).toBe(15);
    const [{ n }] = await t.ctx.db.select({ n: count() }).from(paymentTransactions).where(eq(paymentTransactions.userId, fan.user.id));
    expect(n).toBe(1);
    expect((await req('POST', '/payment/wallet/top-up', fan, { amount: 16 }, { 'idempotency-key': 'topup-1' })).statusCode).toBe(422);
    // Keys are per user: another fan may use the same key.
    const other = await createFan(t);
    await addCard(t, other);
    expect((await req('POST', '/payment/wallet/top-up', other, { amount: 15 }, { 'idempotency-key': 'topup-1' })).statusCode).toBe(200);
    expect(await balanceOf(other)).toBe(15);
    expect((await req('POST', '/payment/wallet/top-up', fan, { amount: 15 }, { 'idempotency-key': 'bad key with spaces' })).statusCode).toBe(400);
  });

  it('creators have no wallet to top up (403); anonymous → 401', async () => {
    const creator = await createCreator(t);
    expect((await req('POST', '/payment/wallet/top-up', creator, { amount: 10 })).statusCode).toBe(403);
    expect((await req('POST', '/payment/wallet/top-up', undefined, { amount: 10 })).statusCode).toBe(401);
  });

  it('a fan sees only their own payments', async () => {
    const a = await createFan(t);
    const b = await createFan(t);
    await topUp(t, a, 12, { card: true });
    const list = (await req('GET', '/payment/transactions/user/search', b)).json().data;
    expect(list.total).toBe(0);
    expect((await req('GET', '/wallet/charges/search', b)).json().data.total).toBe(0);
  });
});

describe('tips', () => {
  it('moves the tip from the wallet to the creator (20% commission by default), with the message', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    await topUp(t, fan, 50, { card: true });
    const r = await req('POST', `/wallet/charges/tip/${creator.user.username}`, fan, { price: 12.5, message: 'Great show <b>!</b>' });
    expect(r.statusCode).toBe(200);
    const body = walletChargeResultSchema.parse(r.json().data);
    expect(body.balance).toBe(37.5);
    expect(body.charge).toMatchObject({ type: 'tip', amount: 12.5, description: 'Great show !', performer: { _id: creator.user.id } });
    const [e] = await t.ctx.db.select().from(earnings).where(eq(earnings.performerId, creator.user.id));
    expect(e).toMatchObject({ type: 'tip', gross: 1250, commission: 250, net: 1000, commissionBps: 2000 });
    expect(await balanceOf(creator)).toBe(10);
  });

  it('tip limits → 400; unknown creator → 404; a fan as the target → 404; too little balance → 422 and nothing written', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    const otherFan = await createFan(t);
    await topUp(t, fan, 20, { card: true });
    expect((await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 9.99 })).statusCode).toBe(400);
    expect((await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 10000.01 })).statusCode).toBe(400);
    expect((await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, {})).statusCode).toBe(400);
    expect((await req('POST', '/wallet/charges/tip/nobody-here', fan, { price: 10 })).statusCode).toBe(404);
    expect((await req('POST', `/wallet/charges/tip/${otherFan.user.id}`, fan, { price: 10 })).statusCode).toBe(404);
    const poor = await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 20.01 });
    expect(poor.statusCode).toBe(422);
    expect(poor.json().message).toMatch(/balance is too low/);
    expect(await balanceOf(fan)).toBe(20);
    expect(await t.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, fan.user.id))).toEqual([]);
    expect(await t.ctx.db.select().from(earnings).where(eq(earnings.performerId, creator.user.id))).toEqual([]);
    // Creators cannot spend; anonymous cannot either.
    expect((await req('POST', `/wallet/charges/tip/${creator.user.id}`, creator, { price: 10 })).statusCode).toBe(403);
    expect((await req('POST', `/wallet/charges/tip/${creator.user.id}`, undefined, { price: 10 })).statusCode).toBe(401);
  });

  it('a commission override of 0% means the creator nets 100%; 12.5% is applied exactly; null returns to the default', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    await topUp(t, fan, 100, { card: true });
    expect((await req('PUT', `/admin/performers/${creator.user.id}/commission`, admin, { percentage: 0 })).statusCode).toBe(200);
    await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 10 });
    expect((await req('PUT', `/admin/performers/${creator.user.id}/commission`, admin, { percentage: 12.5 })).statusCode).toBe(200);
    await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 10.01 });
    expect((await req('PUT', `/admin/performers/${creator.user.id}/commission`, admin, { percentage: null })).statusCode).toBe(200);
    await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 10 });
    const rows = await t.ctx.db.select().from(earnings).where(eq(earnings.performerId, creator.user.id)).orderBy(earnings.createdAt);
    expect(rows.map((r) => [r.gross, r.commission, r.net, r.commissionBps])).toEqual([[1000, 0, 1000, 0], [1001, 125, 876, 1250], [1000, 200, 800, 2000]]);
    // Only the operator sets commissions.
    expect((await req('PUT', `/admin/performers/${creator.user.id}/commission`, creator, { percentage: 0 })).statusCode).toBe(403);
    expect((await req('PUT', `/admin/performers/${creator.user.id}/commission`, admin, { percentage: 101 })).statusCode).toBe(400);
  });
});

describe('unlocking a pay-per-view feed', () => {
  it('buys it once: access follows, buying again → 409, own/free/unknown feeds refused', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    await topUp(t, fan, 30, { card: true });
    const feed = await createFeed(t, creator.user.id, { visibility: 'ppv', price: 9.99 });
    const before = (await req('GET', `/user/feeds/${feed.id}`, fan)).json().data;
    expect(before).toMatchObject({ isBought: false, price: 9.99 });
    const r = await req('POST', `/wallet/charges/feed/${feed.id}`, fan);
    expect(r.statusCode).toBe(200);
    expect(r.json().data.balance).toBe(20.01);
    expect((await req('GET', `/user/feeds/${feed.id}`, fan)).json().data).toMatchObject({ isBought: true });
    const again = await req('POST', `/wallet/charges/feed/${feed.id}`, fan);
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(fan)).toBe(20.01);
    const free = await createFeed(t, creator.user.id, { visibility: 'free' });
    expect((await req('POST', `/wallet/charges/feed/${free.id}`, fan)).statusCode).toBe(422);
    expect((await req('POST', '/wallet/charges/feed/0190a0a0-0000-7000-8000-000000000000', fan)).statusCode).toBe(404);
    expect((await req('POST', '/wallet/charges/feed/not-an-id', fan)).statusCode).toBe(400); // malformed id: 400 (issue 8, F5)
    const scheduled = await createFeed(t, creator.user.id, { visibility: 'ppv', price: 5, publishAt: new Date(Date.now() + 3_600_000) });
    expect((await req('POST', `/wallet/charges/feed/${scheduled.id}`, fan)).statusCode).toBe(404);
    expect((await req('POST', `/wallet/charges/video/${feed.id}`, fan)).statusCode).toBe(404); // a feed's id is no video
    expect((await req('POST', `/wallet/charges/stream/${feed.id}`, fan)).statusCode).toBe(404); // nor a stream
    expect((await req('POST', `/wallet/charges/book/${feed.id}`, fan)).statusCode).toBe(400);
    const charges = (await req('GET', '/wallet/charges/search?type=feed', fan)).json().data;
    expect(charges.total).toBe(1);
    expect(charges.data[0]).toMatchObject({ type: 'feed', itemId: feed.id, amount: 9.99 });
  });

  it('50 concurrent unlocks of 50 different feeds with balance for 10 → exactly 10 succeed, balance ends at 0', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    await topUp(t, fan, 50, { card: true });
    const list = await Promise.all(Array.from({ length: 50 }, () => createFeed(t, creator.user.id, { visibility: 'ppv', price: 5 })));
    const results = await Promise.all(list.map((f) => req('POST', `/wallet/charges/feed/${f.id}`, fan)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(40);
    expect(await balanceOf(fan)).toBe(0);
    const [{ n }] = await t.ctx.db.select({ n: count() }).from(purchases).where(eq(purchases.userId, fan.user.id));
    expect(n).toBe(10);
    const [{ m }] = await t.ctx.db.select({ m: count() }).from(walletCharges).where(eq(walletCharges.userId, fan.user.id));
    expect(m).toBe(10);
    await expectLedgerBalanced(t);
  });

  it('20 concurrent unlocks of the same feed → one purchase, one debit', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    await topUp(t, fan, 100, { card: true });
    const feed = await createFeed(t, creator.user.id, { visibility: 'ppv', price: 7.5 });
    const results = await Promise.all(Array.from({ length: 20 }, () => req('POST', `/wallet/charges/feed/${feed.id}`, fan)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await balanceOf(fan)).toBe(92.5);
    expect(await t.ctx.db.select().from(purchases).where(and(eq(purchases.userId, fan.user.id), eq(purchases.itemId, feed.id)))).toHaveLength(1);
  });

  it('the same Idempotency-Key sent 10 times at once → one charge, every answer the same', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    await topUp(t, fan, 40, { card: true });
    const results = await Promise.all(Array.from({ length: 10 }, () => req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 10 }, { 'idempotency-key': 'tip-once' })));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // Anything not replayed was told the first is still running (409) — never a second charge.
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    for (const r of ok) expect(r.json()).toEqual(ok[0].json());
    expect(await balanceOf(fan)).toBe(30);
    const replay = await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 10 }, { 'idempotency-key': 'tip-once' });
    expect(replay.json()).toEqual(ok[0].json());
    expect(await balanceOf(fan)).toBe(30);
  });
});

describe('the sandbox gateway in production', () => {
  it('never runs: without Stripe keys payment calls answer 503 and the site shows no test notice', async () => {
    const prod = await createTestApp({}, { NODE_ENV: 'production' });
    try {
      const fan = await createFan(prod);
      const card = await prod.app.inject({ method: 'POST', url: '/sandbox/cards', headers: fan.auth, payload: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } });
      expect(card.statusCode).toBe(503);
      expect((await prod.app.inject({ method: 'POST', url: '/payment/wallet/top-up', headers: fan.auth, payload: { amount: 10 } })).statusCode).toBe(503);
      expect((await prod.app.inject({ method: 'GET', url: '/settings/public' })).json().data.paymentsSandbox).toBe(false);
      expect((await prod.app.inject({ method: 'GET', url: '/payment-cards', headers: fan.auth })).json().data.total).toBe(0);
    } finally {
      await prod.close();
    }
  });
});

describe('ids in paths, and other people\'s records', () => {
  it('a malformed id is a 400 (never a database error); another fan\'s card cannot be charged', async () => {
    const fan = await createFan(t);
    const other = await createFan(t);
    // 2FA on: payout routes check it before the id (403 otherwise).
    const creator = await enable2fa(t, await createCreator(t));
    const otherCard = await addCard(t, other);
    expect((await req('DELETE', '/payment-cards/not-a-uuid', fan)).statusCode).toBe(400);
    expect((await req('PUT', '/admin/performers/not-a-uuid/commission', admin, { percentage: 5 })).statusCode).toBe(400);
    expect((await req('PUT', '/payout-requests/not-a-uuid', creator, { amount: 60 })).statusCode).toBe(400);
    expect((await req('GET', '/payout-requests/not-a-uuid/view', creator)).statusCode).toBe(400);
    expect((await req('PUT', '/admin/payout-requests/not-a-uuid/status', admin, { status: 'rejected', adminNote: 'x' })).statusCode).toBe(400);
    expect((await req('PUT', '/admin/coupons/not-a-uuid', admin, { name: 'x' })).statusCode).toBe(400);
    // Someone else's saved card: refused on the field, nothing charged.
    const r = await req('POST', '/payment/wallet/top-up', fan, { amount: 10, cardId: otherCard._id });
    expect(r.statusCode).toBe(400);
    expect(r.json().details[0].field).toBe('cardId');
    const s = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly', cardId: otherCard._id });
    expect(s.statusCode).toBe(400);
    expect(await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, fan.user.id))).toEqual([]);
    // Coupons are the operator's.
    expect((await req('GET', '/admin/coupons', fan)).statusCode).toBe(403);
    expect((await req('PUT', '/admin/coupons/0190a0a0-0000-7000-8000-000000000000', fan, { name: 'x' })).statusCode).toBe(403);
    expect((await req('DELETE', '/admin/coupons/0190a0a0-0000-7000-8000-000000000000', creator)).statusCode).toBe(403);
  });
});
