import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import yauzl from 'yauzl';
import { auditLog } from '../../platform/audit.tables';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, enable2fa, giveTaxDetails, totpCode, type Made, type TestApp } from '../../../test/harness';
import { follow } from '../../../test/factories';
import { addCard, expectLedgerBalanced, topUp } from '../../../test/money';
import { ACCESS_REASON_HEADER, encodeAccessReason } from '@stagepass/shared';
import { disputes } from '../payments/disputes.tables';
import { paymentTransactions } from '../payments/payments.tables';
import { notifications } from '../notifications/notifications.tables';
import { users } from '../users/users.tables';
import { privacyExports } from './privacy.tables';

/** Issue 28 §5 Personal data: exports (job, ZIP, notification, e-mail, signed download) and account deletion. */
let t: TestApp;
let admin: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

type H = Record<string, string>;
const req = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H = {}, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
/** Lets the export job run (or runs it, on a node without workers). */
async function work(exportId: string) {
  if (t.ctx.queue.workers > 0) await t.ctx.queue.drain();
  else await t.ctx.privacy.runExport(exportId);
}
async function mailsTo(to: string): Promise<Array<{ subject: string; text: string }>> {
  const names = await fs.readdir(t.config.outboxDir).catch(() => [] as string[]);
  const all = await Promise.all(names.filter((n) => n.endsWith('.json')).map(async (n) => JSON.parse(await fs.readFile(path.join(t.config.outboxDir, n), 'utf8'))));
  return all.filter((m) => m.to === to);
}
/** The names and texts of a ZIP's entries. */
function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const out = new Map<string, Buffer>();
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (e: yauzl.Entry) => {
        zip.openReadStream(e, (err2, s) => {
          if (err2 || !s) return reject(err2);
          const chunks: Buffer[] = [];
          s.on('data', (c: Buffer) => chunks.push(c));
          s.on('end', () => {
            out.set(e.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}
async function tip(fan: Made, creator: Made, price: number) {
  const res = await req('POST', `/wallet/charges/tip/${creator.user.id}`, fan.auth, { price });
  expect(res.statusCode, res.body).toBe(200);
}
async function exportFor(who: Made) {
  const res = await req('POST', '/privacy/exports', who.auth);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data._id as string;
  await work(id);
  return id;
}
async function download(who: Made, id: string) {
  const link = await req('POST', `/privacy/exports/${id}/link`, who.auth);
  expect(link.statusCode, link.body).toBe(200);
  const url = new URL(link.json().data.url);
  const file = await req('GET', url.pathname + url.search);
  expect(file.statusCode, file.body).toBe(200);
  expect(file.headers['content-type']).toBe('application/zip');
  return unzip(file.rawPayload);
}

describe('routes × roles', () => {
  it('anonymous 401 on every signed-in route; fans and creators 403 on the operator routes; admin without 2FA 403', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    const noTwoFa = await createAdminWithout2fa(t);
    for (const [m, url, body] of [
      ['GET', '/privacy/exports', undefined], ['POST', '/privacy/exports', undefined], ['POST', `/privacy/exports/${fan.user.id}/link`, undefined],
      ['POST', '/privacy/delete-account', { password: 'x', confirm: 'DELETE' }],
    ] as const) expect((await req(m, url, {}, body)).statusCode, url).toBe(401);
    for (const url of [`/admin/users/${fan.user.id}/privacy-export`, `/admin/users/${fan.user.id}/delete`]) {
      expect((await req('POST', url, {}, { reason: 'asked by mail' })).statusCode).toBe(401);
      expect((await req('POST', url, fan.auth, { reason: 'asked by mail' })).statusCode).toBe(403);
      expect((await req('POST', url, creator.auth, { reason: 'asked by mail' })).statusCode).toBe(403);
      expect((await req('POST', url, noTwoFa.auth, { reason: 'asked by mail' })).statusCode).toBe(403);
      expect((await req('POST', url, admin.auth, { reason: '' })).statusCode).toBe(400);
    }
  });
  it('bad input → 400 with fields; a bad id → 400; a bad token → 403', async () => {
    const fan = await createFan(t);
    const res = await req('POST', '/privacy/delete-account', fan.auth, { password: fan.password, confirm: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain('confirm');
    expect((await req('POST', '/privacy/exports/not-an-id/link', fan.auth)).statusCode).toBe(400);
    expect((await req('GET', `/privacy/exports/${fan.user.id}/file?token=a.b.c`)).statusCode).toBe(403);
  });
});

describe('export', () => {
  it("a fan's ZIP: profile, messages sent, ledger lines, notifications; announced by notification and e-mail; one at a time", async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    await follow(t, fan.user.id, creator.user.id);
    const conv = await req('POST', '/conversations', fan.auth, { source: 'performer', sourceId: creator.user.id });
    const conversationId = conv.json().data._id;
    expect((await req('POST', `/messages/conversations/${conversationId}`, fan.auth, { text: 'Hello from the fan' })).statusCode).toBe(200);
    await topUp(t, fan, 20, { card: true });
    await tip(fan, creator, 10);

    const first = await req('POST', '/privacy/exports', fan.auth);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.status).toBe('pending');
    expect((await req('POST', '/privacy/exports', fan.auth)).statusCode).toBe(409);
    const id = first.json().data._id;
    // Not ready yet → 409 for a link.
    expect((await req('POST', `/privacy/exports/${id}/link`, fan.auth)).statusCode).toBe(409);
    await work(id);
    const state = await req('GET', '/privacy/exports', fan.auth);
    expect(state.json().data.latest).toMatchObject({ _id: id, status: 'ready', byOperator: false });
    expect(state.json().data.latest.expiresAt).toBeTruthy();

    const zip = await download(fan, id);
    const profile = JSON.parse(zip.get('profile.json')!.toString())[0];
    expect(profile.username).toBe(fan.user.username);
    expect(profile.passwordHash).toBeUndefined();
    expect(JSON.parse(zip.get('messages-sent.json')!.toString()).map((m: { text: string }) => m.text)).toEqual(['Hello from the fan']);
    expect(JSON.parse(zip.get('ledger-lines.json')!.toString()).length).toBeGreaterThanOrEqual(2);
    for (const f of ['notifications.json', 'purchases.json', 'orders.json', 'subscriptions.json', 'legal-acceptances.json', 'operator-actions.json', 'uploads.json']) expect(zip.has(f), f).toBe(true);

    const notes = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, fan.user.id), eq(notifications.type, 'privacy')));
    expect(notes).toHaveLength(1);
    const mails = await mailsTo(fan.user.email!);
    const mail = mails.find((m) => m.subject === 'Your data export is ready')!;
    expect(mail.text).toContain('/user/account#your-data');
    expect(mail.text).not.toContain('/privacy/exports/');

    // Another user: 404 for the link, and the owner's token does not open another export.
    const other = await createFan(t);
    expect((await req('POST', `/privacy/exports/${id}/link`, other.auth)).statusCode).toBe(404);
    // A second export is allowed once the first is done.
    expect((await req('POST', '/privacy/exports', fan.auth)).statusCode).toBe(201);
  });

  it("a creator's export; an operator's export on request is audited and lands on the user's page; expiry deletes the file", async () => {
    const creator = await createCreator(t);
    const res = await req('POST', `/admin/users/${creator.user.id}/privacy-export`, admin.auth, { reason: 'Asked by e-mail' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.byOperator).toBe(true);
    await work(res.json().data._id);
    const [entry] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'privacy.export'), eq(auditLog.targetId, creator.user.id)));
    expect(entry?.actorId).toBe(admin.user.id);
    const zip = await download(creator, res.json().data._id);
    expect(JSON.parse(zip.get('profile.json')!.toString())[0].isPerformer).toBe(true);
    // The operator action is in the user's own export from now on.
    const second = await exportFor(creator);
    const zip2 = await download(creator, second);
    expect(JSON.parse(zip2.get('operator-actions.json')!.toString()).map((a: { action: string }) => a.action)).toContain('privacy.export');

    // Past its expiry: 410, and the sweep deletes the file.
    const [row] = await t.ctx.db.select().from(privacyExports).where(eq(privacyExports.id, second));
    await t.ctx.db.update(privacyExports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(privacyExports.id, second));
    expect((await req('POST', `/privacy/exports/${second}/link`, creator.auth)).statusCode).toBe(410);
    expect(await t.ctx.privacy.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.storage.stat(row!.fileKey!)).toBeNull();
    expect((await req('GET', '/privacy/exports', creator.auth)).json().data.latest.status).toBe('expired');
  });
});

describe('deletion', () => {
  it('a fan deletes their account: wrong password 400, then sessions end, profile anonymised, messages show "Deleted user", ledger balanced, the e-mail registers again', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    await follow(t, fan.user.id, creator.user.id);
    const conv = await req('POST', '/conversations', fan.auth, { source: 'performer', sourceId: creator.user.id });
    const conversationId = conv.json().data._id;
    await req('POST', `/messages/conversations/${conversationId}`, fan.auth, { text: 'I will be gone' });
    await topUp(t, fan, 30, { card: true });
    await tip(fan, creator, 10);

    const wrong = await req('POST', '/privacy/delete-account', fan.auth, { password: 'not-it-at-all', confirm: 'DELETE' });
    expect(wrong.statusCode).toBe(400);
    const ok = await req('POST', '/privacy/delete-account', fan.auth, { password: fan.password, confirm: 'DELETE' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await req('GET', '/privacy/exports', fan.auth)).statusCode).toBe(401);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(row).toMatchObject({ status: 'deleted', name: 'Deleted user', email: null, passwordHash: null, avatar: null });
    expect(row!.username).toMatch(/^deleted-/);
    const login = await req('POST', '/auth/login', {}, { username: fan.user.email, password: fan.password });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    // The creator still has the conversation, and its other side reads "Deleted user".
    const seen = await req('GET', `/conversations/${conversationId}`, creator.auth);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.recipient.name).toBe('Deleted user');
    const msgs = await req('GET', `/messages/conversations/${conversationId}`, creator.auth);
    expect(msgs.statusCode).toBe(200);
    expect(JSON.stringify(msgs.json())).toContain('I will be gone');
    await expectLedgerBalanced(t);
    // The address can sign up again.
    const again = await req('POST', '/auth/users/register', {}, { firstName: 'New', lastName: 'Person', username: `again${Date.now().toString(36)}`, email: fan.user.email, password: 'good-pass-1', acceptTerms: true, ageConfirmed: true });
    expect(again.statusCode, again.body).toBeLessThan(300);
  });

  it('2FA on: the code is required', async () => {
    const fan = await enable2fa(t, await createFan(t));
    const res = await req('POST', '/privacy/delete-account', fan.auth, { password: fan.password, confirm: 'DELETE' });
    expect(res.statusCode).toBe(400);
    const ok = await req('POST', '/privacy/delete-account', fan.auth, { password: fan.password, code: await totpCode(t, fan.totpSecret!, 1), confirm: 'DELETE' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a creator with a positive balance is refused (422) until it is paid out; their content is hidden and the operator deletion is audited', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await topUp(t, fan, 30, { card: true });
    await tip(fan, creator, 10);
    const refused = await req('POST', '/privacy/delete-account', creator.auth, { password: creator.password, confirm: 'DELETE' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Request a payout of your balance first');
    const byOperator = await req('POST', `/admin/users/${creator.user.id}/delete`, admin.auth, { reason: 'Asked by e-mail' });
    expect(byOperator.statusCode).toBe(422);

    const empty = await createCreator(t);
    const feed = await req('POST', '/feeds/performers', empty.auth, { text: 'A public post', isSale: false });
    expect((await req('POST', `/admin/users/${admin.user.id}/delete`, admin.auth, { reason: 'Asked by e-mail' })).statusCode).toBe(422);
    const done = await req('POST', `/admin/users/${empty.user.id}/delete`, admin.auth, { reason: 'Asked by e-mail' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await req('POST', `/admin/users/${empty.user.id}/delete`, admin.auth, { reason: 'Asked by e-mail' })).statusCode).toBe(409);
    const [entry] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'privacy.delete'), eq(auditLog.targetId, empty.user.id)));
    expect(entry).toMatchObject({ actorId: admin.user.id });
    if (feed.statusCode < 300) {
      const id = feed.json().data._id;
      expect((await req('GET', `/feeds/performers/${id}`, (await createFan(t)).auth)).statusCode).toBe(404);
    }
    await expectLedgerBalanced(t);
  });
});

describe('money records in the export and at deletion (issue 29)', () => {
  /** A creator (with tax details) and a fan subscribed by card who also topped up: the top-up partly refunded, the subscription period disputed with evidence staged. */
  async function disputedFan() {
    const creator = await giveTaxDetails(t, await createCreator(t));
    expect((await req('PUT', '/performers/subscription-settings', creator.auth, { monthlyPrice: 10, freeSubscriptionEnabled: false })).statusCode).toBe(200);
    const fan = await createFan(t);
    await addCard(t, fan);
    expect((await req('POST', '/payment/subscribe/performers', fan.auth, { performerId: creator.user.id, type: 'monthly' })).statusCode).toBe(200);
    const [period] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, fan.user.id));
    await topUp(t, fan, 20);
    const [, topUpPayment] = await t.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, fan.user.id)).orderBy(paymentTransactions.createdAt);
    expect((await req('POST', `/admin/payments/${topUpPayment!.id}/refunds`, admin.auth, { amount: 5, reason: 'Charged twice' })).statusCode).toBe(200);
    const opened = await req('POST', '/admin/sandbox/disputes', admin.auth, { paymentId: period!.id, reason: 'fraudulent' });
    expect(opened.statusCode, opened.body).toBe(200);
    const disputeId = opened.json().data._id as string;
    const staged = await req('POST', `/admin/disputes/${disputeId}/evidence`, admin.auth, { customerName: 'Fan Person', customerEmailAddress: 'fan@example.com', submit: false });
    expect(staged.statusCode, staged.body).toBe(200);
    return { creator, fan, period: period!, topUpPayment: topUpPayment!, disputeId };
  }
  const json = (zip: Map<string, Buffer>, name: string) => JSON.parse(zip.get(name)!.toString('utf8')) as Array<Record<string, unknown>>;

  it("the fan's export holds their disputes (with the evidence sent about them) and refunds; the creator's their disputed sales (no fan named) and their tax details masked", async () => {
    const { creator, fan, period, topUpPayment, disputeId } = await disputedFan();
    const fanZip = await download(fan, await exportFor(fan));
    expect(json(fanZip, 'disputes.json')).toEqual([expect.objectContaining({ id: disputeId, role: 'fan', paymentId: period.id, amount: 1000, status: 'needs_response', reason: 'fraudulent', evidence: { customerName: 'Fan Person', customerEmailAddress: 'fan@example.com' } })]);
    expect(json(fanZip, 'card-refunds.json')).toEqual([expect.objectContaining({ role: 'fan', paymentId: topUpPayment.id, amount: 500, status: 'succeeded', reason: 'Charged twice', by: 'an operator' })]);
    expect(json(fanZip, 'tax-details.json')).toEqual([]);
    // Their card payments with the client that made them (light-my-request's address and agent here), and their sign-ins without the token's hash.
    const payments = json(fanZip, 'card-payments.json');
    expect(payments).toHaveLength(2);
    expect(payments).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: period.id, type: 'subscription', amount: 1000, clientIp: '127.0.0.1', clientDevice: 'lightMyRequest' }),
      expect.objectContaining({ id: topUpPayment.id, type: 'wallet_topup', amount: 2000, refunded: 500 }),
    ]));
    const signIns = json(fanZip, 'sign-ins.json');
    expect(signIns.length).toBeGreaterThan(0);
    expect(Object.keys(signIns[0]!).sort()).toEqual(['clientDevice', 'clientIp', 'expiresAt', 'id', 'lastSeenAt', 'revokedAt', 'startedAt']);

    const creatorZip = await download(creator, await exportFor(creator));
    const [sale] = json(creatorZip, 'disputes.json');
    expect(sale).toMatchObject({ id: disputeId, role: 'creator', amount: 1000, heldFromEarnings: 800 });
    expect(sale).not.toHaveProperty('evidence');
    const text = creatorZip.get('disputes.json')!.toString('utf8') + creatorZip.get('card-refunds.json')!.toString('utf8');
    expect(text).not.toContain(fan.user.id);
    expect(text).not.toContain('Fan Person');
    const [tax] = json(creatorZip, 'tax-details.json');
    expect(tax).toMatchObject({ form: 'w9', legalName: 'Test Creator' });
    expect(String(tax!.tin)).toMatch(/6789$/);
    expect(creatorZip.get('tax-details.json')!.toString('utf8')).not.toContain('123-45-6789');
  });

  it('deletion waits while a dispute of the fan is open (422); once decided, the dispute stays as a financial record and the evidence about the fan is cleared', async () => {
    const { fan, disputeId, period } = await disputedFan();
    const refused = await req('POST', '/privacy/delete-account', fan.auth, { password: fan.password, confirm: 'DELETE' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('One of your card payments is disputed with your bank: the account can be deleted once the bank has decided it');
    expect((await req('POST', '/admin/sandbox/disputes', admin.auth, { paymentId: period.id, outcome: 'lost' })).statusCode).toBe(200);
    const ok = await req('POST', '/privacy/delete-account', fan.auth, { password: fan.password, confirm: 'DELETE' });
    expect(ok.statusCode, ok.body).toBe(200);
    const [kept] = await t.ctx.db.select().from(disputes).where(eq(disputes.id, disputeId));
    expect(kept).toMatchObject({ status: 'lost', amount: 1000, userId: fan.user.id, evidence: {} });
    const detail = await req('GET', `/admin/disputes/${disputeId}`, { ...admin.auth, [ACCESS_REASON_HEADER]: encodeAccessReason('Accounting check') });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.fan).toMatchObject({ name: 'Deleted user' });
    await expectLedgerBalanced(t);
  });
});
