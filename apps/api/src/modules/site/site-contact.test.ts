import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { CONTACT_SENT } from '@stagepass/shared';
import { auditLog } from '../../platform/audit.tables';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { CONTACT_RATE_LIMIT } from './site.routes';
import { contactMessages } from './site.tables';

/** The contact form (spec §7 POST /contact) and the console's inbox. */
let t: TestApp;
let admin: Made;
let fan: Made;
let creator: Made;
let siteverify: { url: string; close(): Promise<void> };
beforeAll(async () => {
  siteverify = await startSiteverify();
  t = await createTestApp({ RECAPTCHA_VERIFY_URL: siteverify.url });
  [admin, fan, creator] = await Promise.all([createAdmin(t), createFan(t), createCreator(t)]);
});
afterAll(async () => {
  await t?.close();
  await siteverify?.close();
});

type H = Record<string, string>;
let ipSeq = 1;
/** Each call from its own client address unless told (the route's limit is per address). */
const send = (payload: object, o: { headers?: H; ip?: string } = {}) =>
  t.app.inject({ method: 'POST', url: '/contact', headers: o.headers ?? {}, payload, remoteAddress: o.ip ?? `10.0.0.${ipSeq++}` });
const req = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H = {}, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const fields = (res: { json(): { details?: Array<{ field: string }> } }) => (res.json().details ?? []).map((d) => d.field);
const MSG = { name: 'Ada Visitor', email: 'Ada@Example.com', message: 'Hello,\nhow do I become a creator?' };

/** The mails written to DATA_DIR/outbox (no SMTP_URL in tests). */
async function outbox(): Promise<Array<{ to: string; subject: string; text: string; headers?: H }>> {
  const files = (await fs.readdir(t.config.outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
  return Promise.all(files.map(async (f) => JSON.parse(await fs.readFile(path.join(t.config.outboxDir, f), 'utf8'))));
}
async function latestMessage() {
  const list = (await req('GET', '/admin/contact?limit=1', admin.auth)).json().data;
  return list.data[0];
}

describe('operator routes × roles', () => {
  const id = '0190a5b4-0000-7000-8000-000000000000';
  const cases: Array<[string, string, object?]> = [
    ['GET', '/admin/contact'],
    ['GET', `/admin/contact/${id}`],
    ['PUT', `/admin/contact/${id}/read`, { read: true }],
    ['POST', `/admin/contact/${id}/answer`, { answer: 'Hi' }],
  ];
  it.each(cases)('%s %s: anonymous 401, fan and creator 403', async (method, url, body) => {
    expect((await req(method as 'GET', url, {}, body)).statusCode).toBe(401);
    expect((await req(method as 'GET', url, fan.auth, body)).statusCode).toBe(403);
    expect((await req(method as 'GET', url, creator.auth, body)).statusCode).toBe(403);
  });
});

describe('POST /contact', () => {
  it('stores the message and mails every admin (no contactEmail set) from a job, Reply-To the sender', async () => {
    const res = await send(MSG);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ success: true, message: CONTACT_SENT });
    const m = await latestMessage();
    expect(m).toMatchObject({ name: 'Ada Visitor', email: 'ada@example.com', message: MSG.message, status: 'new', userId: null, answer: null });
    await t.ctx.queue.drain();
    const mails = (await outbox()).filter((x) => x.subject.includes('New contact message from Ada Visitor'));
    expect(mails.map((x) => x.to)).toContain(admin.user.email);
    expect(mails[0]!.text).toContain('how do I become a creator?');
    expect(mails[0]!.headers?.['Reply-To']).toBe('ada@example.com');
  });

  it('goes to the contactEmail setting when set; a signed-in sender is linked to their account', async () => {
    await t.ctx.settings.set('contactEmail', 'support@stagepass.test');
    try {
      expect((await send({ ...MSG, name: 'Signed Fan' }, { headers: fan.auth })).statusCode).toBe(201);
      expect((await latestMessage()).userId).toBe(fan.user.id);
      await t.ctx.queue.drain();
      const mails = (await outbox()).filter((x) => x.subject.includes('from Signed Fan'));
      expect(mails.map((x) => x.to)).toEqual(['support@stagepass.test']);
    } finally {
      await t.ctx.settings.reset(['contactEmail']);
    }
  });

  it('400 with field errors: empty name or message, bad e-mail, NUL bytes, too long', async () => {
    const bad = await send({ name: ' ', email: 'not-an-email', message: '' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad).sort()).toEqual(['email', 'message', 'name']);
    expect((await send({ ...MSG, message: 'a\u0000b' })).statusCode).toBe(400);
    expect(fields(await send({ ...MSG, message: 'x'.repeat(5001) }))).toEqual(['message']);
  });

  it(`rate-limited per client address: the ${CONTACT_RATE_LIMIT + 1}th message in an hour is 429, another address still gets through`, async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < CONTACT_RATE_LIMIT; i++) expect((await send({ ...MSG, name: `Flood ${i}` }, { ip })).statusCode).toBe(201);
    expect((await send({ ...MSG, name: 'Flood over' }, { ip })).statusCode).toBe(429);
    expect((await send({ ...MSG, name: 'Someone else' }, { ip: '192.0.2.78' })).statusCode).toBe(201);
  });

  it('demands a reCAPTCHA token while reCAPTCHA is on (400 on token), accepts a good one', async () => {
    await t.ctx.settings.set('recaptchaEnabled', true);
    await t.ctx.settings.set('recaptchaSecretKey', 'test-secret');
    try {
      const none = await send({ ...MSG, name: 'No token' });
      expect(none.statusCode).toBe(400);
      expect(fields(none)).toEqual(['token']);
      expect((await send({ ...MSG, name: 'Bad token', recaptchaToken: 'bad-token' })).statusCode).toBe(400);
      const stored = await t.ctx.db.select().from(contactMessages).where(eq(contactMessages.name, 'Bad token'));
      expect(stored).toHaveLength(0);
      expect((await send({ ...MSG, name: 'Good token', recaptchaToken: 'good-token' })).statusCode).toBe(201);
    } finally {
      await t.ctx.settings.reset(['recaptchaEnabled', 'recaptchaSecretKey']);
    }
  });
});

describe('the inbox', () => {
  it('read / unread / answer: states, the answer mailed to the sender, audited; a second answer is 409', async () => {
    await send({ ...MSG, name: 'Inbox Person', email: 'inbox@example.com' });
    const m = await latestMessage();
    expect((await req('GET', `/admin/contact?status=new&q=inbox`, admin.auth)).json().data.data.map((x: { _id: string }) => x._id)).toEqual([m._id]);
    // Reading it through GET changes nothing.
    expect((await req('GET', `/admin/contact/${m._id}`, admin.auth)).json().data.status).toBe('new');
    const read = await req('PUT', `/admin/contact/${m._id}/read`, admin.auth, { read: true });
    expect(read.json().data).toMatchObject({ status: 'read' });
    expect(read.json().data.readAt).not.toBeNull();
    expect((await req('PUT', `/admin/contact/${m._id}/read`, admin.auth, { read: false })).json().data).toMatchObject({ status: 'new', readAt: null });

    const ans = await req('POST', `/admin/contact/${m._id}/answer`, admin.auth, { answer: 'Sign up at /auth/register/creator.' });
    expect(ans.statusCode).toBe(200);
    expect(ans.json().data).toMatchObject({ status: 'answered', answer: 'Sign up at /auth/register/creator.', answeredBy: admin.user.id });
    expect((await req('POST', `/admin/contact/${m._id}/answer`, admin.auth, { answer: 'Again' })).statusCode).toBe(409);
    // An answered message stays answered.
    expect((await req('PUT', `/admin/contact/${m._id}/read`, admin.auth, { read: false })).json().data.status).toBe('answered');

    await t.ctx.queue.drain();
    const reply = (await outbox()).find((x) => x.to === 'inbox@example.com');
    expect(reply?.subject).toMatch(/^Re: your message to /);
    expect(reply?.text).toContain('Sign up at /auth/register/creator.');
    expect(reply?.text).toContain('> how do I become a creator?');

    const entries = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'contact'), eq(auditLog.targetId, m._id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['contact.answer', 'contact.read', 'contact.unread']);
  });

  it('400 on an empty answer, 404 on an unknown message; nothing audited', async () => {
    await send({ ...MSG, name: 'Empty answer' });
    const m = await latestMessage();
    const empty = await req('POST', `/admin/contact/${m._id}/answer`, admin.auth, { answer: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(fields(empty)).toEqual(['answer']);
    expect((await req('POST', '/admin/contact/0190a5b4-0000-7000-8000-000000000000/answer', admin.auth, { answer: 'x' })).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, m._id))).toHaveLength(0);
  });
});

/** Google's siteverify stand-in: accepts 'good-token' with secret 'test-secret'. */
function startSiteverify(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const success = form.get('secret') === 'test-secret' && form.get('response') === 'good-token';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/siteverify`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
