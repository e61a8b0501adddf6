// The operator console's Users section end to end: list and filters, one account's money summary, and the audited actions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADMIN_USER_MESSAGES, MESSAGES, adminUserDetailSchema, adminUserSchema } from '@stagepass/shared';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, TEST_PASSWORD, type Made, type TestApp } from '../../../test/harness';
import { startSmtp } from '../../../test/smtp';
import { connectClient, listen, sleep, type Client } from '../../../test/sockets';
import { createFeed, purchase, subscribe } from '../../../test/factories';
import { topUp } from '../../../test/money';
import { auditLog } from '../../platform/audit.tables';
import { users } from './users.tables';
import { performerProfiles } from '../performers/performers.tables';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Made;
let fan: Made;
let creator: Made;
const open: Client[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url });
  [admin, fan, creator] = [await createAdmin(t), await createFan(t), await createCreator(t)];
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await t?.close();
  await smtp?.close();
});

const req = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const audits = (targetId: string) => t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
const reason = { reason: 'Breaking the rules' };

describe('every Users route × role', () => {
  it('anonymous → 401, fan, creator and an admin without 2FA → 403, admin with 2FA → 2xx', async () => {
    const target = await createFan(t);
    const no2fa = await createAdminWithout2fa(t);
    const routes: Array<['GET' | 'POST' | 'PUT', string, object | undefined]> = [
      ['GET', '/admin/users', undefined],
      ['GET', `/admin/users/${target.user.id}`, undefined],
      ['POST', `/admin/users/${target.user.id}/suspend`, reason],
      ['POST', `/admin/users/${target.user.id}/reactivate`, reason],
      ['POST', `/admin/users/${target.user.id}/password-reset`, reason],
      ['PUT', `/admin/users/${target.user.id}/admin`, { admin: true, ...reason }],
    ];
    for (const [method, url, body] of routes) {
      expect((await req(method, url, {}, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await req(method, url, fan.auth, body)).statusCode, `${method} ${url} fan`).toBe(403);
      expect((await req(method, url, creator.auth, body)).statusCode, `${method} ${url} creator`).toBe(403);
      expect((await req(method, url, no2fa.auth, body)).statusCode, `${method} ${url} admin without 2FA`).toBe(403);
      const ok = await req(method, url, admin.auth, body);
      expect(ok.statusCode, `${method} ${url} admin: ${ok.body}`).toBe(200);
    }
  });

  it('bad input → 400 with field errors; unknown id → 404', async () => {
    const bad = await req('GET', '/admin/users?limit=101&country=France&createdFrom=soon', admin.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['country', 'createdFrom', 'limit']);
    const noReason = await req('POST', `/admin/users/${fan.user.id}/suspend`, admin.auth, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details[0].field).toBe('reason');
    expect((await req('GET', '/admin/users/not-a-uuid', admin.auth)).statusCode).toBe(400);
    const missing = '0190a0a0-0000-7000-8000-000000000000';
    expect((await req('GET', `/admin/users/${missing}`, admin.auth)).statusCode).toBe(404);
    expect((await req('POST', `/admin/users/${missing}/suspend`, admin.auth, reason)).statusCode).toBe(404);
    expect(await audits(missing)).toHaveLength(0);
  });
});

describe('GET /admin/users', () => {
  it('filters by q, role, status, e-mail verification, KYC, country and sign-up dates; pages', async () => {
    const tag = `flt${Date.now().toString(36)}`;
    const a = await createFan(t, { username: `${tag}a` });
    const b = await createFan(t, { username: `${tag}b`, verified: false });
    const c = await createCreator(t, { username: `${tag}c` });
    await t.ctx.db.update(users).set({ country: 'FR', createdAt: new Date('2024-01-15T10:00:00Z') }).where(eq(users.id, a.user.id));
    await t.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, b.user.id));
    await t.ctx.db.update(performerProfiles).set({ verificationStatus: 'approved' }).where(eq(performerProfiles.userId, c.user.id));
    const ids = async (query: string) => {
      const res = await req('GET', `/admin/users?${query.startsWith('q=') ? '' : `q=${tag}&`}${query}`, admin.auth);
      expect(res.statusCode, res.body).toBe(200);
      for (const row of res.json().data.data) adminUserSchema.parse(row);
      return (res.json().data.data as Array<{ _id: string }>).map((r) => r._id).sort();
    };
    expect(await ids('')).toEqual([a.user.id, b.user.id, c.user.id].sort());
    expect(await ids(`q=${tag.toUpperCase()}C`)).toEqual([c.user.id]);
    expect(await ids('role=performer')).toEqual([c.user.id]);
    expect(await ids('role=user')).toEqual([a.user.id, b.user.id].sort());
    expect(await ids('status=suspended')).toEqual([b.user.id]);
    expect(await ids('emailVerified=false')).toEqual([b.user.id]);
    expect(await ids('kyc=approved')).toEqual([c.user.id]);
    expect(await ids('kyc=pending')).toEqual([]);
    expect(await ids('country=fr')).toEqual([a.user.id]);
    expect(await ids('createdFrom=2024-01-01&createdTo=2024-01-15')).toEqual([a.user.id]);
    expect(await ids('createdTo=2024-01-14')).toEqual([]);
    const page = await req('GET', `/admin/users?q=${tag}&sortBy=username&sort=asc&limit=2&offset=2`, admin.auth);
    expect(page.json().data).toMatchObject({ total: 3, data: [{ _id: c.user.id, kyc: 'approved' }] });
    const row = (await req('GET', `/admin/users?q=${tag}a`, admin.auth)).json().data.data[0];
    expect(row).toMatchObject({ kyc: null, country: 'FR', isPerformer: false, isAdmin: false });
    expect(JSON.stringify(row)).not.toMatch(/password/i);
  });
});

describe('GET /admin/users/{id}', () => {
  it("a fan's money: balance, total spent, purchases, running subscriptions; a creator's: gross, net, payouts, subscribers, commission", async () => {
    const buyer = await createFan(t);
    const seller = await createCreator(t);
    // 20.00 on the wallet, then a 5.00 ppv post bought from it (ledger and earnings through the real wallet).
    const feed = await createFeed(t, seller.user.id, { visibility: 'ppv', price: 5 });
    await topUp(t, buyer, 20, { card: true });
    const bought = await req('POST', `/wallet/charges/feed/${feed.id}`, buyer.auth, {});
    expect(bought.statusCode, bought.body).toBe(200);
    await subscribe(t, buyer.user.id, seller.user.id);
    await purchase(t, buyer.user.id, { id: (await createFeed(t, seller.user.id)).id, performerId: seller.user.id, price: 0 });
    const f = (await req('GET', `/admin/users/${buyer.user.id}`, admin.auth)).json().data;
    adminUserDetailSchema.parse(f);
    expect(f.money).toEqual({ kind: 'fan', balance: 15, totalSpent: 5, purchases: 2, activeSubscriptions: 1 });
    expect(f).toMatchObject({ hasPassword: true, google: false, twitter: false, isPerformer: false });
    const c = (await req('GET', `/admin/users/${seller.user.id}`, admin.auth)).json().data;
    adminUserDetailSchema.parse(c);
    expect(c.money).toMatchObject({ kind: 'creator', gross: 5, paidOut: 0, pending: 0, activeSubscribers: 1, commissionOverride: null });
    expect(c.money.net).toBe(c.money.available);
    expect(c.money.net).toBeCloseTo(5 * (1 - c.money.siteCommission / 100), 2);
    expect(c.kyc).not.toBeNull();
  });
});

describe('suspend and reactivate', () => {
  it('ends the sessions (old token → 401 at once) and the sockets, refuses login, audits; reactivating restores login', async () => {
    const victim = await createFan(t);
    const url = await listen(t.app);
    const socket = await connectClient(url, victim.token, open);
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    expect((await req('GET', '/users/me', victim.auth)).statusCode).toBe(200);
    const res = await req('POST', `/admin/users/${victim.user.id}/suspend`, admin.auth, reason);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('suspended');
    const after = await req('GET', '/users/me', victim.auth);
    expect(after.statusCode).toBe(401);
    await Promise.race([closed, sleep(3000).then(() => { throw new Error('socket still connected'); })]);
    expect(socket.connected).toBe(false);
    const login = await req('POST', '/auth/login', {}, { username: victim.user.username!, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MESSAGES.accountSuspended);
    expect((await req('POST', `/admin/users/${victim.user.id}/suspend`, admin.auth, reason)).statusCode).toBe(409);
    const back = await req('POST', `/admin/users/${victim.user.id}/reactivate`, admin.auth, { reason: 'Appeal accepted' });
    expect(back.json().data.status).toBe('active');
    expect((await req('GET', '/users/me', victim.auth)).statusCode).toBe(401);
    expect((await req('POST', '/auth/login', {}, { username: victim.user.username!, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await req('POST', `/admin/users/${victim.user.id}/reactivate`, admin.auth, reason)).statusCode).toBe(409);
    const log = await audits(victim.user.id);
    expect(log.map((e) => e.action).sort()).toEqual(['user.reactivate', 'user.suspend']);
    const s = log.find((e) => e.action === 'user.suspend')!;
    expect(s).toMatchObject({ actorId: admin.user.id, targetType: 'user', before: { status: 'active' }, after: { status: 'suspended', reason: reason.reason } });
  });

  it('an admin cannot suspend themself; a refused action leaves no audit entry', async () => {
    const res = await req('POST', `/admin/users/${admin.user.id}/suspend`, admin.auth, reason);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(ADMIN_USER_MESSAGES.notSelf);
    expect(await audits(admin.user.id)).toHaveLength(0);
  });
});

describe('force a password reset', () => {
  it('the password stops working, sessions end, the reset link is mailed and works', async () => {
    const victim = await createFan(t);
    const res = await req('POST', `/admin/users/${victim.user.id}/password-reset`, admin.auth, reason);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.hasPassword).toBe(false);
    expect((await req('GET', '/users/me', victim.auth)).statusCode).toBe(401);
    expect((await req('POST', '/auth/login', {}, { username: victim.user.username!, password: TEST_PASSWORD })).statusCode).toBe(401);
    // Mailed by the event's handler job: on a busy machine that can take longer than waitFor's 5 s.
    const mail = await smtp.waitFor(victim.user.email!, (m) => /Reset/.test(m.subject)).catch(() => smtp.waitFor(victim.user.email!, (m) => /Reset/.test(m.subject))).catch(() => smtp.waitFor(victim.user.email!, (m) => /Reset/.test(m.subject)));
    const token = smtp.tokenIn(mail, '/auth/reset-password');
    expect((await req('POST', '/auth/users/reset-password', {}, { token, password: 'brand-new-pass-2' })).statusCode).toBe(200);
    expect((await req('POST', '/auth/login', {}, { username: victim.user.username!, password: 'brand-new-pass-2' })).statusCode).toBe(200);
    const [entry] = await audits(victim.user.id);
    expect(entry).toMatchObject({ action: 'user.force-password-reset', before: { password: '[secret]' } });
    expect(JSON.stringify(entry)).not.toContain('$argon2');
  });

  it('refused for a suspended account and for oneself (no entry)', async () => {
    const victim = await createFan(t);
    await t.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, victim.user.id));
    expect((await req('POST', `/admin/users/${victim.user.id}/password-reset`, admin.auth, reason)).json().message).toBe(ADMIN_USER_MESSAGES.suspendedNoReset);
    expect((await req('POST', `/admin/users/${admin.user.id}/password-reset`, admin.auth, reason)).statusCode).toBe(422);
    expect(await audits(victim.user.id)).toHaveLength(0);
  });
});

describe('grant and revoke admin', () => {
  it('grants and revokes, never on oneself, never twice; audited', async () => {
    const other = await createFan(t);
    const grant = await req('PUT', `/admin/users/${other.user.id}/admin`, admin.auth, { admin: true, ...reason });
    expect(grant.json().data.isAdmin).toBe(true);
    // The new role applies to the account's open session at once (the session cache is evicted).
    expect((await req('GET', '/users/me', other.auth)).json().data.isAdmin).toBe(true);
    expect((await req('PUT', `/admin/users/${other.user.id}/admin`, admin.auth, { admin: true, ...reason })).statusCode).toBe(409);
    const self = await req('PUT', `/admin/users/${admin.user.id}/admin`, admin.auth, { admin: false, ...reason });
    expect(self.statusCode).toBe(422);
    const revoke = await req('PUT', `/admin/users/${other.user.id}/admin`, admin.auth, { admin: false, ...reason });
    expect(revoke.json().data.isAdmin).toBe(false);
    expect((await req('GET', '/users/me', other.auth)).json().data.isAdmin).toBe(false);
    const log = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, other.user.id), eq(auditLog.targetType, 'user')));
    expect(log.map((e) => e.action).sort()).toEqual(['user.grant-admin', 'user.revoke-admin']);
  });

  it('two admins revoking (or suspending) each other at once: one wins, one active admin always remains', async () => {
    const solo = await createTestApp();
    try {
      const [a, b] = [await createAdmin(solo), await createAdmin(solo)];
      const act = (by: Made, on: Made) => solo.app.inject({ method: 'PUT', url: `/admin/users/${on.user.id}/admin`, headers: by.auth, payload: { admin: false, ...reason } });
      const codes = (await Promise.all([act(a, b), act(b, a)])).map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 422]);
      const left = await solo.ctx.db.select({ roles: users.roles }).from(users);
      expect(left.filter((u) => u.roles.includes('admin'))).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });
});

describe('commission override', () => {
  it('is audited with before/after; a non-creator → 404 and no entry', async () => {
    const res = await req('PUT', `/admin/performers/${creator.user.id}/commission`, admin.auth, { percentage: 12.5, reason: 'Top creator' });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, creator.user.id), eq(auditLog.action, 'performer.commission')));
    expect(entry).toMatchObject({ before: { commissionOverride: null }, after: { commissionOverride: 12.5, reason: 'Top creator' } });
    expect((await req('GET', `/admin/users/${creator.user.id}`, admin.auth)).json().data.money.commissionOverride).toBe(12.5);
    expect((await req('PUT', `/admin/performers/${fan.user.id}/commission`, admin.auth, { percentage: 1 })).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, fan.user.id), eq(auditLog.action, 'performer.commission')))).toHaveLength(0);
  });
});
