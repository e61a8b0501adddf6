import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AGE_SIGNATURE_HEADER } from '@stagepass/shared';
import { createAdmin, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { users } from '../users/users.tables';
import { ageVerifications } from './age.tables';
import { signAgePayload, verifyAgeSignature } from './age.verifier';

/**
 * The webhook provider (AGE_VERIFIER=webhook), end to end through the real code: a local stand-in
 * HTTP server plays the provider (checks our signed session request, answers its page), then calls
 * back the signed webhook; a wrong signature is refused and writes nothing.
 */
const SECRET = 'stand-in-provider-secret-0123456789';
let provider: http.Server;
const received: Array<{ body: Record<string, string>; signed: boolean }> = [];
let t: TestApp;
let admin: Made;
beforeAll(async () => {
  provider = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const signed = verifyAgeSignature(raw, req.headers[AGE_SIGNATURE_HEADER] as string | undefined, SECRET);
      const body = JSON.parse(raw.toString('utf8')) as Record<string, string>;
      received.push({ body, signed });
      if (req.url !== '/sessions' || !signed) return void res.writeHead(401).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ session: `sess-${body.reference}`, url: `https://verify.example/s/${body.reference}` }));
    });
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  const port = (provider.address() as AddressInfo).port;
  t = await createTestApp({ AGE_VERIFIER: 'webhook', AGE_VERIFIER_URL: `http://127.0.0.1:${port}`, AGE_VERIFIER_SECRET: SECRET });
  admin = await createAdmin(t);
  expect((await t.app.inject({ method: 'PUT', url: '/admin/settings/ageVerificationPlaces', headers: admin.auth, payload: { value: ['GB'] } })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  provider?.close();
});

async function fanInGb(): Promise<Made> {
  const f = await createFan(t);
  await t.ctx.db.update(users).set({ country: 'GB' }).where(eq(users.id, f.user.id));
  await t.ctx.sessions.evictUser(f.user.id);
  return f;
}
const callBack = (body: object, signature?: string) => {
  const raw = JSON.stringify(body);
  return t.app.inject({ method: 'POST', url: '/age-verification/webhook', headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { [AGE_SIGNATURE_HEADER]: signature }) }, payload: raw });
};
const state = async (f: Made) => (await t.app.inject({ method: 'GET', url: '/age-verification', headers: f.auth })).json().data;

describe('the webhook provider', () => {
  it('session → the provider page; a signed call back approves; duplicates are harmless', async () => {
    const fan = await fanInGb();
    expect((await state(fan)).provider).toBe('webhook');
    const res = await t.app.inject({ method: 'POST', url: '/age-verification/session', headers: fan.auth, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^https:\/\/verify\.example\/s\//);
    const sent = received.at(-1)!;
    expect(sent.signed).toBe(true);
    expect(sent.body).toMatchObject({ userId: fan.user.id, returnUrl: `${t.config.PUBLIC_WEB_URL}/age-verification`, callbackUrl: `${t.config.PUBLIC_API_URL}/age-verification/webhook` });
    expect((await state(fan)).status).toBe('pending');
    // The manual upload is not this site's provider.
    expect((await t.app.inject({ method: 'POST', url: '/age-verification/manual', headers: fan.auth })).statusCode).toBe(422);

    const body = { session: `sess-${sent.body.reference}`, result: 'approved' };
    const ok = await callBack(body, signAgePayload(JSON.stringify(body), SECRET));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: true });
    expect(await state(fan)).toMatchObject({ status: 'approved', restricted: false });
    const again = await callBack(body, signAgePayload(JSON.stringify(body), SECRET));
    expect(again.json()).toEqual({ received: true, duplicate: true });
  });
  it('a wrong or missing signature → 401 and nothing written; a bad body 400; an unknown session 404', async () => {
    const fan = await fanInGb();
    expect((await t.app.inject({ method: 'POST', url: '/age-verification/session', headers: fan.auth, payload: {} })).statusCode).toBe(200);
    const reference = received.at(-1)!.body.reference!;
    const body = { session: `sess-${reference}`, result: 'approved' };
    expect((await callBack(body)).statusCode).toBe(401);
    expect((await callBack(body, signAgePayload(JSON.stringify(body), 'another-secret-0123456789'))).statusCode).toBe(401);
    expect((await callBack(body, signAgePayload(JSON.stringify({ ...body, result: 'rejected' }), SECRET))).statusCode).toBe(401);
    const [row] = await t.ctx.db.select().from(ageVerifications).where(and(eq(ageVerifications.userId, fan.user.id)));
    expect(row!.status).toBe('pending');
    expect((await state(fan)).status).toBe('pending');
    const bad = { session: `sess-${reference}`, result: 'maybe' };
    const res = await callBack(bad, signAgePayload(JSON.stringify(bad), SECRET));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['result']);
    const unknown = { session: 'sess-nope', result: 'approved' };
    expect((await callBack(unknown, signAgePayload(JSON.stringify(unknown), SECRET))).statusCode).toBe(404);
    const no = { session: `sess-${reference}`, result: 'rejected', reason: 'Face does not match the ID' };
    expect((await callBack(no, signAgePayload(JSON.stringify(no), SECRET))).statusCode).toBe(200);
    expect(await state(fan)).toMatchObject({ status: 'rejected', reason: 'Face does not match the ID', restricted: true });
  });
});
