import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { MESSAGES, TWO_FACTOR_MESSAGES, adminPaymentSchema, paymentRefundSchema } from '@stagepass/shared';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, enable2fa, giveTaxDetails, type Made, type TestApp, requester } from '../../../test/harness';
import { addCard, expectLedgerBalanced, topUp } from '../../../test/money';
import { auditLog } from '../../platform/audit.tables';
import { earningsAccount, wallet } from '../ledger/ledger.service';
import { ledgerTransactions } from '../ledger/ledger.tables';
import { paymentRefunds } from './disputes.tables';
import { paymentTransactions } from './payments.tables';

/** Refunds to the card through the sandbox gateway (payments README "Refunds to the card"). */
let t: TestApp;
let admin: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterEach(async () => {
  await expectLedgerBalanced(t);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const req = requester(() => t);
const refund = (paymentId: string, body: Record<string, unknown>, headers: Record<string, string> = {}, who: Made = admin) => req('POST', `/admin/payments/${paymentId}/refunds`, who, body, headers);
const walletOf = (who: Made) => t.ctx.ledger.balance(t.ctx.db, wallet(who.user.id));
const earningsOf = (who: Made) => t.ctx.ledger.balance(t.ctx.db, earningsAccount(who.user.id));
async function latestPayment(who: Made) {
  const [p] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, who.user.id)).orderBy(desc(paymentTransactions.createdAt)).limit(1);
  return p!;
}
async function detail(paymentId: string) {
  const r = await req('GET', `/admin/payments/${paymentId}`, admin);
  expect(r.statusCode, r.body).toBe(200);
  return adminPaymentSchema.strict().parse(r.json().data);
}
const refundMoves = async (paymentId: string) => {
  const ids = (await t.ctx.db.select({ id: paymentRefunds.id }).from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId))).map((r) => r.id);
  const out: string[] = [];
  for (const id of ids) out.push(...(await t.ctx.db.select({ r: ledgerTransactions.reference }).from(ledgerTransactions).where(like(ledgerTransactions.reference, `%:${id}%`))).map((x) => x.r.split(':')[0]!));
  return out.sort();
};
async function creatorAt(monthlyPrice: number): Promise<Made> {
  const c = await createCreator(t);
  const r = await req('PUT', '/performers/subscription-settings', c, { monthlyPrice, freeSubscriptionEnabled: false });
  expect(r.statusCode, r.body).toBe(200);
  return c;
}
async function subscribed(creator: Made) {
  const fan = await createFan(t);
  await addCard(t, fan);
  const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly' });
  expect(r.statusCode, r.body).toBe(200);
  return { fan, payment: await latestPayment(fan) };
}

describe('refunding a wallet top-up', () => {
  it("only what is left of it and no more than the wallet holds, from the wallet; audited; nothing when spent", async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await topUp(t, fan, 100, { card: true });
    expect((await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price: 30 })).statusCode).toBe(200);
    const p = await latestPayment(fan);
    expect(await detail(p.id)).toMatchObject({ refundable: 70, refundedAmount: 0, refundBlockedBy: null, refunds: [], disputes: [] });

    const tooMuch = await refund(p.id, { amount: 80, reason: 'Charged twice' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().details).toEqual([{ field: 'amount', message: expect.stringMatching(/holds only 70\.00/) }]);
    expect((await refund(p.id, { amount: 10 })).statusCode).toBe(400); // a reason is required
    expect((await refund(p.id, { amount: -1, reason: 'x'.repeat(5) })).statusCode).toBe(400);

    const part = await refund(p.id, { amount: 20, reason: 'Charged twice' });
    expect(part.statusCode, part.body).toBe(200);
    expect(paymentRefundSchema.strict().parse(part.json().data)).toMatchObject({ amount: 20, status: 'succeeded', reason: 'Charged twice', gateway: 'sandbox', createdBy: { _id: admin.user.id } });
    expect(part.json().data.gatewayRef).toMatch(/^sbx_re_/);
    expect(await walletOf(fan)).toBe(5000);
    // No amount: all that can be refunded (the wallet's 50, though 80 of the top-up is left).
    const rest = await refund(p.id, { reason: 'Account closed' });
    expect(rest.json().data).toMatchObject({ amount: 50, status: 'succeeded' });
    expect(await walletOf(fan)).toBe(0);
    expect(await detail(p.id)).toMatchObject({ status: 'succeeded', refundedAmount: 70, refundable: 0, refundBlockedBy: expect.stringMatching(/wallet is empty/) });
    const empty = await refund(p.id, { reason: 'Once more' });
    expect(empty.statusCode).toBe(409);
    expect(await earningsOf(creator)).toBe(2400); // the tip stands
    expect(await refundMoves(p.id)).toEqual(['card_refund', 'card_refund']);
    const audits = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.targetId, p.id)));
    expect(audits.map((a) => (a.after as { amount: number }).amount).sort()).toEqual([20, 50]);
  });

  it('a refund in full marks the payment refunded; the Idempotency-Key replays it (same body) or refuses another body', async () => {
    const fan = await createFan(t);
    await topUp(t, fan, 25, { card: true });
    const p = await latestPayment(fan);
    const first = await refund(p.id, { reason: 'Changed their mind' }, { 'idempotency-key': 'refund-key-1' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await refund(p.id, { reason: 'Changed their mind' }, { 'idempotency-key': 'refund-key-1' });
    expect(again.json()).toEqual(first.json());
    expect((await refund(p.id, { reason: 'Other' }, { 'idempotency-key': 'refund-key-1' })).statusCode).toBe(422);
    expect(await detail(p.id)).toMatchObject({ status: 'refunded', refundedAmount: 25, refundable: 0, refundBlockedBy: 'This payment has been refunded in full' });
    expect(await t.ctx.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, p.id))).toHaveLength(1);
    expect(await walletOf(fan)).toBe(0);
  });

  it('two refunds of one charge at once: they queue on the payment — never more than is left, each moves the ledger once', async () => {
    const fan = await createFan(t);
    await topUp(t, fan, 100, { card: true });
    const p = await latestPayment(fan);
    const both = await Promise.all([refund(p.id, { amount: 60, reason: 'Operator one' }), refund(p.id, { amount: 60, reason: 'Operator two' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const full = await Promise.all([refund(p.id, { reason: 'Operator one' }), refund(p.id, { reason: 'Operator two' })]);
    expect(full.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await walletOf(fan)).toBe(0);
    expect(await refundMoves(p.id)).toEqual(['card_refund', 'card_refund']);
    expect((await latestPayment(fan)).refundedAmount).toBe(10_000);
  });
});

describe('refunding a subscription period', () => {
  it("takes back the creator's share and the commission (a negative earnings line), even when paid out; in full the subscription ends at once, in part it stays", async () => {
    const creator = await creatorAt(100);
    const a = await subscribed(creator);
    const b = await subscribed(creator);
    expect(await earningsOf(creator)).toBe(16_000);

    const partial = await refund(a.payment.id, { amount: 25, reason: 'Service outage' });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(await earningsOf(creator)).toBe(14_000);
    const lines = (await req('GET', '/performer/earning/search?limit=10', creator)).json().data.data as Array<{ kind: string; gross: number; net: number; commission: number }>;
    expect(lines.find((l) => l.kind === 'refund')).toMatchObject({ gross: -25, net: -20, commission: -5 });

    const full = await refund(b.payment.id, { reason: 'Never used it' });
    expect(full.json().data).toMatchObject({ amount: 100, status: 'succeeded' });
    // The rest of the partly refunded one: the shares add up to the sale exactly.
    expect((await refund(a.payment.id, { reason: 'Goodwill' })).json().data).toMatchObject({ amount: 75 });
    expect(await earningsOf(creator)).toBe(0);
    await t.ctx.queue.drain();
    const subOf = async (fan: Made) => (await req('GET', '/subscriptions/user/search', fan)).json().data.data[0];
    expect(await subOf(b.fan)).toMatchObject({ status: 'expired', isActive: false });
    // a's latest period was refunded in full too (in two steps): ended.
    expect(await subOf(a.fan)).toMatchObject({ status: 'expired' });

    const c = await subscribed(creator);
    expect((await refund(c.payment.id, { amount: 10, reason: 'Partial' })).statusCode).toBe(200);
    await t.ctx.queue.drain();
    expect(await subOf(c.fan)).toMatchObject({ status: 'active', isActive: true });
  });

  it("a creator whose earnings were paid out still sees the refund: earnings below zero, no payout until sales cover it", async () => {
    const creator = await enable2fa(t, await creatorAt(100));
    await giveTaxDetails(t, creator);
    const { payment } = await subscribed(creator);
    const asked = await req('POST', '/payout-requests', creator, { amount: 80 });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await req('PUT', `/admin/payout-requests/${asked.json().data._id}/status`, admin, { status: 'paid', method: 'manual' })).statusCode).toBe(200);
    expect((await refund(payment.id, { reason: 'Fraud' })).statusCode).toBe(200);
    expect(await earningsOf(creator)).toBe(-8000);
    expect((await req('POST', '/payout-requests/calculate', creator)).json().data.available).toBe(0);
  });
});

describe('refusals', () => {
  it('a disputed payment cannot be refunded (409) until the dispute is won', async () => {
    const fan = await createFan(t);
    await topUp(t, fan, 40, { card: true });
    const p = await latestPayment(fan);
    expect((await req('POST', '/admin/sandbox/disputes', admin, { paymentId: p.id })).statusCode).toBe(200);
    const blocked = await refund(p.id, { reason: 'Trying anyway' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toMatch(/disputed/);
    expect((await detail(p.id)).refundBlockedBy).toMatch(/disputed/);
    expect((await req('POST', '/admin/sandbox/disputes', admin, { paymentId: p.id, outcome: 'won' })).statusCode).toBe(200);
    expect((await refund(p.id, { amount: 5, reason: 'After the dispute' })).statusCode).toBe(200);
    // The fan's pause is over as well.
    expect((await req('POST', '/payment/wallet/top-up', fan, { amount: 5 })).json().message).not.toBe(MESSAGES.spendingPaused);
  });

  it('unknown or unpaid payments; fans, creators and operators without 2FA are refused on every route', async () => {
    const [fan, creator, bare] = await Promise.all([createFan(t), createCreator(t), createAdminWithout2fa(t)]);
    expect((await refund(fan.user.id, { reason: 'Nope nope' })).statusCode).toBe(404);
    expect((await req('GET', `/admin/payments/${fan.user.id}`, admin)).statusCode).toBe(404);
    expect((await req('GET', '/admin/payments/not-an-id', admin)).statusCode).toBe(400);
    await addCard(t, fan, '4000000000000341');
    expect((await req('POST', '/payment/wallet/top-up', fan, { amount: 10 })).statusCode).toBe(422);
    const failed = await latestPayment(fan);
    expect((await refund(failed.id, { reason: 'Nothing was paid' })).statusCode).toBe(409);
    for (const [method, url, body] of [['GET', '/admin/payments'], ['GET', `/admin/payments/${failed.id}`], ['POST', `/admin/payments/${failed.id}/refunds`, { reason: 'Not mine' }]] as Array<[Method, string, unknown?]>) {
      for (const who of [fan, creator, bare]) expect((await req(method, url, who, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await req(method, url, bare, body)).json().message).toBe(TWO_FACTOR_MESSAGES.adminRequired);
    }
  });

  it('the operator lists card payments (filters, refunded and disputed marks)', async () => {
    const fan = await createFan(t);
    await topUp(t, fan, 30, { card: true });
    await topUp(t, fan, 20);
    const p = await latestPayment(fan);
    expect((await refund(p.id, { amount: 5, reason: 'Partial' })).statusCode).toBe(200);
    const list = (await req('GET', `/admin/payments?userId=${fan.user.id}&type=wallet_topup&sortBy=amount&sort=asc`, admin)).json().data;
    expect(list.total).toBe(2);
    expect(list.data.map((x: { amount: number; refundedAmount: number; disputed: boolean; fan: { _id: string } }) => [x.amount, x.refundedAmount, x.disputed, x.fan._id])).toEqual([[20, 5, false, fan.user.id], [30, 0, false, fan.user.id]]);
    expect((await req('GET', `/admin/payments?userId=${fan.user.id}&status=refunded`, admin)).json().data.total).toBe(0);
    expect((await req('GET', '/admin/payments?status=nope', admin)).statusCode).toBe(400);
  });
});
