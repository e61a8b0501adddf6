// Over 300 lines: the account-security rules of issue 8 end to end, one describe per rule, on one app.
/**
 * Account security (issue 8): one password-change path, e-mail change by confirmed link, no e-mail
 * disclosure (registration, forgot, resend), per-user attempt limits, no-store on signed-in answers,
 * guards before validation, reserved usernames only on change.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, TEST_PASSWORD, type Made, type TestApp } from '../../../test/harness';
import { users } from '../users/users.tables';
import { authTokens, sessions } from './auth.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Req = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown; headers?: Record<string, string> };
const call = (app: TestApp, r: Req) => app.app.inject({ method: r.method, url: r.url, payload: r.payload as object, headers: r.headers });
const login = (app: TestApp, username: string, password: string, remember = false) =>
  call(app, { method: 'POST', url: '/auth/login', payload: { username, password, remember } });

interface OutMail { to: string; subject: string; text: string }
async function outbox(app: TestApp): Promise<OutMail[]> {
  // Account mails are event handlers and jobs: let them run (a WORKERS=0 node only enqueues).
  if (app.ctx.queue.workers > 0) await app.ctx.queue.drain();
  const names = await fs.readdir(app.config.outboxDir).catch(() => [] as string[]);
  return Promise.all(names.filter((n) => n.endsWith('.json')).map(async (n) => JSON.parse(await fs.readFile(path.join(app.config.outboxDir, n), 'utf8'))));
}
const mailsTo = async (app: TestApp, to: string) => (await outbox(app)).filter((m) => m.to === to);
const tokenIn = (m: OutMail, page: string) => decodeURIComponent(new RegExp(`${page.replace(/\//g, '\\/')}\\?token=([A-Za-z0-9_%-]+)`).exec(m.text)![1]!);

describe('password change (the one path)', () => {
  it('keeps the session lifetime (remembered or not), revokes every other session and answers a working token', async () => {
    for (const remember of [false, true]) {
      const fan = await createFan(t);
      const first = (await login(t, fan.user.username!, TEST_PASSWORD, remember)).json().data.token;
      const second = (await login(t, fan.user.email!, TEST_PASSWORD, remember)).json().data.token;
      const res = await call(t, { method: 'PUT', url: '/auth/users/me/password', headers: { authorization: `Bearer ${first}` }, payload: { currentPassword: TEST_PASSWORD, password: 'fresh-pass-42' } });
      expect(res.statusCode).toBe(200);
      const { token, expiresAt } = res.json().data;
      const days = (new Date(expiresAt).getTime() - Date.now()) / 86_400_000;
      if (remember) expect(days).toBeGreaterThan(364);
      else expect(days).toBeLessThanOrEqual(1);
      expect((await call(t, { method: 'GET', url: '/users/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
      for (const old of [first, second, fan.token]) expect((await call(t, { method: 'GET', url: '/users/me', headers: { authorization: `Bearer ${old}` } })).statusCode).toBe(401);
      expect((await login(t, fan.user.username!, 'fresh-pass-42')).statusCode).toBe(200);
    }
  });

  it('a wrong or missing current password → 400 on currentPassword, nothing changes', async () => {
    const fan = await createFan(t);
    for (const currentPassword of [undefined, 'not-my-password-1']) {
      const res = await call(t, { method: 'PUT', url: '/auth/users/me/password', headers: fan.auth, payload: { currentPassword, password: 'fresh-pass-42' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe('currentPassword');
    }
    expect((await login(t, fan.user.username!, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await call(t, { method: 'GET', url: '/users/me', headers: fan.auth })).statusCode).toBe(200);
  });

  it('no other route takes a password: PUT /performers/me and PUT /users refuse or ignore it', async () => {
    const c = await createCreator(t);
    const res = await call(t, { method: 'PUT', url: '/performers/me', headers: c.auth, payload: { password: 'owned-pass-99' } });
    expect(res.statusCode).toBe(400);
    const fan = await createFan(t);
    const u = await call(t, { method: 'PUT', url: '/users', headers: fan.auth, payload: { password: 'owned-pass-99', firstName: 'Ann' } });
    expect(u.statusCode).toBe(200);
    expect((await login(t, c.user.username!, 'owned-pass-99')).statusCode).toBe(401);
    expect((await login(t, fan.user.username!, 'owned-pass-99')).statusCode).toBe(401);
    expect((await login(t, fan.user.username!, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('reserved usernames apply only when the username changes', () => {
  it('an account whose stored username is reserved saves its profile unchanged; a change to a reserved one is 400', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    await t.ctx.db.update(users).set({ username: 'user' }).where(eq(users.id, fan.user.id));
    await t.ctx.db.update(users).set({ username: 'creator' }).where(eq(users.id, creator.user.id));
    const f = await call(t, { method: 'PUT', url: '/users', headers: fan.auth, payload: { username: 'user', firstName: 'Ursula' } });
    expect(f.statusCode).toBe(200);
    expect(f.json().data).toMatchObject({ username: 'user', firstName: 'Ursula' });
    const c = await call(t, { method: 'PUT', url: '/performers/me', headers: creator.auth, payload: { username: 'Creator', bio: 'Still me' } });
    expect(c.statusCode).toBe(200);
    expect(c.json().data).toMatchObject({ username: 'creator', bio: 'Still me' });
    for (const [who, url] of [[fan, '/users'], [creator, '/performers/me']] as const) {
      const r = await call(t, { method: 'PUT', url, headers: who.auth, payload: { username: 'admin' } });
      expect(r.statusCode).toBe(400);
      expect(r.json().details).toEqual([{ field: 'username', message: 'This username is reserved, please choose another' }]);
    }
  });
});

describe('e-mail change (confirmed by a link to the new address)', () => {
  const put = (who: Made, payload: object) => call(t, { method: 'PUT', url: '/users', headers: who.auth, payload });

  it('needs the current password; nothing is saved without it', async () => {
    const fan = await createFan(t);
    const next = `n-${fan.user.id.slice(-8)}@new.test`;
    for (const currentPassword of [undefined, 'wrong-pass-123']) {
      const res = await put(fan, { email: next, currentPassword, firstName: 'Changed' });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe('currentPassword');
    }
    expect((await t.ctx.db.select().from(users).where(eq(users.id, fan.user.id)))[0]).toMatchObject({ email: fan.user.email, firstName: 'Test' });
    expect(await mailsTo(t, next)).toHaveLength(0);
  });

  it('takes effect only when the link is followed, once; the old address is told', async () => {
    const fan = await createFan(t);
    const old = fan.user.email!;
    const next = `m-${fan.user.id.slice(-8)}@new.test`;
    const res = await put(fan, { email: next.toUpperCase(), currentPassword: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGES.changesSaved, pendingEmail: next, data: { email: old, verifiedEmail: true } });
    expect((await t.ctx.db.select().from(users).where(eq(users.id, fan.user.id)))[0]!.email).toBe(old);
    // The link (and with it the pending state /users/me reads) is made by the event handler.
    await t.ctx.queue.drain();
    expect((await call(t, { method: 'GET', url: '/users/me', headers: fan.auth })).json().data).toMatchObject({ email: old, pendingEmail: next });
    const [mail] = await mailsTo(t, next);
    expect(mail!.subject).toMatch(/Confirm your new e-mail/);
    const token = tokenIn(mail!, '/auth/confirm-email');
    expect(await mailsTo(t, old)).toHaveLength(0);

    const ok = await call(t, { method: 'POST', url: '/auth/email-change/confirm', payload: { token } });
    expect(ok.statusCode).toBe(200);
    expect((await t.ctx.db.select().from(users).where(eq(users.id, fan.user.id)))[0]).toMatchObject({ email: next, verifiedEmail: true });
    expect((await call(t, { method: 'GET', url: '/users/me', headers: fan.auth })).json().data).toMatchObject({ email: next, pendingEmail: null });
    const notice = await mailsTo(t, old);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.subject).toMatch(/e-mail address was changed/);
    expect(notice[0]!.text).not.toContain(next);
    // Single use.
    const again = await call(t, { method: 'POST', url: '/auth/email-change/confirm', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().details[0]).toEqual({ field: 'token', message: MESSAGES.emailChangeLinkInvalid });
    expect((await login(t, next, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('an expired link, or another kind of token, is refused (400); a newer request replaces the older link', async () => {
    const fan = await createFan(t);
    const a = `a-${fan.user.id.slice(-8)}@new.test`;
    const b = `b-${fan.user.id.slice(-8)}@new.test`;
    await put(fan, { email: a, currentPassword: TEST_PASSWORD });
    await put(fan, { email: b, currentPassword: TEST_PASSWORD });
    const tokenA = tokenIn((await mailsTo(t, a))[0]!, '/auth/confirm-email');
    expect((await call(t, { method: 'POST', url: '/auth/email-change/confirm', payload: { token: tokenA } })).statusCode).toBe(400);
    const tokenB = tokenIn((await mailsTo(t, b))[0]!, '/auth/confirm-email');
    await t.ctx.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(authTokens.userId, fan.user.id), eq(authTokens.kind, 'change-email')));
    expect((await call(t, { method: 'POST', url: '/auth/email-change/confirm', payload: { token: tokenB } })).statusCode).toBe(400);
    // A change-email token is not a verification token (nor the reverse).
    expect((await call(t, { method: 'POST', url: '/auth/email-verification/verify', payload: { token: tokenB } })).statusCode).toBe(400);
    expect((await t.ctx.db.select().from(users).where(eq(users.id, fan.user.id)))[0]!.email).toBe(fan.user.email);
  });

  it('links made out of order (handlers run side by side): the later request keeps the working link, the earlier one sends none', async () => {
    const fan = await createFan(t);
    const first = `first-${fan.user.id.slice(-8)}@new.test`;
    const second = `second-${fan.user.id.slice(-8)}@new.test`;
    const asked = Date.now();
    // The second request's handler runs first, then the first request's.
    await t.ctx.auth.sendEmailChangeLink(fan.user.id, second, new Date(asked + 1000));
    await t.ctx.auth.sendEmailChangeLink(fan.user.id, first, new Date(asked));
    expect(await mailsTo(t, first)).toHaveLength(0);
    const token = tokenIn((await mailsTo(t, second))[0]!, '/auth/confirm-email');
    expect((await call(t, { method: 'POST', url: '/auth/email-change/confirm', payload: { token } })).statusCode).toBe(200);
    expect((await t.ctx.db.select().from(users).where(eq(users.id, fan.user.id)))[0]!.email).toBe(second);
  });

  it('an address taken meanwhile → 409 at confirmation and the account keeps its e-mail', async () => {
    const fan = await createFan(t);
    const next = `race-${fan.user.id.slice(-8)}@new.test`;
    await put(fan, { email: next, currentPassword: TEST_PASSWORD });
    const token = tokenIn((await mailsTo(t, next))[0]!, '/auth/confirm-email');
    await createFan(t, { email: next });
    const res = await call(t, { method: 'POST', url: '/auth/email-change/confirm', payload: { token } });
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toEqual([{ field: 'email', message: MESSAGES.emailTaken }]);
    expect((await t.ctx.db.select().from(users).where(eq(users.id, fan.user.id)))[0]!.email).toBe(fan.user.email);
  });

  it('an account without a password may change it only right after signing in', async () => {
    const fan = await createFan(t);
    await t.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.id, fan.user.id));
    const fresh = `fresh-${fan.user.id.slice(-8)}@new.test`;
    expect((await put(fan, { email: fresh })).statusCode).toBe(200);
    await t.ctx.db.update(sessions).set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) }).where(eq(sessions.userId, fan.user.id));
    const late = await put(fan, { email: `late-${fan.user.id.slice(-8)}@new.test` });
    expect(late.statusCode).toBe(400);
    expect(late.json().details[0].field).toBe('currentPassword');
  });
});

describe('no e-mail disclosure (F7)', () => {
  const reg = (app: TestApp, o: { username: string; email: string }) =>
    call(app, { method: 'POST', url: '/auth/users/register', payload: { firstName: 'Rae', lastName: 'Fan', password: 'good-pass-1', ageConfirmed: true, acceptTerms: true, ...o } });
  /** The answer with what legitimately differs per request (ids, times, the submitted names) blanked. */
  const shape = (body: { data: { user: Record<string, unknown> } }, o: { username: string; email: string }) =>
    JSON.stringify(body).replaceAll(o.username, 'U').replaceAll(o.email, 'E').replace(/"_id":"[^"]+"/, '"_id":"ID"').replace(/"(createdAt|updatedAt)":"[^"]+"/g, '"$1":"T"');

  it('registration with a taken e-mail answers exactly as a new registration, creates nothing and tells the owner', async () => {
    const owner = await createFan(t);
    const before = (await t.ctx.db.select().from(users)).length;
    const fresh = { username: `fresh${Date.now().toString(36)}`, email: `fresh-${Date.now().toString(36)}@x.test` };
    const taken = { username: `tk${Date.now().toString(36)}`, email: owner.user.email!.toUpperCase() };
    const a = await reg(t, fresh);
    const b = await reg(t, taken);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(shape(b.json(), { username: taken.username, email: taken.email.toLowerCase() })).toBe(shape(a.json(), fresh));
    expect((await t.ctx.db.select().from(users)).length).toBe(before + 1);
    await t.ctx.queue.drain();
    const told = await mailsTo(t, owner.user.email!);
    expect(told.map((m) => m.subject)).toEqual([expect.stringMatching(/Someone tried to register/)]);
    expect((await mailsTo(t, fresh.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/Verify your e-mail/)]);
    // The username stays a clear 409.
    const dupName = await reg(t, { username: fresh.username, email: `other-${Date.now().toString(36)}@x.test` });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().details).toEqual([{ field: 'username', message: MESSAGES.usernameTaken }]);
  });

  it('forgot-password, resend and registration only enqueue: identical answers, no lookup-dependent work inline', async () => {
    // An API node that only enqueues (no workers): whatever the answer took, no mail was sent inline.
    const node = await createTestApp({ WORKERS: 0 });
    try {
      const known = await createFan(node, { verified: false });
      const unknownEmail = `nobody-${Date.now().toString(36)}@x.test`;
      for (const url of ['/auth/users/forgot', '/auth/email-verification']) {
        const before = await node.ctx.queue.pending();
        const k = await call(node, { method: 'POST', url, payload: { email: known.user.email } });
        const u = await call(node, { method: 'POST', url, payload: { email: unknownEmail } });
        expect(k.statusCode).toBe(200);
        expect(u.body).toBe(k.body);
        // One job each, for the known and the unknown address alike.
        expect(await node.ctx.queue.pending()).toBe(before + 2);
      }
      // A registration (new or taken e-mail) only enqueues and sends nothing itself: a new account's
      // event handlers (its welcome and verification mail among them) are jobs; a taken e-mail gets
      // exactly one mail job.
      const before = await node.ctx.queue.pending();
      await reg(node, { username: `n${Date.now().toString(36)}`, email: `n-${Date.now().toString(36)}@x.test` });
      const afterNew = await node.ctx.queue.pending();
      expect(afterNew).toBeGreaterThan(before);
      await reg(node, { username: `m${Date.now().toString(36)}`, email: known.user.email! });
      expect(await node.ctx.queue.pending()).toBe(afterNew + 1);
      expect(await outbox(node)).toHaveLength(0);
      const tokens = await node.ctx.db.select().from(authTokens).where(eq(authTokens.userId, known.user.id));
      expect(tokens).toHaveLength(0);
    } finally {
      await node.close();
    }
  });

  it('the queued jobs mail the known address only', async () => {
    const known = await createFan(t, { verified: false });
    const unknownEmail = `ghost-${Date.now().toString(36)}@x.test`;
    for (const email of [known.user.email!, unknownEmail]) {
      await call(t, { method: 'POST', url: '/auth/users/forgot', payload: { email } });
      await call(t, { method: 'POST', url: '/auth/email-verification', payload: { email } });
    }
    await t.ctx.queue.drain();
    expect((await mailsTo(t, known.user.email!)).map((m) => m.subject).sort()).toEqual([expect.stringMatching(/Reset your/), expect.stringMatching(/Verify your e-mail/)]);
    expect(await mailsTo(t, unknownEmail)).toHaveLength(0);
  });
});

describe('per-user attempt limits (F8)', () => {
  let lt: TestApp;
  beforeAll(async () => {
    lt = await createTestApp({ RATE_LIMIT_PASSWORD_MAX: 3, RATE_LIMIT_CARD_MAX: 2 });
  });
  afterAll(async () => {
    await lt?.close();
  });

  it('current-password guesses: password and e-mail changes share one per-user budget, then 429', async () => {
    const fan = await createFan(lt);
    const guess = (n: number) => call(lt, { method: 'PUT', url: '/auth/users/me/password', headers: fan.auth, payload: { currentPassword: `guess-${n}-xx`, password: 'fresh-pass-42' } });
    expect((await guess(1)).statusCode).toBe(400);
    expect((await guess(2)).statusCode).toBe(400);
    const email = await call(lt, { method: 'PUT', url: '/users', headers: fan.auth, payload: { email: 'elsewhere@x.test', currentPassword: 'guess-3-xx' } });
    expect(email.statusCode).toBe(400);
    const fourth = await guess(4);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(MESSAGES.rateLimited);
    // Even the right password waits now; a profile edit without an e-mail change is not counted.
    expect((await call(lt, { method: 'PUT', url: '/auth/users/me/password', headers: fan.auth, payload: { currentPassword: TEST_PASSWORD, password: 'fresh-pass-42' } })).statusCode).toBe(429);
    expect((await call(lt, { method: 'PUT', url: '/users', headers: fan.auth, payload: { email: 'elsewhere@x.test', currentPassword: TEST_PASSWORD } })).statusCode).toBe(429);
    expect((await call(lt, { method: 'PUT', url: '/users', headers: fan.auth, payload: { firstName: 'Still' } })).statusCode).toBe(200);
    // Keyed by user: another account is not affected.
    const other = await createFan(lt);
    expect((await call(lt, { method: 'PUT', url: '/auth/users/me/password', headers: other.auth, payload: { currentPassword: 'nope-nope-1', password: 'fresh-pass-42' } })).statusCode).toBe(400);
  });

  it('card attempts (add card, top-up) per user, then 429', async () => {
    const fan = await createFan(lt);
    const card = (number: string) => call(lt, { method: 'POST', url: '/sandbox/cards', headers: fan.auth, payload: { number, expMonth: 12, expYear: 2040, cvc: '123' } });
    expect((await card('4000000000000002')).statusCode).toBe(400); // declined: still an attempt
    expect((await card('4242424242424242')).statusCode).toBe(201);
    const third = await call(lt, { method: 'POST', url: '/payment/wallet/top-up', headers: fan.auth, payload: { amount: 20 } });
    expect(third.statusCode).toBe(429);
    const other = await createFan(lt);
    expect((await call(lt, { method: 'POST', url: '/sandbox/cards', headers: other.auth, payload: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } })).statusCode).toBe(201);
  });
});

describe('signed-in answers are not cached (F10)', () => {
  it('profile, transactions, cards, earnings, wallet spending: Cache-Control no-store; anonymous public answers are not marked', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    const urls: Array<[Made, string]> = [
      [fan, '/users/me'], [fan, '/payment/transactions/user/search'], [fan, '/payment-cards'], [fan, '/wallet/charges/search'],
      [creator, '/performers/me'], [creator, '/performer/earning/search'], [creator, '/performer/earning/stats'],
    ];
    for (const [who, url] of urls) {
      const res = await call(t, { method: 'GET', url, headers: who.auth });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // Errors of signed-in requests too (they can carry the user's data in messages).
    expect((await call(t, { method: 'GET', url: '/performers/me', headers: fan.auth })).headers['cache-control']).toBe('no-store');
    expect((await call(t, { method: 'GET', url: '/settings/public' })).headers['cache-control']).not.toBe('no-store');
  });
});

describe('guards run before validation', () => {
  it('anonymous callers of admin routes get 401 (fans 403) whatever the body', async () => {
    const fan = await createFan(t);
    const cases: Req[] = [
      { method: 'POST', url: '/admin/coupons', payload: { code: 1, percentage: 'lots' } },
      { method: 'PUT', url: '/admin/settings/menus', payload: { nope: true } },
      { method: 'GET', url: '/users/search?limit=100000&role=robot' },
      { method: 'PUT', url: '/performers/me', payload: { bio: 42 } },
    ];
    for (const c of cases) {
      expect((await call(t, c)).statusCode, c.url).toBe(401);
      expect((await call(t, { ...c, headers: fan.auth })).statusCode, c.url).toBe(403);
    }
  });
});

describe('admin input rules', () => {
  it('an already-expired coupon is refused (400), a future one is created', async () => {
    const admin = await createAdmin(t);
    const mk = (expiresAt: string, code: string) => call(t, { method: 'POST', url: '/admin/coupons', headers: admin.auth, payload: { code, name: 'Promo', percentage: 10, expiresAt } });
    const past = await mk(new Date(Date.now() - 60_000).toISOString(), 'PASTCODE');
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual([{ field: 'expiresAt', message: 'The expiry date must be in the future' }]);
    expect((await mk(new Date(Date.now() + 86_400_000).toISOString(), 'FUTURECODE')).statusCode).toBe(201);
  });

  it('menu links must be http(s) or a path on this site', async () => {
    const admin = await createAdmin(t);
    const set = (path: string) => call(t, { method: 'PUT', url: '/admin/settings/menus', headers: admin.auth, payload: { value: [{ title: 'Link', path }] } });
    for (const bad of ['javascript:alert(document.cookie)', 'JavaScript:alert(1)', 'data:text/html,<script>1</script>', '//evil.example', '/\\evil.example', 'vbscript:x']) {
      const res = await set(bad);
      expect(res.statusCode, bad).toBe(400);
    }
    for (const good of ['/about', 'https://example.com/help', 'http://example.com']) expect((await set(good)).statusCode, good).toBe(200);
  });
});
