import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TERMS_REQUIRED_CODE } from '@stagepass/shared';
import { auditLog } from '../../platform/audit.tables';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, multipart, type Made, type TestApp } from '../../../test/harness';
import { users } from '../users/users.tables';
import { legalAcceptances } from './legal.tables';

/**
 * Age and terms (issue 28 §1): sign-up confirmations (form, creator), acceptance rows, the operator
 * publishing a new version (audited), the terms gate on an old session, accepting.
 */
let t: TestApp;
let admin: Made;
let fan: Made;
let creator: Made;
beforeAll(async () => {
  t = await createTestApp();
  [admin, fan, creator] = await Promise.all([createAdmin(t), createFan(t), createCreator(t)]);
  // Two published pages the documents are.
  for (const title of ['Terms of service', 'Privacy policy']) {
    const res = await t.app.inject({ method: 'POST', url: '/admin/posts', headers: admin.auth, payload: { title, body: `<p>${title}</p>`, status: 'published' } });
    expect(res.statusCode).toBe(201);
  }
  await t.app.inject({ method: 'POST', url: '/admin/posts', headers: admin.auth, payload: { title: 'Draft terms', body: '<p>x</p>' } });
});
afterAll(async () => {
  await t?.close();
});

type H = Record<string, string>;
const req = (method: 'GET' | 'POST', url: string, headers: H = {}, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const fields = (res: { json(): { details?: Array<{ field: string }> } }) => (res.json().details ?? []).map((d) => d.field).sort();
const publish = (kind: 'terms' | 'privacy', slug: string) => req('POST', '/admin/legal/documents', admin.auth, { kind, slug });
const rows = (userId: string) => t.ctx.db.select().from(legalAcceptances).where(eq(legalAcceptances.userId, userId));
let n = 0;
const signUp = (o: object = {}, headers: H = {}) => {
  const u = `legal${Date.now().toString(36)}${n++}`;
  return req('POST', '/auth/users/register', headers, { firstName: 'Lee', lastName: 'Gal', username: u, email: `${u}@x.test`, password: 'good-pass-1', ...o });
};

describe('operator routes × roles', () => {
  it.each([
    ['GET', '/admin/legal/documents', undefined],
    ['POST', '/admin/legal/documents', { kind: 'terms', slug: 'terms-of-service' }],
  ] as const)('%s %s: anonymous 401, fan and creator 403', async (method, url, body) => {
    expect((await req(method, url, {}, body)).statusCode).toBe(401);
    expect((await req(method, url, fan.auth, body)).statusCode).toBe(403);
    expect((await req(method, url, creator.auth, body)).statusCode).toBe(403);
  });
  it('POST /legal/accept needs a session', async () => {
    expect((await req('POST', '/legal/accept', {}, { kind: 'terms', version: 1 })).statusCode).toBe(401);
  });
});

describe('sign-up confirmations', () => {
  it('a fan sign-up without them → 400 naming both fields; false is refused the same', async () => {
    const none = await signUp();
    expect(none.statusCode).toBe(400);
    expect(fields(none)).toEqual(['acceptTerms', 'ageConfirmed']);
    const falsy = await signUp({ ageConfirmed: false, acceptTerms: true });
    expect(falsy.statusCode).toBe(400);
    expect(fields(falsy)).toEqual(['ageConfirmed']);
    expect(falsy.json().details[0].message).toBe('Confirm that you are old enough to use this site');
  });

  it('a creator sign-up (multipart) without them → 400 naming both fields', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const u = `legalc${Date.now().toString(36)}`;
    const body = multipart({ firstName: 'Cee', lastName: 'Ator', username: u, email: `${u}@x.test`, password: 'good-pass-1' }, [
      { field: 'idVerification', filename: 'a.png', content: png, type: 'image/png' },
      { field: 'documentVerification', filename: 'b.png', content: png, type: 'image/png' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/auth/performers/register', headers: body.headers, payload: body.payload });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['acceptTerms', 'ageConfirmed']);
  });

  it('with them and nothing published: the age is recorded (the minimum age, the clock, the address)', async () => {
    const at = new Date('2026-03-01T10:00:00Z');
    const spy = vi.spyOn(t.ctx.clock, 'now').mockReturnValue(at);
    try {
      const res = await signUp({ ageConfirmed: true, acceptTerms: true }, { 'x-forwarded-for': '203.0.113.7' });
      expect(res.statusCode).toBe(201);
      const list = await rows(res.json().data.user._id);
      expect(list.map((r) => [r.kind, r.version, r.acceptedAt.toISOString()])).toEqual([['age', 18, at.toISOString()]]);
      expect(list[0]!.ip).toBeTruthy();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('publishing, the gate, accepting', () => {
  it('the operator publishes version 1 of each: 400 for a draft or unknown page; audited', async () => {
    const draft = await publish('terms', 'draft-terms');
    expect(draft.statusCode).toBe(400);
    expect(fields(draft)).toEqual(['slug']);
    expect((await publish('terms', 'no-such-page')).statusCode).toBe(400);

    const terms = await publish('terms', 'terms-of-service');
    expect(terms.statusCode).toBe(201);
    expect(terms.json().data).toMatchObject({ kind: 'terms', version: 1, slug: 'terms-of-service', title: 'Terms of service', current: true, acceptances: 0 });
    const [entry] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'legal.publish'), eq(auditLog.targetId, terms.json().data._id)));
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'legal_document', after: { kind: 'terms', version: 1, slug: 'terms-of-service' } });
    expect((await publish('privacy', 'privacy-policy')).statusCode).toBe(201);

    const docs = (await req('GET', '/legal/documents')).json().data;
    expect(docs).toMatchObject({ minimumAge: 18, pending: null });
    expect(docs.documents.map((d: { kind: string; version: number }) => [d.kind, d.version])).toEqual([['terms', 1], ['privacy', 1]]);
  });

  it('a sign-up now records both documents at their versions, with the age', async () => {
    const at = new Date('2026-04-02T08:30:00Z');
    const spy = vi.spyOn(t.ctx.clock, 'now').mockReturnValue(at);
    try {
      const res = await signUp({ ageConfirmed: true, acceptTerms: true });
      expect(res.statusCode).toBe(201);
      const id = res.json().data.user._id;
      const list = await rows(id);
      expect(list.map((r) => `${r.kind}:${r.version}`).sort()).toEqual(['age:18', 'privacy:1', 'terms:1']);
      expect(list.every((r) => r.acceptedAt.toISOString() === at.toISOString() && r.ip)).toBe(true);
      const [row] = await t.ctx.db.select({ a: users.legalAccepted }).from(users).where(eq(users.id, id));
      expect(row!.a).toEqual({ age: 18, terms: 1, privacy: 1 });
    } finally {
      spy.mockRestore();
    }
  });

  it('an old session gets 403 terms_required on signed-in routes, a visitor’s answer on public ones, and may read, accept and sign out', async () => {
    // The fan signed up before anything was published (the factory): both documents are pending.
    const me = await req('GET', '/users/me', fan.auth);
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({ code: TERMS_REQUIRED_CODE });
    expect((await req('GET', '/wallet/charges/search', fan.auth)).statusCode).toBe(403);
    // A public route answers as to a visitor (no "no-store": nothing of the account in it).
    const pub = await req('GET', '/settings/public', fan.auth);
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['cache-control']).not.toBe('no-store');

    const docs = (await req('GET', '/legal/documents', fan.auth)).json().data;
    // Factory accounts confirmed their age at sign-up.
    expect(docs.pending).toEqual({ kinds: ['terms', 'privacy'], age: false });

    const stale = await req('POST', '/legal/accept', fan.auth, { kind: 'terms', version: 2 });
    expect(stale.statusCode).toBe(400);
    expect(fields(stale)).toEqual(['version']);
    const first = await req('POST', '/legal/accept', fan.auth, { kind: 'terms', version: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ kinds: ['privacy'], age: false });
    expect((await req('GET', '/users/me', fan.auth)).statusCode).toBe(403);
    expect((await req('POST', '/legal/accept', fan.auth, { kind: 'privacy', version: 1 })).json().data).toEqual({ kinds: [], age: false });
    expect((await req('GET', '/users/me', fan.auth)).statusCode).toBe(200);
    expect((await rows(fan.user.id)).map((r) => `${r.kind}:${r.version}`).sort()).toEqual(['age:18', 'privacy:1', 'terms:1']);
  });

  it('a new terms version stops the fan again until accepted; operators are exempt; sign-out stays open', async () => {
    const half = await createAdminWithout2fa(t); // accepted version 1 at sign-up
    expect((await publish('terms', 'terms-of-service')).json().data).toMatchObject({ version: 2, current: true });
    const list = (await req('GET', '/admin/legal/documents', admin.auth)).json().data;
    expect(list.filter((d: { kind: string }) => d.kind === 'terms').map((d: { version: number; current: boolean; acceptances: number }) => [d.version, d.current, d.acceptances]))
      .toEqual([[2, true, 0], [1, false, 3]]); // version 1: two earlier sign-ups and `half`

    const me = await req('GET', '/users/me', fan.auth);
    expect(me.statusCode).toBe(403);
    expect(me.json().code).toBe(TERMS_REQUIRED_CODE);
    expect((await req('GET', '/users/me', admin.auth)).statusCode).toBe(200);
    // Exempt is "acts as operator" (admin WITH 2FA): an admin role without it is stopped like anyone.
    expect((await req('GET', '/users/me', half.auth)).json().code).toBe(TERMS_REQUIRED_CODE);
    // Only the current version can be accepted.
    const stale = await req('POST', '/legal/accept', fan.auth, { kind: 'terms', version: 1 });
    expect(stale.statusCode).toBe(400);
    expect(fields(stale)).toEqual(['version']);
    expect((await req('POST', '/legal/accept', fan.auth, { kind: 'terms', version: 2 })).statusCode).toBe(200);
    expect((await req('GET', '/users/me', fan.auth)).statusCode).toBe(200);

    // The creator never accepted anything: still stopped, and may sign out.
    expect((await req('GET', '/users/me', creator.auth)).statusCode).toBe(403);
    expect((await req('POST', '/auth/logout', creator.auth)).statusCode).toBe(200);
  });

  it('an account that never confirmed its age must confirm it with the terms', async () => {
    const other = await createFan(t);
    await t.ctx.db.update(users).set({ legalAccepted: {} }).where(eq(users.id, other.user.id));
    await t.ctx.sessions.evictUser(other.user.id);
    expect((await req('GET', '/legal/documents', other.auth)).json().data.pending).toEqual({ kinds: ['terms', 'privacy'], age: true });
    const without = await req('POST', '/legal/accept', other.auth, { kind: 'terms', version: 2 });
    expect(without.statusCode).toBe(400);
    expect(fields(without)).toEqual(['ageConfirmed']);
    const res = await req('POST', '/legal/accept', other.auth, { kind: 'terms', version: 2, ageConfirmed: true });
    expect(res.json().data).toEqual({ kinds: ['privacy'], age: false });
  });
});
