import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TWO_FACTOR_ACCOUNT_MAX_FAILURES, TWO_FACTOR_MAX_FAILURES, TWO_FACTOR_MESSAGES } from '@stagepass/shared';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, enable2fa, totpCode, TEST_PASSWORD, type Made, type TestApp } from '../../../test/harness';
import { mappedRoutes } from '../../platform/routes';
import { sessions, twoFactorRecoveryCodes, twoFactorSecrets } from './auth.tables';

let t: TestApp;
/** The clock the codes are checked at: frozen, moved by the tests (`tick`). */
let now = Date.now();
const tick = (seconds: number) => (now += seconds * 1000);
beforeAll(async () => {
  t = await createTestApp();
  t.ctx.clock.now = () => new Date(now);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });
/** A 6-digit code that is not `right` (nor the codes of the steps beside it, in practice). */
const wrongCode = (right: string) => String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
const login = (m: Made, remember = false) => post('/auth/login', { username: m.user.username, password: TEST_PASSWORD, remember });
/** The same from another client address (an attacker who knows the password, or the owner elsewhere). */
const postFrom = (remoteAddress: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress });
const challengeFrom = async (address: string, m: Made): Promise<string> => {
  const res = await postFrom(address, '/auth/login', { username: m.user.username, password: TEST_PASSWORD });
  expect(res.statusCode).toBe(200);
  return res.json().data.challenge;
};
/** One sign-in from `address` with `proof`: the code step's answer. */
const signInFrom = async (address: string, m: Made, proof: { code?: string; recoveryCode?: string }) =>
  postFrom(address, '/auth/login/2fa', { challenge: await challengeFrom(address, m), ...proof });

/** Sets 2FA up through the routes and answers the secret and recovery codes. */
async function enableByRoutes(m: Made) {
  const setup = await post('/auth/2fa/setup', {}, m.auth);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qrCode } = setup.json().data;
  expect(otpauthUrl).toContain(`secret=${secret}`);
  expect(qrCode).toMatch(/^data:image\/png;base64,/);
  const wrong = await post('/auth/2fa/enable', { code: wrongCode(await totpCode(t, secret)) }, m.auth);
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().details).toEqual([{ field: 'code', message: TWO_FACTOR_MESSAGES.codeInvalid }]);
  expect((await t.app.inject({ url: '/auth/2fa', headers: m.auth })).json().data).toMatchObject({ enabled: false, pending: true });
  const ok = await post('/auth/2fa/enable', { code: await totpCode(t, secret) }, m.auth);
  expect(ok.statusCode).toBe(200);
  const codes: string[] = ok.json().data.recoveryCodes;
  return { secret, codes };
}

describe('setting two-factor authentication up', () => {
  it('refuses a wrong code, turns on with a right one, shows the recovery codes once and ends the other sessions', async () => {
    const fan = await createFan(t);
    const other = (await login(fan)).json().data.token as string;
    const { secret, codes } = await enableByRoutes(fan);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Stored: the secret encrypted, the codes hashed.
    const [row] = await t.ctx.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, fan.user.id));
    expect(row!.secret).not.toContain(secret);
    const hashes = await t.ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, fan.user.id));
    expect(hashes.map((h) => h.codeHash)).not.toContain(codes[0]);
    // Status never shows the secret or the codes again.
    const status = await t.app.inject({ url: '/auth/2fa', headers: fan.auth });
    expect(status.json().data).toMatchObject({ enabled: true, pending: false, recoveryCodesLeft: 10 });
    expect(status.body).not.toContain(secret);
    expect((await t.app.inject({ url: '/users/me', headers: fan.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/users/me', headers: { authorization: `Bearer ${other}` } })).statusCode).toBe(401);
    // A second setup while on → 409.
    expect((await post('/auth/2fa/setup', {}, fan.auth)).statusCode).toBe(409);
  });

  it('refuses enabling without a setup (409) and anonymous callers (401)', async () => {
    const fan = await createFan(t);
    expect((await post('/auth/2fa/enable', { code: '123456' }, fan.auth)).statusCode).toBe(409);
    expect((await post('/auth/2fa/setup', {})).statusCode).toBe(401);
    expect((await post('/auth/2fa/enable', { code: 'abc' }, fan.auth)).statusCode).toBe(400);
  });
});

describe('signing in with two-factor authentication', () => {
  it('keeps the one-step login for accounts without it', async () => {
    const fan = await createFan(t);
    const res = await login(fan);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ token: expect.any(String), expiresAt: expect.any(String) });
  });

  it('answers a challenge to the password, then a session to the code; the same code is not accepted twice', async () => {
    const fan = await enable2fa(t, await createFan(t));
    tick(30);
    const first = await login(fan, true);
    expect(first.statusCode).toBe(200);
    const { twoFactorRequired, challenge } = first.json().data;
    expect(twoFactorRequired).toBe(true);
    expect(first.json().data).not.toHaveProperty('token');
    const code = await totpCode(t, fan.totpSecret!);
    const ok = await post('/auth/login/2fa', { challenge, code });
    expect(ok.statusCode).toBe(200);
    const { token, expiresAt } = ok.json().data;
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(300 * 24 * 3600 * 1000); // remembered
    expect((await t.app.inject({ url: '/users/me', headers: { authorization: `Bearer ${token}` } })).json().data.twoFactorEnabled).toBe(true);
    // The challenge works once.
    expect((await post('/auth/login/2fa', { challenge, code })).statusCode).toBe(401);
    // Replay: a new challenge with the same code (same 30-second step) → refused.
    const again = (await login(fan)).json().data.challenge;
    const replay = await post('/auth/login/2fa', { challenge: again, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(TWO_FACTOR_MESSAGES.codeReused);
    // The next step's code is fine.
    tick(30);
    expect((await post('/auth/login/2fa', { challenge: again, code: await totpCode(t, fan.totpSecret!) })).statusCode).toBe(200);
  });

  it('accepts each recovery code once', async () => {
    const fan = await createFan(t);
    const { codes } = await enableByRoutes(fan);
    const c1 = (await login(fan)).json().data.challenge;
    const ok = await post('/auth/login/2fa', { challenge: c1, recoveryCode: codes[3]!.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    const c2 = (await login(fan)).json().data.challenge;
    const used = await post('/auth/login/2fa', { challenge: c2, recoveryCode: codes[3] });
    expect(used.statusCode).toBe(401);
    expect(used.json().message).toBe(TWO_FACTOR_MESSAGES.recoveryCodeInvalid);
    expect((await t.app.inject({ url: '/auth/2fa', headers: fan.auth })).json().data.recoveryCodesLeft).toBe(9);
    expect((await post('/auth/login/2fa', { challenge: c2 })).statusCode).toBe(400);
  });

  it('refuses an expired challenge', async () => {
    const fan = await enable2fa(t, await createFan(t));
    const challenge = (await login(fan)).json().data.challenge;
    tick(6 * 60);
    const res = await post('/auth/login/2fa', { challenge, code: await totpCode(t, fan.totpSecret!) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });
});

describe('wrong codes at sign-in: per challenge, per address, per account (README "Wrong codes")', () => {
  it('an address that knows the password gets 5 wrong codes (across accounts), then 429 even for a right code; the owner elsewhere still signs in with a code', async () => {
    const [owner, other] = await Promise.all([createFan(t), createFan(t)]).then((ms) => Promise.all(ms.map((m) => enable2fa(t, m))));
    tick(30);
    const attacker = '203.0.113.7';
    const right = await totpCode(t, owner.totpSecret!);
    for (let i = 0; i < TWO_FACTOR_MAX_FAILURES; i++) {
      const target = i % 2 ? other : owner;
      const res = await signInFrom(attacker, target, { code: wrongCode(await totpCode(t, target.totpSecret!)) });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await signInFrom(attacker, owner, { code: right });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TWO_FACTOR_MESSAGES.tooManyFromAddress);
    expect((await signInFrom(attacker, owner, { recoveryCode: 'aaaaa-bbbbb' })).statusCode).toBe(429);
    // The owner, from home: not locked out.
    const home = await signInFrom('198.51.100.20', owner, { code: right });
    expect(home.statusCode, home.body).toBe(200);
    // The attacker's address is free again after 15 minutes.
    tick(15 * 60);
    expect((await signInFrom(attacker, other, { code: await totpCode(t, other.totpSecret!) })).statusCode).toBe(200);
  });

  it('the account-wide limit blocks authenticator codes only: a recovery code still signs the owner in', async () => {
    const owner = await createFan(t);
    const { secret, codes } = await enableByRoutes(owner);
    tick(30);
    const wrong = wrongCode(await totpCode(t, secret));
    // Several attacker addresses, each within its own limit, until the account's limit is reached.
    let sent = 0;
    for (let a = 1; sent < TWO_FACTOR_ACCOUNT_MAX_FAILURES; a++) {
      for (let i = 0; i < TWO_FACTOR_MAX_FAILURES - 1 && sent < TWO_FACTOR_ACCOUNT_MAX_FAILURES; i++, sent++) {
        expect((await signInFrom(`203.0.113.${100 + a}`, owner, { code: wrong })).statusCode).toBe(401);
      }
    }
    const owners = '198.51.100.30';
    const byCode = await signInFrom(owners, owner, { code: await totpCode(t, secret) });
    expect(byCode.statusCode).toBe(429);
    expect(byCode.json().message).toBe(TWO_FACTOR_MESSAGES.accountLocked);
    // The account page says the same to a signed-in session (authenticator codes only count here too).
    expect((await post('/auth/2fa/disable', { code: await totpCode(t, secret) }, owner.auth)).statusCode).toBe(429);
    const byRecovery = await signInFrom(owners, owner, { recoveryCode: codes[0] });
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);
    // 15 minutes later the authenticator works again.
    tick(15 * 60);
    expect((await signInFrom(owners, owner, { code: await totpCode(t, secret) })).statusCode).toBe(200);
  });

  it('a challenge takes 5 wrong codes, even from different addresses; then it is over and a new sign-in is needed', async () => {
    const fan = await enable2fa(t, await createFan(t));
    tick(30);
    const challenge = await challengeFrom('192.0.2.1', fan);
    const right = await totpCode(t, fan.totpSecret!);
    for (let i = 1; i <= TWO_FACTOR_MAX_FAILURES; i++) {
      const res = await postFrom(`192.0.2.${i}`, '/auth/login/2fa', { challenge, code: wrongCode(right) });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(i < TWO_FACTOR_MAX_FAILURES ? TWO_FACTOR_MESSAGES.codeInvalid : TWO_FACTOR_MESSAGES.challengeExhausted);
    }
    const late = await postFrom('192.0.2.50', '/auth/login/2fa', { challenge, code: right });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    expect((await signInFrom('192.0.2.50', fan, { code: right })).statusCode).toBe(200);
  });

  it('a right code resets the account count; a replayed code is not counted', async () => {
    const fan = await enable2fa(t, await createFan(t));
    tick(30);
    const wrong = wrongCode(await totpCode(t, fan.totpSecret!));
    for (let i = 0; i < TWO_FACTOR_ACCOUNT_MAX_FAILURES - 1; i++) expect((await signInFrom(`198.18.0.${i}`, fan, { code: wrong })).statusCode).toBe(401);
    const code = await totpCode(t, fan.totpSecret!);
    expect((await signInFrom('198.18.1.1', fan, { code })).statusCode).toBe(200);
    expect((await signInFrom('198.18.1.1', fan, { code })).json().message).toBe(TWO_FACTOR_MESSAGES.codeReused);
    tick(30);
    for (let i = 0; i < TWO_FACTOR_ACCOUNT_MAX_FAILURES - 1; i++) expect((await signInFrom(`198.18.2.${i}`, fan, { code: wrong })).statusCode).toBe(401);
    expect((await signInFrom('198.18.1.1', fan, { code: await totpCode(t, fan.totpSecret!) })).statusCode).toBe(200);
  });
});

describe('turning two-factor authentication off', () => {
  it('needs a current code or a recovery code', async () => {
    const fan = await enable2fa(t, await createFan(t));
    tick(30);
    expect((await post('/auth/2fa/disable', {}, fan.auth)).statusCode).toBe(400);
    const wrong = await post('/auth/2fa/disable', { code: wrongCode(await totpCode(t, fan.totpSecret!)) }, fan.auth);
    expect(wrong.statusCode).toBe(400);
    const ok = await post('/auth/2fa/disable', { code: await totpCode(t, fan.totpSecret!) }, fan.auth);
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/auth/2fa', headers: fan.auth })).json().data).toMatchObject({ enabled: false, pending: false });
    expect((await login(fan)).json().data).toHaveProperty('token');
    expect(await t.ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, fan.user.id))).toEqual([]);
  });

  it('replaces the recovery codes after a code', async () => {
    const fan = await createFan(t);
    const { secret, codes } = await enableByRoutes(fan);
    tick(30);
    const res = await post('/auth/2fa/recovery-codes', { code: await totpCode(t, secret) }, fan.auth);
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    const challenge = (await login(fan)).json().data.challenge;
    expect((await post('/auth/login/2fa', { challenge, recoveryCode: codes[0] })).statusCode).toBe(401);
    expect((await post('/auth/login/2fa', { challenge, recoveryCode: fresh[0] })).statusCode).toBe(200);
  });
});

describe('what needs two-factor authentication', () => {
  it('every admin route answers 403 to an admin without it (401 anonymous, 403 fan), and works with it', async () => {
    const [bare, admin, fan] = await Promise.all([createAdminWithout2fa(t), createAdmin(t), createFan(t)]);
    const adminRoutes = mappedRoutes(t.app).filter((r) => r.def.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(3);
    for (const r of adminRoutes) {
      const url = r.url.replace(/:[A-Za-z]+/g, '0190a4f0-0000-7000-8000-000000000000');
      const method = r.method.split(',')[0] as 'GET';
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await t.app.inject({ method, url, headers: fan.auth })).statusCode, `${method} ${url} fan`).toBe(403);
      const res = await t.app.inject({ method, url, headers: bare.auth });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(TWO_FACTOR_MESSAGES.adminRequired);
    }
    expect((await t.app.inject({ url: '/admin/settings', headers: admin.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/admin/settings', headers: bare.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/payout-requests/search', headers: bare.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/payout-requests/search', headers: admin.auth })).statusCode).toBe(200);
    // Turning it on in the console's own session opens the console at once.
    const late = await enable2fa(t, bare);
    expect((await t.app.inject({ url: '/admin/settings', headers: late.auth })).statusCode).toBe(200);
  });

  it('a creator needs it to request a payout or change payout details', async () => {
    const creator = await createCreator(t);
    for (const [method, url, payload] of [
      ['POST', '/payout-requests', { amount: 50 }],
      ['PUT', '/payout-requests/0190a4f0-0000-7000-8000-000000000000', { amount: 50 }],
      ['PUT', '/performers/banking-settings', {}],
      ['PUT', '/performers/payment-gateway-settings', {}],
    ] as const) {
      const res = await t.app.inject({ method, url, payload, headers: creator.auth });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(TWO_FACTOR_MESSAGES.payoutRequired);
    }
    // Reading is fine without it.
    expect((await t.app.inject({ url: '/performers/banking-settings', headers: creator.auth })).statusCode).toBe(200);
    await enable2fa(t, creator);
    const res = await post('/payout-requests', { amount: 50 }, creator.auth);
    expect(res.json().message).not.toBe(TWO_FACTOR_MESSAGES.payoutRequired);
    expect(res.statusCode).not.toBe(403);
  });

  it('a social sign-in of a two-factor account answers the challenge too', async () => {
    const fan = await enable2fa(t, await createFan(t));
    const answer = await t.ctx.auth.socialLogin({ provider: 'google', subject: `g-${fan.user.id}`, email: fan.user.email, emailVerified: true, name: 'G', role: 'user', consent: true, ip: null });
    expect(answer).toMatchObject({ twoFactorRequired: true });
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, fan.user.id))).toHaveLength(1);
  });
});
