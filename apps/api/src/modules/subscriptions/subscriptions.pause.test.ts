import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { addCard, expectLedgerBalanced, topUp } from '../../../test/money';
import { domainEvents } from '../../platform/events.tables';
import { disputes } from '../payments/disputes.tables';
import { paymentTransactions } from '../payments/payments.tables';
import { subscriptions } from './subscriptions.tables';
import { SPENDING_PAUSED_REASON } from './subscriptions.renewals';

/**
 * The spending pause and renewals (payments README "Disputes", README "Renewals"): a fan with an
 * open dispute is charged no renewal — their subscriptions lapse at the end of the paid period.
 */
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

const req = (method: 'GET' | 'POST' | 'PUT', url: string, who: Made, payload?: unknown) => t.app.inject({ method, url, headers: who.auth, ...(payload !== undefined ? { payload: payload as object } : {}) });
const subOf = async (fan: Made) => (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, fan.user.id)))[0]!;
const paymentsOf = async (fan: Made) => t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, fan.user.id)).orderBy(desc(paymentTransactions.createdAt));

/** A fan subscribed by card (sandbox) to a creator at 9 a month, with a 20 top-up too. */
async function subscribedFan(creator: Made): Promise<Made> {
  const fan = await createFan(t);
  await addCard(t, fan);
  expect((await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly' })).statusCode).toBe(200);
  await topUp(t, fan, 20);
  return fan;
}

describe('renewals while spending is paused', () => {
  it('a dispute opens: renewal is switched off (access to the end of the period), the period ends without a charge; the fan subscribes again after it closes', async () => {
    const creator = await createCreator(t);
    expect((await req('PUT', '/performers/subscription-settings', creator, { monthlyPrice: 9, freeSubscriptionEnabled: false })).statusCode).toBe(200);
    const fan = await subscribedFan(creator);
    const [topUpPayment] = await paymentsOf(fan);
    const opened = await req('POST', '/admin/sandbox/disputes', admin, { paymentId: topUpPayment!.id });
    expect(opened.statusCode, opened.body).toBe(200);
    await t.ctx.queue.drain();
    const cancelled = await subOf(fan);
    expect(cancelled).toMatchObject({ status: 'cancelled' });
    expect((await req('GET', '/subscriptions/user/search', fan)).json().data.data[0]).toMatchObject({ isActive: true });

    const paid = (await paymentsOf(fan)).length;
    t.ctx.clock.now = () => new Date(cancelled.expiresAt.getTime() + 60_000);
    await t.ctx.subscriptions.renewDue();
    expect(await subOf(fan)).toMatchObject({ status: 'expired' });
    expect(await paymentsOf(fan)).toHaveLength(paid);
    t.ctx.clock.now = realNow;

    // Closed (won): spending resumes and the fan may subscribe again.
    expect((await req('POST', '/admin/sandbox/disputes', admin, { paymentId: topUpPayment!.id, outcome: 'won' })).statusCode).toBe(200);
    const again = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly' });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('the renewal sweep itself checks the pause: a due subscription of a paused fan lapses with the reason, no charge is made', async () => {
    const creator = await createCreator(t);
    const fan = await subscribedFan(creator);
    const [topUpPayment] = await paymentsOf(fan);
    // A dispute recorded but its event not handled yet (the handler switches renewal off; the sweep must not race it into a charge).
    const now = new Date();
    await t.ctx.db.insert(disputes).values({ paymentId: topUpPayment!.id, userId: fan.user.id, gateway: 'sandbox', gatewayRef: `sbx_dp_test_${fan.user.id}`, amount: 100, currency: 'usd', reason: 'fraudulent', status: 'needs_response', createdAt: now, updatedAt: now });
    const sub = await subOf(fan);
    expect(sub.status).toBe('active');
    const paid = (await paymentsOf(fan)).length;
    t.ctx.clock.now = () => new Date(sub.expiresAt.getTime() + 60_000);
    await t.ctx.subscriptions.renewDue();
    expect(await subOf(fan)).toMatchObject({ status: 'expired' });
    expect(await paymentsOf(fan)).toHaveLength(paid);
    const [event] = await t.ctx.db.select().from(domainEvents).where(and(eq(domainEvents.type, 'subscription.expired'), sql`${domainEvents.payload}->>'subscriptionId' = ${sub.id}`));
    expect(event?.payload.reason).toBe(SPENDING_PAUSED_REASON);
    await t.ctx.db.delete(disputes).where(and(eq(disputes.userId, fan.user.id), eq(disputes.gatewayRef, `sbx_dp_test_${fan.user.id}`)));
  });
});
