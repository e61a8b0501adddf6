import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { reconciliationMismatchSchema, reconciliationRunSchema } from '@stagepass/shared';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, type Made, type TestApp, requester } from '../../../test/harness';
import { addCard, expectLedgerBalanced, topUp } from '../../../test/money';
import { auditLog } from '../../platform/audit.tables';
import { ledgerEntries, ledgerTransactions } from '../ledger/ledger.tables';
import { disputes } from './disputes.tables';
import { paymentTransactions } from './payments.tables';
import { reconciliationRuns, sandboxBalanceTransactions } from './reconciliation.tables';

/**
 * Reconciliation on the sandbox gateway (payments README "Reconciliation"): its own books, written
 * with each charge, refund and dispute step, against the ledger — a clean day has no mismatch; a
 * tampered gateway record or ledger movement is listed with what to do; runs are versioned per
 * period and never run twice at once.
 */
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

const req = requester(() => t);
const today = () => t.ctx.clock.now().toISOString().slice(0, 10);
async function reconcile(fromDate = today(), toDate = fromDate) {
  const r = await req('POST', '/admin/reconciliation/runs', admin, { fromDate, toDate });
  expect(r.statusCode, r.body).toBe(200);
  return reconciliationRunSchema.strict().parse(r.json().data);
}
async function mismatchesOf(runId: string) {
  const r = await req('GET', `/admin/reconciliation/runs/${runId}/mismatches?limit=100`, admin);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().data.data as unknown[]).map((m) => reconciliationMismatchSchema.strict().parse(m));
}
async function latestPayment(who: Made) {
  const [p] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, who.user.id)).orderBy(desc(paymentTransactions.createdAt)).limit(1);
  return p!;
}

/** A day of money through the sandbox: top-ups, a tip, a subscription, a partial refund, an open dispute and a won one. */
async function busyDay() {
  const creator = await createCreator(t);
  expect((await req('PUT', '/performers/subscription-settings', creator, { monthlyPrice: 12, freeSubscriptionEnabled: false })).statusCode).toBe(200);
  const ann = await createFan(t);
  await topUp(t, ann, 50, { card: true });
  expect((await req('POST', `/wallet/charges/tip/${creator.user.id}`, ann, { price: 10 })).statusCode).toBe(200);
  const annTopUp = await latestPayment(ann);
  const bob = await createFan(t);
  await addCard(t, bob);
  expect((await req('POST', '/payment/subscribe/performers', bob, { performerId: creator.user.id, type: 'monthly' })).statusCode).toBe(200);
  const bobPeriod = await latestPayment(bob);
  const refund = await req('POST', `/admin/payments/${annTopUp.id}/refunds`, admin, { amount: 5, reason: 'Goodwill' });
  expect(refund.statusCode, refund.body).toBe(200);
  const open = await req('POST', '/admin/sandbox/disputes', admin, { paymentId: bobPeriod.id, reason: 'fraudulent' });
  expect(open.statusCode, open.body).toBe(200);
  const cara = await createFan(t);
  await topUp(t, cara, 20, { card: true });
  const won = await req('POST', '/admin/sandbox/disputes', admin, { paymentId: (await latestPayment(cara)).id, reason: 'duplicate', outcome: 'won' });
  expect(won.statusCode, won.body).toBe(200);
  return { ann, annTopUp, bob, bobPeriod, cara, disputeId: open.json().data._id as string };
}

describe('reconciliation on the sandbox', () => {
  let day: Awaited<ReturnType<typeof busyDay>>;
  beforeAll(async () => {
    day = await busyDay();
  });

  it('a clean day: every charge, refund, dispute movement and fee matches — 0 mismatches, the totals as the gateway saw them', async () => {
    const run = await reconcile();
    expect(run).toMatchObject({ gateway: 'sandbox', fromDate: today(), toDate: today(), status: 'completed', trigger: 'operator', mismatches: 0, current: true, error: null });
    expect(run.startedBy?._id).toBe(admin.user.id);
    // Charges 50 + 12 + 20; refund −5; disputes: −12 withdrawn, −20 withdrawn and +20 reinstated; fees 15 + 15.
    expect(run.totals).toMatchObject({ charges: 82, refunds: -5, disputes: -12, disputeFees: 30, processingFees: 0, otherItems: 0 });
    expect(run.totals!.matched).toBe(run.totals!.gatewayItems);
    expect(run.totals!.gatewayItems).toBe(run.totals!.ledgerItems);
    expect(await mismatchesOf(run._id)).toEqual([]);
    const [audit] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'reconciliation.run'), eq(auditLog.targetId, run._id)));
    expect(audit).toMatchObject({ actorId: admin.user.id, targetType: 'reconciliation_run' });
  });

  it('a tampered gateway record is listed: amount differs, fee differs, missing at the gateway, missing in the ledger — each with what to do', async () => {
    const annCharge = day.annTopUp.chargeRef!;
    const [dispute] = await t.ctx.db.select().from(disputes).where(eq(disputes.id, day.disputeId));
    const cara = await latestPayment(day.cara);
    const saved = await t.ctx.db.select().from(sandboxBalanceTransactions);
    try {
      await t.ctx.db.update(sandboxBalanceTransactions).set({ amount: 4900 }).where(and(eq(sandboxBalanceTransactions.type, 'charge'), eq(sandboxBalanceTransactions.source, annCharge)));
      await t.ctx.db.update(sandboxBalanceTransactions).set({ fee: 2000 }).where(and(eq(sandboxBalanceTransactions.type, 'dispute'), eq(sandboxBalanceTransactions.source, dispute!.gatewayRef)));
      await t.ctx.db.delete(sandboxBalanceTransactions).where(and(eq(sandboxBalanceTransactions.type, 'charge'), eq(sandboxBalanceTransactions.source, cara.chargeRef!)));
      await t.ctx.db.insert(sandboxBalanceTransactions).values({ type: 'charge', source: 'sbx_ch_unknown', amount: 700, currency: 'usd', createdAt: t.ctx.clock.now() });
      const run = await reconcile();
      expect(run.mismatches).toBe(4);
      const list = await mismatchesOf(run._id);
      const by = (k: string) => list.find((m) => m.kind === k)!;
      expect(by('amount_differs')).toMatchObject({ itemKind: 'charge', gatewayRef: annCharge, gatewayAmount: 49, ledgerAmount: 50, paymentId: day.annTopUp.id, ledgerReferences: [`payment:${day.annTopUp.id}`] });
      expect(by('amount_differs').action).toContain('difference −$1.00');
      expect(by('fee_differs')).toMatchObject({ itemKind: 'dispute', gatewayRef: dispute!.gatewayRef, gatewayFee: 20, ledgerFee: 15, disputeId: day.disputeId, paymentId: day.bobPeriod.id });
      expect(by('missing_at_gateway')).toMatchObject({ itemKind: 'charge', gatewayRef: cara.chargeRef, gatewayAmount: null, ledgerAmount: 20, paymentId: cara.id });
      expect(by('missing_at_gateway').action).toContain('lists no charge');
      expect(by('missing_in_ledger')).toMatchObject({ itemKind: 'charge', gatewayRef: 'sbx_ch_unknown', gatewayAmount: 7, ledgerAmount: null, paymentId: null });
      expect(by('missing_in_ledger').action).toContain("sandbox's books");
      // Filtered by kind.
      const only = await req('GET', `/admin/reconciliation/runs/${run._id}/mismatches?kind=fee_differs`, admin);
      expect(only.json().data).toMatchObject({ total: 1, data: [{ kind: 'fee_differs' }] });
    } finally {
      await t.ctx.db.delete(sandboxBalanceTransactions);
      await t.ctx.db.insert(sandboxBalanceTransactions).values(saved);
    }
    expect((await reconcile()).mismatches).toBe(0);
  });

  it('a tampered ledger movement (moved to another week) is missing in the ledger for the day it happened at the gateway', async () => {
    const [moved] = await t.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reference, `payment:${day.annTopUp.id}`));
    const back = new Date(moved!.createdAt.getTime() - 7 * 86_400_000);
    await t.ctx.db.update(ledgerEntries).set({ createdAt: back }).where(eq(ledgerEntries.transactionId, moved!.id));
    try {
      const run = await reconcile();
      const list = await mismatchesOf(run._id);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ kind: 'missing_in_ledger', itemKind: 'charge', gatewayRef: day.annTopUp.chargeRef, gatewayAmount: 50, paymentId: day.annTopUp.id });
      // The week it was moved to: there it is missing at the gateway.
      const week = new Date(back).toISOString().slice(0, 10);
      const then = await reconcile(week, week);
      expect(await mismatchesOf(then._id)).toMatchObject([{ kind: 'missing_at_gateway', ledgerReferences: [`payment:${day.annTopUp.id}`] }]);
    } finally {
      await t.ctx.db.update(ledgerEntries).set({ createdAt: moved!.createdAt }).where(eq(ledgerEntries.transactionId, moved!.id));
    }
  });

  it('re-running a period keeps the older runs as versions (only the latest is current); a run of the period under way → 409; a stale one is failed', async () => {
    const first = await reconcile();
    const second = await reconcile();
    const list = (await req('GET', '/admin/reconciliation/runs?limit=100', admin)).json().data;
    const view = (id: string) => list.data.find((r: { _id: string }) => r._id === id);
    expect(view(second._id).current).toBe(true);
    expect(view(first._id).current).toBe(false);
    expect(list.data[0]._id).toBe(second._id);

    // A run of the same period in progress (another operator, the nightly job): refused, not doubled.
    const from = new Date(`${today()}T00:00:00Z`);
    const to = new Date(from.getTime() + 86_400_000);
    const [running] = await t.ctx.db.insert(reconciliationRuns).values({ gateway: 'sandbox', periodStart: from, periodEnd: to, status: 'running', trigger: 'schedule', startedAt: t.ctx.clock.now() }).returning();
    const refused = await req('POST', '/admin/reconciliation/runs', admin, { fromDate: today(), toDate: today() });
    expect(refused.statusCode, refused.body).toBe(409);
    // Two at once: one runs, the other is refused.
    await t.ctx.db.update(reconciliationRuns).set({ status: 'failed', finishedAt: t.ctx.clock.now() }).where(eq(reconciliationRuns.id, running!.id));
    const both = await Promise.all([1, 2].map(() => req('POST', '/admin/reconciliation/runs', admin, { fromDate: today(), toDate: today() })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // A run left running by a process that died (older than 30 minutes) does not block the period.
    await t.ctx.db.insert(reconciliationRuns).values({ gateway: 'sandbox', periodStart: from, periodEnd: to, status: 'running', trigger: 'schedule', startedAt: new Date(t.ctx.clock.now().getTime() - 3_600_000) });
    expect((await reconcile()).status).toBe('completed');
    const [stale] = await t.ctx.db.select().from(reconciliationRuns).where(and(eq(reconciliationRuns.trigger, 'schedule'), sql`${reconciliationRuns.error} is not null`));
    expect(stale).toMatchObject({ status: 'failed' });
  });

  it('the nightly job reconciles the previous UTC day on the active gateway', async () => {
    const run = (await t.ctx.reconciliation.nightly())!;
    const yesterday = new Date(t.ctx.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    expect(run).toMatchObject({ gateway: 'sandbox', status: 'completed', trigger: 'schedule', startedBy: null, mismatches: 0 });
    expect((await t.ctx.reconciliation.get(run.id)).fromDate).toBe(yesterday);
  });

  it('refuses bad periods (400 on toDate), and anyone but an operator', async () => {
    for (const body of [{ fromDate: today(), toDate: '2020-01-01' }, { fromDate: '2020-01-01', toDate: '2020-03-01' }, { fromDate: today(), toDate: '2999-01-01' }, { fromDate: 'yesterday', toDate: today() }]) {
      const r = await req('POST', '/admin/reconciliation/runs', admin, body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().details?.[0]?.field).toMatch(/toDate|fromDate/);
    }
    const fan = await createFan(t);
    const plain = await createAdminWithout2fa(t);
    for (const who of [fan, plain]) {
      expect((await req('GET', '/admin/reconciliation/runs', who)).statusCode).toBe(403);
      expect((await req('POST', '/admin/reconciliation/runs', who, { fromDate: today(), toDate: today() })).statusCode).toBe(403);
    }
    expect((await req('GET', `/admin/reconciliation/runs/${crypto.randomUUID()}`, admin)).statusCode).toBe(404);
  });
});
