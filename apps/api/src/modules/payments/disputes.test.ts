// Over 300 lines: every dispute path through the sandbox gateway (holds, outcomes, the pause, content locks, payouts, the operator's API, replays) against one app.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { ACCESS_REASON_HEADER, MESSAGES, REASON_REQUIRED_CODE, TWO_FACTOR_MESSAGES, disputeDetailSchema, disputeSchema, encodeAccessReason } from '@stagepass/shared';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, enable2fa, giveTaxDetails, type Made, type TestApp, requester } from '../../../test/harness';
import { addCard, expectLedgerBalanced, topUp } from '../../../test/money';
import { auditLog } from '../../platform/audit.tables';
import { earningsAccount, wallet } from '../ledger/ledger.service';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../ledger/ledger.tables';
import { disputes } from './disputes.tables';
import { paymentTransactions, webhookEvents } from './payments.tables';

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
const REASON = { [ACCESS_REASON_HEADER]: encodeAccessReason('Answering a chargeback') };
const walletOf = (who: Made) => t.ctx.ledger.balance(t.ctx.db, wallet(who.user.id));
const earningsOf = (who: Made) => t.ctx.ledger.balance(t.ctx.db, earningsAccount(who.user.id));
/** The sum of a site account's entries (minor units). */
async function site(kind: 'disputes' | 'losses' | 'commission' | 'gateway'): Promise<number> {
  const [r] = await t.ctx.db.select({ s: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries).innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId)).where(eq(ledgerAccounts.kind, kind));
  return Number(r!.s);
}
async function setSetting(key: string, value: unknown) {
  const r = await req('PUT', `/admin/settings/${key}`, admin, { value });
  expect(r.statusCode, r.body).toBe(200);
}
async function latestPayment(who: Made) {
  const [p] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, who.user.id)).orderBy(desc(paymentTransactions.createdAt)).limit(1);
  return p!;
}
async function dispute(paymentId: string, body: Record<string, unknown> = {}) {
  const r = await req('POST', '/admin/sandbox/disputes', admin, { paymentId, ...body });
  expect(r.statusCode, r.body).toBe(200);
  return disputeSchema.strict().parse(r.json().data);
}
async function tip(fan: Made, creator: Made, price: number) {
  return req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price });
}
async function creatorAt(monthlyPrice: number): Promise<Made> {
  const c = await createCreator(t);
  const r = await req('PUT', '/performers/subscription-settings', c, { monthlyPrice, freeSubscriptionEnabled: false });
  expect(r.statusCode, r.body).toBe(200);
  return c;
}
/** A fan with a sandbox card subscribed (paid) to `creator`; answers the period's payment. */
async function subscribed(creator: Made) {
  const fan = await createFan(t);
  await addCard(t, fan);
  const r = await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly' });
  expect(r.statusCode, r.body).toBe(200);
  return { fan, payment: await latestPayment(fan) };
}
const movements = async (disputeId: string) =>
  (await t.ctx.db.select({ reference: ledgerTransactions.reference }).from(ledgerTransactions).where(like(ledgerTransactions.reference, `%:${disputeId}`))).map((r) => r.reference.split(':')[0]).sort();

describe('a disputed wallet top-up', () => {
  it('takes the unspent part back from the wallet, puts the spent part at stake and books the fee; the fan cannot spend; lost → the spent part is a loss', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await topUp(t, fan, 100, { card: true });
    expect((await tip(fan, creator, 30)).statusCode).toBe(200);
    const payment = await latestPayment(fan);
    const [losses0, disputes0] = [await site('losses'), await site('disputes')];

    const d = await dispute(payment.id, { reason: 'fraudulent' });
    expect(d).toMatchObject({ status: 'needs_response', open: true, outcome: null, amount: 100, fee: 15, reason: 'fraudulent', paymentId: payment.id, hold: { fromWallet: 70, atStake: 30, fromEarnings: 0, commission: 0 }, locksContent: false });
    expect(d.fan?._id).toBe(fan.user.id);
    expect(d.dueBy).not.toBeNull();
    expect(await walletOf(fan)).toBe(0);
    expect(await earningsOf(creator)).toBe(2400); // the creator keeps what the fan spent
    expect(await site('disputes')).toBe(disputes0 - 3000);
    expect(await site('losses')).toBe(losses0 - 1500);
    expect(await movements(d._id)).toEqual(['dispute', 'dispute_fee']);

    // Paused: no top-up, no wallet spending, no subscription — with the message.
    for (const r of [
      await req('POST', '/payment/wallet/top-up', fan, { amount: 10 }),
      await tip(fan, creator, 10),
      await req('POST', '/payment/subscribe/performers', fan, { performerId: creator.user.id, type: 'monthly' }),
    ]) {
      expect(r.statusCode, r.body).toBe(403);
      expect(r.json().message).toBe(MESSAGES.spendingPaused);
    }

    const lost = await dispute(payment.id, { outcome: 'lost' });
    expect(lost).toMatchObject({ status: 'lost', open: false, outcome: 'lost', hold: { fromWallet: 70, atStake: 30 } });
    expect(await walletOf(fan)).toBe(0);
    expect(await site('disputes')).toBe(disputes0);
    expect(await site('losses')).toBe(losses0 - 1500 - 3000);
    expect(await movements(d._id)).toEqual(['dispute', 'dispute_fee', 'dispute_lost']);
    // Closed: the fan spends again; the dispute cannot be decided twice.
    expect((await req('POST', '/payment/wallet/top-up', fan, { amount: 10 })).statusCode).toBe(200);
    const again = await req('POST', '/admin/sandbox/disputes', admin, { paymentId: payment.id, outcome: 'won' });
    expect(again.statusCode).toBe(409);
  });

  it('won → the held amounts return exactly once (the fee stays a cost)', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await topUp(t, fan, 50, { card: true });
    expect((await tip(fan, creator, 20)).statusCode).toBe(200);
    const payment = await latestPayment(fan);
    const [losses0, disputes0, gateway0] = [await site('losses'), await site('disputes'), await site('gateway')];
    const d = await dispute(payment.id);
    expect(await walletOf(fan)).toBe(0);
    const won = await dispute(payment.id, { outcome: 'won' });
    expect(won).toMatchObject({ status: 'won', open: false, outcome: 'won', feeReturned: 0 });
    expect(await walletOf(fan)).toBe(3000);
    expect(await site('disputes')).toBe(disputes0);
    expect(await site('losses')).toBe(losses0 - 1500);
    expect(await site('gateway')).toBe(gateway0 + 1500); // only the fee left through the card network
    expect(await movements(d._id)).toEqual(['dispute', 'dispute_fee', 'dispute_won']);

    // The same events again (a replay: same ids) and the same state under new ids change nothing.
    const events = await t.ctx.db.select().from(webhookEvents).where(and(eq(webhookEvents.gateway, 'sandbox'), sql`${webhookEvents.payload}->'data'->'object'->>'ref' = ${d.gatewayRef}`));
    expect(events.map((e) => e.type).sort()).toEqual(['charge.dispute.closed', 'charge.dispute.created', 'charge.dispute.funds_reinstated', 'charge.dispute.funds_withdrawn']);
    for (const e of events) {
      const ev = e.payload as { id: string; type: string; created: number; data: { object: Parameters<typeof t.ctx.disputes.apply>[2] } };
      const obj = { ...ev.data.object, dueBy: ev.data.object.dueBy ? new Date(ev.data.object.dueBy) : null };
      expect(await t.ctx.disputes.applyEvent('sandbox', ev, obj)).toEqual({ duplicate: true });
      expect(await t.ctx.disputes.applyEvent('sandbox', { ...ev, id: `${ev.id}-again` }, obj)).toEqual({ duplicate: false });
    }
    expect(await walletOf(fan)).toBe(3000);
    expect(await movements(d._id)).toEqual(['dispute', 'dispute_fee', 'dispute_won']);
  });

  it('an unspent top-up comes back whole from the wallet: nothing at stake', async () => {
    const fan = await createFan(t);
    await topUp(t, fan, 40, { card: true });
    const d = await dispute((await latestPayment(fan)).id, { reason: 'duplicate' });
    expect(d.hold).toEqual({ fromWallet: 40, atStake: 0, fromEarnings: 0, commission: 0 });
    expect(await walletOf(fan)).toBe(0);
    await dispute(d.paymentId, { outcome: 'lost' });
    expect(await movements(d._id)).toEqual(['dispute', 'dispute_fee']);
  });
});

describe('a disputed subscription period', () => {
  it("takes back the creator's share (earnings may go below zero) and the commission, shows a dispute line with the reason; no payout of a balance that does not cover it; won → back", async () => {
    const creator = await giveTaxDetails(t, await enable2fa(t, await creatorAt(100)));
    const { fan, payment } = await subscribed(creator);
    expect(await earningsOf(creator)).toBe(8000);
    // The creator is paid out everything before the dispute.
    const asked = await req('POST', '/payout-requests', creator, { amount: 80 });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await req('PUT', `/admin/payout-requests/${asked.json().data._id}/status`, admin, { status: 'paid', method: 'manual' })).statusCode).toBe(200);
    const commission0 = await site('commission');

    const d = await dispute(payment.id, { reason: 'product_not_received' });
    expect(d.hold).toEqual({ fromWallet: 0, fromEarnings: 80, commission: 20, atStake: 0 });
    expect(d.performer?._id).toBe(creator.user.id);
    expect(await earningsOf(creator)).toBe(-8000);
    expect(await site('commission')).toBe(commission0 - 2000);
    const list = (await req('GET', '/performer/earning/search?limit=5', creator)).json().data.data as Array<{ kind: string; net: number; gross: number; description: string; type: string }>;
    expect(list[0]).toMatchObject({ kind: 'dispute', type: 'subscription', gross: -100, net: -80, description: expect.stringContaining('Dispute (not received)') });
    const calc = (await req('POST', '/payout-requests/calculate', creator)).json().data;
    expect(calc.available).toBe(0);
    const refused = await req('POST', '/payout-requests', creator, { amount: 50 });
    expect(refused.statusCode).toBe(400);
    // A later sale is taken against what is owed first.
    await subscribed(creator);
    expect(await earningsOf(creator)).toBe(0);
    expect((await req('POST', '/payout-requests', creator, { amount: 50 })).statusCode).toBe(400);

    await dispute(payment.id, { outcome: 'won' });
    expect(await earningsOf(creator)).toBe(8000);
    expect(await site('commission')).toBe(commission0 + 2000); // the second sale's commission
    const lines = (await req('GET', '/performer/earning/search?limit=5', creator)).json().data.data as Array<{ kind: string; net: number }>;
    expect(lines.map((l) => l.kind)).toContain('dispute_won');
    expect((await req('GET', `/subscriptions/user/search`, fan)).json().data.data[0]).toMatchObject({ isActive: true, suspended: false });
  });

  it('lost → the creator and the site keep the loss (fee too); what it bought stays (disputeLocksContent off)', async () => {
    const creator = await creatorAt(50);
    const { fan, payment } = await subscribed(creator);
    const losses0 = await site('losses');
    await dispute(payment.id);
    // The open dispute's handlers run before it closes (they skip a dispute already closed, so the
    // order would otherwise decide): the spending pause switches the renewal off.
    await t.ctx.queue.drain();
    await dispute(payment.id, { outcome: 'lost' });
    await t.ctx.queue.drain();
    expect(await earningsOf(creator)).toBe(0);
    expect(await site('losses')).toBe(losses0 - 1500);
    // What it bought stays to the end of its period; it does not renew (subscribing again after the dispute).
    expect((await req('GET', '/subscriptions/user/search', fan)).json().data.data[0]).toMatchObject({ status: 'cancelled', isActive: true, suspended: false });
  });

  it('disputeLocksContent: the subscription is suspended while it is open; won → access back; lost → it ends', async () => {
    await setSetting('disputeLocksContent', true);
    try {
      const creator = await creatorAt(20);
      const a = await subscribed(creator);
      const b = await subscribed(creator);
      const da = await dispute(a.payment.id);
      const db = await dispute(b.payment.id);
      expect(da.locksContent).toBe(true);
      await t.ctx.queue.drain();
      // Suspended; and, the fans' spending being paused, their renewal is off (they lapse at period end: README "Disputes").
      for (const who of [a.fan, b.fan]) expect((await req('GET', '/subscriptions/user/search', who)).json().data.data[0]).toMatchObject({ status: 'cancelled', isActive: false, suspended: true });
      expect(await t.ctx.subscriptions.countGranting({ performerId: creator.user.id })).toBe(0);

      await dispute(a.payment.id, { outcome: 'won' });
      await dispute(b.payment.id, { outcome: 'lost' });
      await t.ctx.queue.drain();
      expect((await req('GET', '/subscriptions/user/search', a.fan)).json().data.data[0]).toMatchObject({ status: 'cancelled', isActive: true, suspended: false });
      expect((await req('GET', '/subscriptions/user/search', b.fan)).json().data.data[0]).toMatchObject({ status: 'expired', isActive: false, suspended: false });
      const detail = (await req('GET', `/admin/disputes/${db._id}`, admin, undefined, REASON)).json().data;
      expect(detail.paidFor).toMatchObject({ kind: 'subscription', subscription: { status: 'expired', suspended: false } });
    } finally {
      await setSetting('disputeLocksContent', false);
    }
  });
});

describe('races', () => {
  it('a dispute racing a payout request: whichever comes first, no payout of a balance that does not cover it', async () => {
    for (let i = 0; i < 3; i++) {
      const creator = await giveTaxDetails(t, await enable2fa(t, await creatorAt(100)));
      const { payment } = await subscribed(creator);
      const [d, asked] = await Promise.all([
        req('POST', '/admin/sandbox/disputes', admin, { paymentId: payment.id }),
        req('POST', '/payout-requests', creator, { amount: 80 }),
      ]);
      expect(d.statusCode, d.body).toBe(200);
      expect([201, 400], asked.body).toContain(asked.statusCode);
      expect(await earningsOf(creator)).toBe(0);
      if (asked.statusCode === 201) {
        const pay = await req('PUT', `/admin/payout-requests/${asked.json().data._id}/status`, admin, { status: 'paid', method: 'manual' });
        expect(pay.statusCode, pay.body).toBe(422);
      }
      const paid = await t.ctx.db.select().from(ledgerTransactions).where(and(eq(ledgerTransactions.type, 'payout'), eq(ledgerTransactions.performerId, creator.user.id)));
      expect(paid).toEqual([]);
    }
  });

  it('two openings of one dispute at once: one hold', async () => {
    const fan = await createFan(t);
    await topUp(t, fan, 30, { card: true });
    const payment = await latestPayment(fan);
    const [a, b] = await Promise.all([1, 2].map(() => req('POST', '/admin/sandbox/disputes', admin, { paymentId: payment.id })));
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    // One dispute per charge (as at the gateways): the second is refused, nothing held twice.
    const rows = await t.ctx.db.select().from(disputes).where(eq(disputes.paymentId, payment.id));
    expect(rows).toHaveLength(1);
    expect(await movements(rows[0]!.id)).toEqual(['dispute', 'dispute_fee']);
    expect(await walletOf(fan)).toBe(0);
  });
});

describe("the operator's API", () => {
  it('lists (filters, deadline first), opens one as an audited read with the reason, takes evidence (audited) once', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await topUp(t, fan, 60, { card: true });
    expect((await tip(fan, creator, 25)).statusCode).toBe(200);
    const payment = await latestPayment(fan);
    const d = await dispute(payment.id);

    const open = (await req('GET', `/admin/disputes?state=open&userId=${fan.user.id}`, admin)).json().data;
    expect(open.total).toBe(1);
    expect(open.data[0]._id).toBe(d._id);
    expect((await req('GET', `/admin/disputes?state=closed&userId=${fan.user.id}`, admin)).json().data.total).toBe(0);
    expect((await req('GET', `/admin/disputes?status=needs_response&paymentId=${payment.id}`, admin)).json().data.total).toBe(1);
    const byDeadline = (await req('GET', '/admin/disputes?sortBy=dueBy&sort=asc&state=open&limit=100', admin)).json().data.data as Array<{ dueBy: string | null }>;
    const dues = byDeadline.map((x) => x.dueBy).filter((x): x is string => !!x);
    expect(dues).toEqual([...dues].sort());
    expect((await req('GET', '/admin/disputes?status=nope', admin)).statusCode).toBe(400);
    expect((await req('GET', '/admin/disputes?sortBy=amount', admin)).statusCode).toBe(400);

    // The detail opens the fan's records: a reason is required, and the read is audited with it.
    const noReason = await req('GET', `/admin/disputes/${d._id}`, admin);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe(REASON_REQUIRED_CODE);
    const res = await req('GET', `/admin/disputes/${d._id}`, admin, undefined, REASON);
    expect(res.statusCode, res.body).toBe(200);
    const detail = disputeDetailSchema.strict().parse(res.json().data);
    expect(detail.paidFor).toMatchObject({ kind: 'wallet_topup', walletBalance: 0, spentCount: 1, spent: [{ type: 'tip', amount: 25 }] });
    expect(detail.sessions.length).toBeGreaterThan(0);
    expect(detail.suggestedEvidence.accessActivityLog).toMatch(/signed in[\s\S]*spent 25\.00 on tip/);
    expect(detail.suggestedEvidence.customerEmailAddress).toBe(fan.user.email);
    expect(detail.movements.map((m) => m.type).sort()).toEqual(['dispute', 'dispute_fee']);
    expect(detail.recordsNote).toMatch(/for 180 days the IP address and browser/);
    // The top-up's request client (light-my-request's address and user agent) is the purchase's evidence.
    expect(detail.purchaseClient).toEqual({ ip: '127.0.0.1', device: 'lightMyRequest' });
    expect(detail.suggestedEvidence.customerPurchaseIp).toBe('127.0.0.1');
    expect(detail.suggestedEvidence.accessActivityLog).toMatch(/paid from 127\.0\.0\.1 \(lightMyRequest\)/);
    const [read] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'dispute.read'), eq(auditLog.targetId, d._id)));
    expect(read).toMatchObject({ actorId: admin.user.id, reason: 'Answering a chargeback', subjectIds: [fan.user.id] });

    expect((await req('POST', `/admin/disputes/${d._id}/evidence`, admin, { submit: true })).statusCode).toBe(400);
    const sent = await req('POST', `/admin/disputes/${d._id}/evidence`, admin, { productDescription: 'Wallet credit, spent on a tip', accessActivityLog: detail.suggestedEvidence.accessActivityLog, submit: true });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ status: 'under_review', open: true, dueBy: null });
    expect(sent.json().data.evidenceSubmittedAt).not.toBeNull();
    const [audit] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'dispute.evidence'), eq(auditLog.targetId, d._id)));
    expect(audit).toMatchObject({ actorId: admin.user.id, before: { status: 'needs_response' }, after: { status: 'under_review', submitted: true } });
    const [row] = await t.ctx.db.select().from(disputes).where(eq(disputes.id, d._id));
    expect(row!.evidence).toMatchObject({ productDescription: 'Wallet credit, spent on a tip' });
    expect((await req('POST', `/admin/disputes/${d._id}/evidence`, admin, { uncategorizedText: 'more' })).statusCode).toBe(409);
    const [simulated] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'dispute.simulate'), eq(auditLog.targetId, d._id)));
    expect(simulated?.actorId).toBe(admin.user.id);
    await dispute(payment.id, { outcome: 'won' });
  });

  it('refuses what is not a sandbox card payment, unknown ids, and bad input', async () => {
    const fan = await createFan(t);
    expect((await req('POST', '/admin/sandbox/disputes', admin, { paymentId: fan.user.id })).statusCode).toBe(400);
    expect((await req('POST', '/admin/sandbox/disputes', admin, { paymentId: 'nope' })).statusCode).toBe(400);
    expect((await req('POST', '/admin/sandbox/disputes', admin, { paymentId: fan.user.id, reason: 'because' })).statusCode).toBe(400);
    expect((await req('GET', `/admin/disputes/${fan.user.id}`, admin, undefined, REASON)).statusCode).toBe(404);
    expect((await req('POST', `/admin/disputes/${fan.user.id}/evidence`, admin, { uncategorizedText: 'x' })).statusCode).toBe(404);
  });

  it('fans, creators and operators without two-factor authentication are refused (403) on every disputes route', async () => {
    const [fan, creator, bare] = await Promise.all([createFan(t), createCreator(t), createAdminWithout2fa(t)]);
    const id = fan.user.id;
    const calls: Array<[Method, string, unknown?]> = [
      ['GET', '/admin/disputes'], ['GET', `/admin/disputes/${id}`], ['POST', `/admin/disputes/${id}/evidence`, { uncategorizedText: 'x' }], ['POST', '/admin/sandbox/disputes', { paymentId: id }],
    ];
    for (const [method, url, body] of calls) {
      for (const who of [fan, creator, bare]) {
        const r = await req(method, url, who, body, REASON);
        expect(r.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await req(method, url, bare, body, REASON)).json().message).toBe(TWO_FACTOR_MESSAGES.adminRequired);
    }
  });
});

describe('the client kept as evidence', () => {
  it("a card payment and a sign-in keep the fan's address (x-client-ip) and user agent; both are cleared after 180 days", async () => {
    const fan = await createFan(t);
    await addCard(t, fan);
    const client = { 'x-client-ip': '203.0.113.7', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' };
    expect((await req('POST', '/payment/wallet/top-up', fan, { amount: 15 }, client)).statusCode).toBe(200);
    const paid = await latestPayment(fan);
    expect(paid).toMatchObject({ clientIp: '203.0.113.7', clientDevice: client['user-agent'] });
    const login = await req('POST', '/auth/login', undefined, { username: fan.user.username, password: fan.password }, client);
    expect(login.statusCode, login.body).toBe(200);
    const sessions = await t.ctx.auth.recentSessions(fan.user.id, 5, new Date());
    expect(sessions[0]).toMatchObject({ ip: '203.0.113.7', device: client['user-agent'] });

    // 180 days on: the sweep's cutoff passes them, and both are cleared (the payment and sign-in stay).
    const later = new Date(paid.createdAt.getTime() + 181 * 86_400_000);
    const before = new Date(later.getTime() - 180 * 86_400_000);
    expect(await t.ctx.payments.purgeClientRecords(before)).toBeGreaterThan(0);
    expect(await t.ctx.auth.purgeClientRecords(before)).toBeGreaterThan(0);
    const [kept] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, paid.id));
    expect(kept).toMatchObject({ clientIp: null, clientDevice: null, amount: 1500 });
    expect((await t.ctx.auth.recentSessions(fan.user.id, 5, new Date()))[0]).toMatchObject({ ip: null, device: null });
  });
});

describe('the ledger after disputes', () => {
  it('sums to zero, wallets equal their entries and are never negative; only earnings went below zero', async () => {
    await expectLedgerBalanced(t);
    const negative = await t.ctx.db.select({ kind: ledgerAccounts.kind }).from(ledgerAccounts).where(sql`${ledgerAccounts.balance} < 0`);
    expect(negative.filter((n) => n.kind !== 'earnings')).toEqual([]);
  });
});
