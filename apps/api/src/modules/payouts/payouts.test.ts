// Over 300 lines: the payout endpoint family end to end (requests, review, Stripe Connect payment, payout settings, ledger).
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { payoutCalculationSchema, payoutRequestSchema, toMinor } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, enable2fa, giveTaxDetails, type Made, type TestApp } from '../../../test/harness';
import { SITE, earningsAccount, wallet } from '../ledger/ledger.service';
import { ledgerEntries, ledgerTransactions } from '../ledger/ledger.tables';
import { performerPayoutAccounts } from '../payments/payments.tables';
import type { PaymentGateway } from '../../platform/payments/gateway';
import { users } from '../users/users.tables';
import { creatorPayoutSecrets, payoutRequests } from './payouts.tables';

let t: TestApp;
let admin: Made;
let fan: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  fan = await createFan(t);
  await fund(fan, 10_000);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Made, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: who ? who.auth : {} });

async function fund(who: Made, amount: number) {
  await t.ctx.db.transaction((tx) =>
    t.ctx.ledger.post(tx, { type: 'wallet_topup', reference: `test-topup:${uuidv7()}`, postings: [{ account: SITE.gateway, amount: -toMinor(amount) }, { account: wallet(who.user.id), amount: toMinor(amount) }] }),
  );
}
/** A real sale (as the wallet writes a tip): 20% commission by default. Settings warmed first (PGlite: see earnings README). */
async function earn(creator: Made, gross: number) {
  await t.ctx.settings.all();
  await t.ctx.db.transaction((tx) =>
    t.ctx.ledger.recordSale(tx, { performerId: creator.user.id, userId: fan.user.id, type: 'tip', source: `wallet_charge:${uuidv7()}`, gross: toMinor(gross), description: 'tip', from: wallet(fan.user.id), ledgerType: 'tip' }),
  );
}
/** A creator who may request payouts: two-factor authentication on and tax details given (modules/taxes). */
const payingCreator = async () => giveTaxDetails(t, await enable2fa(t, await createCreator(t)));
const calc = async (who: Made) => {
  const res = await inject('POST', '/payout-requests/calculate', who);
  expect(res.statusCode, res.body).toBe(200);
  return payoutCalculationSchema.strict().parse(res.json().data);
};
const earningsBalance = (who: Made) => t.ctx.ledger.balance(t.ctx.db, earningsAccount(who.user.id));
async function payoutTxCount(payoutId?: string) {
  const [r] = await t.ctx.db.select({ n: count() }).from(ledgerTransactions).where(payoutId ? eq(ledgerTransactions.reference, `payout:${payoutId}`) : eq(ledgerTransactions.type, 'payout'));
  return Number(r.n);
}
async function request(who: Made, amount: number, requestNote?: string) {
  const res = await inject('POST', '/payout-requests', who, { amount, ...(requestNote !== undefined ? { requestNote } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return payoutRequestSchema.strict().parse(res.json().data);
}
const review = (id: string, body: object, who: Made = admin) => inject('PUT', `/admin/payout-requests/${id}/status`, who, body);
async function outbox(): Promise<Array<{ to: string; subject: string; text: string }>> {
  await t.ctx.queue.drain(); // the mails are event handlers (payouts.handlers.ts)
  const dir = t.config.outboxDir;
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
  return Promise.all(names.map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8'))));
}

describe('payout requests', () => {
  let creator: Made;
  let other: Made;
  let id: string;
  beforeAll(async () => {
    creator = await payingCreator();
    other = await payingCreator();
    await earn(creator, 100); // net 80.00
    await earn(creator, 12.34); // net 9.87
  });

  it('calculate: net earned, paid out, pending, available, the minimum', async () => {
    expect(await calc(creator)).toEqual({ netEarned: 89.87, paidOut: 0, pending: 0, available: 89.87, minimumPayoutAmount: 50 });
    expect(await calc(other)).toEqual({ netEarned: 0, paidOut: 0, pending: 0, available: 0, minimumPayoutAmount: 50 });
  });

  it('below the minimum or above available → 400 on amount; fans 403; anonymous 401', async () => {
    for (const amount of [49.99, 89.88, 1000]) {
      const res = await inject('POST', '/payout-requests', creator, { amount });
      expect(res.statusCode, `${amount}`).toBe(400);
      expect(res.json().details).toEqual([expect.objectContaining({ field: 'amount' })]);
    }
    expect((await inject('POST', '/payout-requests', creator, { amount: 50.001 })).statusCode).toBe(400);
    expect((await inject('POST', '/payout-requests', other, { amount: 50 })).statusCode).toBe(400); // nothing earned
    expect((await inject('POST', '/payout-requests', fan, { amount: 50 })).statusCode).toBe(403);
    expect((await inject('POST', '/payout-requests/calculate', fan)).statusCode).toBe(403);
    expect((await inject('GET', '/payout-requests/check/pending-review', fan)).statusCode).toBe(403);
    expect((await inject('POST', '/payout-requests', undefined, { amount: 50 })).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(payoutRequests)).toEqual([]);
  });

  it('creates a pending request; a second while it is pending → 409; pending-review shows it', async () => {
    const p = await request(creator, 50, 'First payout');
    id = p._id;
    expect(p).toMatchObject({ performerId: creator.user.id, amount: 50, status: 'pending', method: null, requestNote: 'First payout', adminNote: '', paidAt: null });
    expect(p.performer).toMatchObject({ _id: creator.user.id });
    const dup = await inject('POST', '/payout-requests', creator, { amount: 50 });
    expect(dup.statusCode).toBe(409);
    expect(await calc(creator)).toMatchObject({ netEarned: 89.87, pending: 50, available: 39.87 });
    const pr = (await inject('GET', '/payout-requests/check/pending-review', creator)).json().data;
    expect(pr).toMatchObject({ hasPending: true, request: { _id: id, amount: 50 } });
    expect((await inject('GET', '/payout-requests/check/pending-review', other)).json().data).toEqual({ hasPending: false, request: null });
  });

  it('concurrent requests of one creator → one pending (the rest 409)', async () => {
    const c = await payingCreator();
    await earn(c, 500);
    const res = await Promise.all(Array.from({ length: 5 }, () => inject('POST', '/payout-requests', c, { amount: 60 })));
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await t.ctx.db.select().from(payoutRequests).where(eq(payoutRequests.performerId, c.user.id))).length).toBe(1);
  });

  it('the creator edits amount and note while pending; limits apply (its own amount counts as available); others 404', async () => {
    const up = await inject('PUT', `/payout-requests/${id}`, creator, { amount: 89.87 });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ amount: 89.87, requestNote: 'First payout' });
    expect((await inject('PUT', `/payout-requests/${id}`, creator, { amount: 89.88 })).statusCode).toBe(400);
    expect((await inject('PUT', `/payout-requests/${id}`, creator, { amount: 10 })).statusCode).toBe(400);
    const note = await inject('PUT', `/payout-requests/${id}`, creator, { requestNote: 'To my bank please', amount: 60 });
    expect(note.json().data).toMatchObject({ amount: 60, requestNote: 'To my bank please' });
    expect((await inject('PUT', `/payout-requests/${id}`, other, { amount: 55 })).statusCode).toBe(404);
    expect((await inject('PUT', `/payout-requests/${uuidv7()}`, creator, { amount: 55 })).statusCode).toBe(404);
    expect((await inject('PUT', `/payout-requests/${id}`, fan, { amount: 55 })).statusCode).toBe(403);
    expect(await calc(creator)).toMatchObject({ pending: 60, available: 29.87 });
  });

  it('view and search: own or admin; another creator → 404; fans 403', async () => {
    expect((await inject('GET', `/payout-requests/${id}/view`, creator)).json().data).toMatchObject({ _id: id, amount: 60 });
    expect((await inject('GET', `/payout-requests/${id}/view`, admin)).statusCode).toBe(200);
    expect((await inject('GET', `/payout-requests/${id}/view`, other)).statusCode).toBe(404);
    expect((await inject('GET', `/payout-requests/${id}/view`, fan)).statusCode).toBe(403);
    const mine = (await inject('GET', '/payout-requests/search', creator)).json().data;
    expect(mine.total).toBe(1);
    expect(mine.data[0]._id).toBe(id);
    expect((await inject('GET', '/payout-requests/search', other)).json().data).toEqual({ data: [], total: 0 });
    // A creator cannot widen the search with someone else's performerId.
    expect((await inject('GET', `/payout-requests/search?performerId=${creator.user.id}`, other)).json().data.total).toBe(0);
    const all = (await inject('GET', '/payout-requests/search?status=pending', admin)).json().data;
    expect(all.total).toBeGreaterThanOrEqual(2);
    const adminList = (await inject('GET', `/admin/payout-requests?performerId=${creator.user.id}`, admin)).json().data;
    expect(adminList).toMatchObject({ total: 1, data: [{ _id: id }] });
    expect((await inject('GET', `/admin/payout-requests?q=${creator.user.username}`, admin)).json().data.total).toBe(1);
    expect((await inject('GET', '/admin/payout-requests?status=paid', admin)).json().data.total).toBe(0);
  });

  it('admin endpoints: creators and fans 403; an admin cannot review their own request', async () => {
    expect((await inject('GET', '/admin/payout-requests', creator)).statusCode).toBe(403);
    expect((await review(id, { status: 'approved' }, creator)).statusCode).toBe(403);
    expect((await review(id, { status: 'paid', method: 'manual' }, creator)).statusCode).toBe(403);
    expect((await review(id, { status: 'approved' }, fan)).statusCode).toBe(403);
    // A creator who is also an operator.
    const boss = await payingCreator();
    await t.ctx.db.update(users).set({ roles: ['user', 'admin'] }).where(eq(users.id, boss.user.id));
    await earn(boss, 100);
    const own = await request(boss, 50);
    for (const status of ['approved', 'paid', 'rejected']) expect((await review(own._id, { status, method: 'manual' }, boss)).statusCode).toBe(403);
    expect((await inject('GET', `/payout-requests/${own._id}/view`, boss)).statusCode).toBe(200);
    // Another admin may.
    expect((await review(own._id, { status: 'rejected' })).statusCode).toBe(200);
    expect((await review(uuidv7(), { status: 'approved' })).statusCode).toBe(404);
  });

  it('approve → pay (manual): available reduced exactly once; approving or paying again → 409', async () => {
    const before = await earningsBalance(creator);
    const ap = await review(id, { status: 'approved', adminNote: 'ok' });
    expect(ap.statusCode, ap.body).toBe(200);
    expect(ap.json().data).toMatchObject({ status: 'approved', adminNote: 'ok', paidAt: null });
    expect(ap.json().data.approvedAt).toEqual(expect.any(String));
    expect((await review(id, { status: 'approved' })).statusCode).toBe(409);
    expect(await earningsBalance(creator)).toBe(before); // approval moves nothing
    // Approved is no longer editable; a new request may be made meanwhile (approved still counts as pending money).
    expect((await inject('PUT', `/payout-requests/${id}`, creator, { amount: 55 })).statusCode).toBe(409);
    expect(await calc(creator)).toMatchObject({ pending: 60, available: 29.87 });
    // Paying needs a method.
    const noMethod = await review(id, { status: 'paid' });
    expect(noMethod.statusCode).toBe(400);
    const paid = await review(id, { status: 'paid', method: 'manual', adminNote: 'Wire 123' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'paid', method: 'manual', adminNote: 'Wire 123' });
    expect(await earningsBalance(creator)).toBe(before - 6000);
    expect(await calc(creator)).toEqual({ netEarned: 89.87, paidOut: 60, pending: 0, available: 29.87, minimumPayoutAmount: 50 });
    const stats = (await inject('GET', '/performer/earning/stats', creator)).json().data;
    expect(stats).toMatchObject({ net: 89.87, paidOut: 60, pending: 0, available: 29.87 });
    for (const body of [{ status: 'paid', method: 'manual' }, { status: 'approved' }, { status: 'rejected' }]) expect((await review(id, body)).statusCode).toBe(409);
    expect(await earningsBalance(creator)).toBe(before - 6000);
    expect(await payoutTxCount(id)).toBe(1);
    expect((await inject('PUT', `/payout-requests/${id}`, creator, { requestNote: 'x' })).statusCode).toBe(409);
    const mail = (await outbox()).filter((m) => m.to === creator.user.email);
    expect(mail).toEqual([expect.objectContaining({ subject: 'Your payout has been sent' })]);
    expect(mail[0].text).toContain('60.00');
  });

  it('concurrent pay requests (5 at once) → one 200, the rest 409, one deduction', async () => {
    const c = await payingCreator();
    await earn(c, 200); // net 160
    const p = await request(c, 100);
    expect((await review(p._id, { status: 'approved' })).statusCode).toBe(200);
    const res = await Promise.all(Array.from({ length: 5 }, () => review(p._id, { status: 'paid', method: 'manual' })));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await earningsBalance(c)).toBe(6000);
    expect(await payoutTxCount(p._id)).toBe(1);
    // pending → paid directly (approve and pay in one step), also raced.
    const q = await request(c, 50);
    const res2 = await Promise.all(Array.from({ length: 5 }, () => review(q._id, { status: 'paid', method: 'manual' })));
    expect(res2.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await earningsBalance(c)).toBe(1000);
    expect(await calc(c)).toEqual({ netEarned: 160, paidOut: 150, pending: 0, available: 10, minimumPayoutAmount: 50 });
    const [row] = await t.ctx.db.select().from(payoutRequests).where(eq(payoutRequests.id, q._id));
    expect(row.approvedAt).not.toBeNull();
  });

  it('reject → nothing moves, the amount is available again, the creator is told', async () => {
    const c = await payingCreator();
    await earn(c, 100);
    const p = await request(c, 80);
    const before = { bal: await earningsBalance(c), txs: await payoutTxCount() };
    expect(await calc(c)).toMatchObject({ available: 0, pending: 80 });
    const rej = await review(p._id, { status: 'rejected', adminNote: 'Documents missing' });
    expect(rej.statusCode, rej.body).toBe(200);
    expect(rej.json().data).toMatchObject({ status: 'rejected', adminNote: 'Documents missing' });
    expect(rej.json().data.rejectedAt).toEqual(expect.any(String));
    expect(await earningsBalance(c)).toBe(before.bal);
    expect(await payoutTxCount()).toBe(before.txs);
    expect(await calc(c)).toMatchObject({ available: 80, pending: 0, paidOut: 0 });
    expect((await review(p._id, { status: 'paid', method: 'manual' })).statusCode).toBe(409);
    expect((await inject('PUT', `/payout-requests/${p._id}`, c, { amount: 60 })).statusCode).toBe(409);
    const mail = (await outbox()).filter((m) => m.to === c.user.email);
    expect(mail).toEqual([expect.objectContaining({ subject: 'Your payout request was declined' })]);
    expect(mail[0].text).toContain('Documents missing');
    // A new request is possible after the rejection.
    await request(c, 80);
  });
});

describe('paying through Stripe Connect', () => {
  it('sandbox (no Connect) → 422; no onboarded account → 422; transfer with key payout:<id>; a failed transfer leaves it approved with nothing moved', async () => {
    const c = await payingCreator();
    await earn(c, 100); // net 80
    const p = await request(c, 70);
    expect((await review(p._id, { status: 'approved', method: 'stripe' })).statusCode).toBe(200);
    const sandbox = await review(p._id, { status: 'paid' });
    expect(sandbox.statusCode).toBe(422);

    const transfer = vi.fn<NonNullable<PaymentGateway['connect']>['transfer']>(async () => ({ gatewayRef: 'tr_123' }));
    const fake = { name: 'stripe', connect: { transfer, createAccount: vi.fn(), onboardingLink: vi.fn(), payoutsEnabled: vi.fn(async () => true) } } as unknown as PaymentGateway;
    const spy = vi.spyOn(t.ctx.payments, 'gateway').mockResolvedValue(fake);
    try {
      expect((await review(p._id, { status: 'paid' })).statusCode).toBe(422); // not onboarded
      await t.ctx.db.insert(performerPayoutAccounts).values({ userId: c.user.id, stripeAccountId: 'acct_1', stripeChargesEnabled: false });
      expect((await review(p._id, { status: 'paid' })).statusCode).toBe(422); // payouts not enabled yet
      await t.ctx.db.update(performerPayoutAccounts).set({ stripeChargesEnabled: true }).where(eq(performerPayoutAccounts.userId, c.user.id));

      transfer.mockRejectedValueOnce(new Error('Insufficient funds in Stripe balance'));
      const failed = await review(p._id, { status: 'paid' });
      expect(failed.statusCode).toBe(422);
      expect(failed.json().message).toContain('Insufficient funds in Stripe balance');
      const view = (await inject('GET', `/payout-requests/${p._id}/view`, c)).json().data;
      expect(view).toMatchObject({ status: 'approved', failureMessage: 'Insufficient funds in Stripe balance' });
      expect(await earningsBalance(c)).toBe(8000);
      expect(await payoutTxCount(p._id)).toBe(0);

      const ok = await review(p._id, { status: 'paid' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toMatchObject({ status: 'paid', method: 'stripe', failureMessage: null });
      expect(transfer).toHaveBeenLastCalledWith(expect.objectContaining({ accountId: 'acct_1', amount: 7000, idempotencyKey: `payout:${p._id}` }));
      const [row] = await t.ctx.db.select().from(payoutRequests).where(eq(payoutRequests.id, p._id));
      expect(row.gatewayRef).toBe('tr_123');
      expect(row.ledgerTransactionId).not.toBeNull();
      expect(await earningsBalance(c)).toBe(1000);
      expect(await payoutTxCount(p._id)).toBe(1);
      expect((await review(p._id, { status: 'paid' })).statusCode).toBe(409);
      expect(transfer).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('creator payout settings', () => {
  const bank = { firstName: 'Ada', lastName: 'Lovelace', bankName: 'First Bank', bankAccount: 'DE89370400440532013000', routingNumber: '021000021', swiftCode: 'COBADEFF', country: 'DE', address: '1 Main St' };

  it('banking: saved sealed, read back masked (•••• last 4); sending the mask back keeps the stored number; fans 403', async () => {
    const c = await payingCreator();
    expect((await inject('GET', '/performers/banking-settings', c)).json().data).toBeNull();
    const put = await inject('PUT', '/performers/banking-settings', c, bank);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toEqual({ ...bank, bankAccount: '•••• 3000' });
    const get = await inject('GET', '/performers/banking-settings', c);
    expect(get.json().data).toEqual({ ...bank, bankAccount: '•••• 3000' });
    expect(get.body).not.toContain('0532013000');
    expect((await inject('PUT', '/performers/banking-settings', c, { ...bank, bankAccount: '•••• 3000', bankName: 'Other Bank' })).statusCode).toBe(200);
    // At rest: nothing in plain — the old JSON column stays empty, the sealed value names no number, bank or person.
    const [row] = await t.ctx.db.select().from(performerPayoutAccounts).where(eq(performerPayoutAccounts.userId, c.user.id));
    expect(row?.banking ?? {}).toEqual({});
    const [secrets] = await t.ctx.db.select().from(creatorPayoutSecrets).where(eq(creatorPayoutSecrets.userId, c.user.id));
    const raw = JSON.stringify(secrets);
    for (const plain of [bank.bankAccount, '3000', 'Other Bank', 'Lovelace', bank.routingNumber]) expect(raw).not.toContain(plain);
    expect(t.ctx.dataKeys.cipher().openJson(secrets!.bankingSealed!, `payout:${c.user.id}:banking`)).toMatchObject({ bankAccount: bank.bankAccount, bankName: 'Other Bank' });
    expect((await inject('PUT', '/performers/banking-settings', c, { ...bank, bankAccount: '•••• 9999' })).statusCode).toBe(400);
    expect((await inject('PUT', '/performers/banking-settings', c, { ...bank, bankAccount: '****3000' })).statusCode).toBe(400);
    expect((await inject('PUT', '/performers/banking-settings', c, { ...bank, firstName: '' })).statusCode).toBe(400);
    expect((await inject('GET', '/performers/banking-settings', fan)).statusCode).toBe(403);
    expect((await inject('PUT', '/performers/banking-settings', fan, bank)).statusCode).toBe(403);
  });

  it('details saved in plain before encryption are sealed when the API starts, and removed from the plain columns', async () => {
    const c = await payingCreator();
    await t.ctx.payments.savePayoutDetails(c.user.id, { banking: { ...bank, bankAccount: 'GB29NWBK60161331926819' } });
    await t.ctx.payments.savePayoutDetails(c.user.id, { gatewaySettings: { payoutMethod: 'bank', paypalEmail: '', taxId: 'OLD-TAX-77' } });
    await t.ctx.sealingSweep();
    const [row] = await t.ctx.db.select().from(performerPayoutAccounts).where(eq(performerPayoutAccounts.userId, c.user.id));
    expect(row!.banking).toEqual({});
    expect(row!.gatewaySettings).toEqual({ payoutMethod: 'bank', paypalEmail: '' });
    const [secrets] = await t.ctx.db.select().from(creatorPayoutSecrets).where(eq(creatorPayoutSecrets.userId, c.user.id));
    expect(JSON.stringify(secrets)).not.toMatch(/GB29|26819|OLD-TAX/);
    expect((await inject('GET', '/performers/banking-settings', c)).json().data).toMatchObject({ bankAccount: '•••• 6819', bankName: bank.bankName });
    expect((await inject('GET', '/performers/payment-gateway-settings', c)).json().data).toMatchObject({ payoutMethod: 'bank', taxIdSet: true });
    // A second run finds nothing left to do.
    expect(await t.ctx.payoutSettings.sealingSweep()).toEqual({ sealed: 0, resealed: 0 });
  });

  it('gateway settings: taxId write-only (never echoed, kept when absent, removed with \'\'); paypal needs an e-mail', async () => {
    const c = await payingCreator();
    expect((await inject('GET', '/performers/payment-gateway-settings', c)).json().data).toEqual({ payoutMethod: null, paypalEmail: '', taxIdSet: false, stripeAccountId: null, stripePayoutsEnabled: false });
    const put = await inject('PUT', '/performers/payment-gateway-settings', c, { payoutMethod: 'paypal', paypalEmail: 'Ada@Example.com', taxId: 'TAX-SECRET-42' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toEqual({ payoutMethod: 'paypal', paypalEmail: 'ada@example.com', taxIdSet: true, stripeAccountId: null, stripePayoutsEnabled: false });
    expect(put.body).not.toContain('TAX-SECRET-42');
    const again = await inject('PUT', '/performers/payment-gateway-settings', c, { payoutMethod: 'bank' });
    expect(again.json().data).toMatchObject({ payoutMethod: 'bank', paypalEmail: '', taxIdSet: true });
    const get = await inject('GET', '/performers/payment-gateway-settings', c);
    expect(get.body).not.toContain('TAX-SECRET-42');
    expect(get.json().data.taxIdSet).toBe(true);
    const [row] = await t.ctx.db.select().from(performerPayoutAccounts).where(eq(performerPayoutAccounts.userId, c.user.id));
    expect(row!.gatewaySettings.taxId).toBeUndefined();
    const [secrets] = await t.ctx.db.select().from(creatorPayoutSecrets).where(eq(creatorPayoutSecrets.userId, c.user.id));
    expect(secrets!.taxIdSealed).not.toContain('TAX-SECRET');
    expect(t.ctx.dataKeys.cipher().openText(secrets!.taxIdSealed!, `payout:${c.user.id}:taxId`)).toBe('TAX-SECRET-42');
    expect((await inject('PUT', '/performers/payment-gateway-settings', c, { payoutMethod: 'bank', taxId: '' })).json().data.taxIdSet).toBe(false);
    expect((await inject('PUT', '/performers/payment-gateway-settings', c, { payoutMethod: 'paypal' })).statusCode).toBe(400);
    expect((await inject('PUT', '/performers/payment-gateway-settings', c, { payoutMethod: 'cheque' })).statusCode).toBe(400);
    expect((await inject('GET', '/performers/payment-gateway-settings', fan)).statusCode).toBe(403);
  });
});

describe('ledger', () => {
  it('sums to zero; every payout movement is earnings → site payouts', async () => {
    const [r] = await t.ctx.db.select({ s: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries);
    expect(Number(r.s)).toBe(0);
    const paid = await t.ctx.db.select().from(payoutRequests).where(eq(payoutRequests.status, 'paid'));
    expect(await payoutTxCount()).toBe(paid.length);
    const [sums] = await t.ctx.db
      .select({ s: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, and(eq(ledgerTransactions.id, ledgerEntries.transactionId), eq(ledgerTransactions.type, 'payout')))
      .where(sql`${ledgerEntries.amount} > 0`);
    expect(Number(sums.s)).toBe(paid.reduce((s, p) => s + p.amount, 0));
    expect(await t.ctx.ledger.balance(t.ctx.db, SITE.payouts)).toBe(paid.reduce((s, p) => s + p.amount, 0));
  });
});
