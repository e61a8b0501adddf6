import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countrySchema, phoneCodeSchema, userAdditionalSchema, type Country } from '@stagepass/shared';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
/** Stands in for Google's siteverify endpoint; the app's RECAPTCHA_VERIFY_URL points at it. */
let provider: Siteverify;

beforeAll(async () => {
  provider = await startSiteverify();
  t = await createTestApp({ RECAPTCHA_VERIFY_URL: provider.url });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

describe('reference lists', () => {
  it('lists every country with capital, region, currency (with symbol), language and a served flag', async () => {
    const res = await t.app.inject('/countries/list');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Country[];
    expect(list.length).toBeGreaterThan(240);
    for (const c of list) countrySchema.parse(c);
    const gb = list.find((c) => c.code === 'GB');
    expect(gb).toMatchObject({
      name: 'United Kingdom',
      capital: 'London',
      region: 'Europe',
      currency: { code: 'GBP', symbol: '£' },
      language: { code: 'en', name: 'English' },
    });
    expect(list.find((c) => c.code === 'US')?.currency).toMatchObject({ code: 'USD', symbol: '$' });
    expect(list.find((c) => c.code === 'FR')?.currency).toMatchObject({ code: 'EUR', symbol: '€' });

    // The flag address is absolute and answered by this API with an SVG and a long cache.
    const flag = new URL(gb!.flag);
    expect(flag.pathname).toBe('/flags/GB.svg');
    const svg = await t.app.inject(flag.pathname);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers['cache-control']).toMatch(/max-age=\d{6,}/);
    expect(svg.body.trimStart().startsWith('<svg')).toBe(true);
  });

  it('answers 404 for a flag that does not exist and 400 for a malformed code', async () => {
    expect((await t.app.inject('/flags/ZZ.svg')).statusCode).toBe(404);
    const bad = await t.app.inject('/flags/GBR.svg');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('code');
  });

  it('lists the states of a country (any case) and [] for an unknown one', async () => {
    const res = await t.app.inject('/states/us');
    expect(res.statusCode).toBe(200);
    const states = res.json().data as Array<{ name: string; code: string; countryCode: string }>;
    expect(states).toContainEqual({ name: 'California', code: 'CA', countryCode: 'US' });
    expect(states.length).toBeGreaterThanOrEqual(50);
    expect((await t.app.inject('/states/ZZ')).json()).toEqual({ data: [] });
  });

  it('refuses a country code that is not two letters with a field error', async () => {
    for (const url of ['/states/USA', '/states/1A', '/cities/USA/CA']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().details[0].field, url).toBe('country');
    }
  });

  it('lists the cities of a state', async () => {
    const res = await t.app.inject('/cities/US/CA');
    expect(res.statusCode).toBe(200);
    const cities = res.json().data as Array<{ name: string; stateCode: string; countryCode: string }>;
    expect(cities).toContainEqual({ name: 'Los Angeles', stateCode: 'CA', countryCode: 'US' });
    expect(cities.every((c) => c.countryCode === 'US' && c.stateCode === 'CA')).toBe(true);
    expect((await t.app.inject('/cities/US/ZZZ')).json()).toEqual({ data: [] });
  });

  it('lists languages and phone codes', async () => {
    const langs = (await t.app.inject('/languages/list')).json().data as Array<{ code: string; name: string; nativeName: string }>;
    expect(langs).toContainEqual({ code: 'fr', name: 'French', nativeName: 'Français' });
    expect(langs.length).toBeGreaterThan(150);

    const phones = (await t.app.inject('/phone-codes/list')).json().data as unknown[];
    for (const p of phones) phoneCodeSchema.parse(p);
    expect(phones).toContainEqual({ countryCode: 'GB', name: 'United Kingdom', dialCode: '+44' });
    expect(phones).toContainEqual({ countryCode: 'US', name: 'United States', dialCode: '+1' });
  });

  it('gives the profile option lists, genders (the spec’s three, then more and "prefer not to say" — issue 26 §4.16) and orientations', async () => {
    const res = await t.app.inject('/user-additional');
    expect(res.statusCode).toBe(200);
    const data = userAdditionalSchema.parse(res.json().data);
    expect(data.genders).toEqual([
      { value: 'male', text: 'Male' },
      { value: 'female', text: 'Female' },
      { value: 'transgender', text: 'Transgender' },
      { value: 'non-binary', text: 'Non-binary' },
      { value: 'genderfluid', text: 'Genderfluid' },
      { value: 'agender', text: 'Agender' },
      { value: 'other', text: 'Other' },
      { value: 'prefer-not-to-say', text: 'Prefer not to say' },
    ]);
    expect(data.orientations.map((o) => o.value)).toEqual(['straight', 'lesbian', 'gay', 'bisexual', 'transgender']);
    expect(data.orientations[0]).toEqual({ value: 'straight', text: 'Straight' });
    for (const list of [data.heights, data.weights, data.ethnicities, data.bodyTypes, data.eyes, data.hairs, data.butts]) {
      expect(list.length).toBeGreaterThan(2);
      expect(new Set(list.map((o) => o.value)).size).toBe(list.length);
    }
    expect(data.heights).toContainEqual({ value: '170', text: `5'7" (170 cm)` });
  });
});

/** A stand-in for Google's siteverify: accepts 'good-token' with secret 'test-secret'. */
interface SiteverifyCall { contentType: string | undefined; form: URLSearchParams }
interface Siteverify { url: string; calls: SiteverifyCall[]; close(): Promise<void> }
function startSiteverify(): Promise<Siteverify> {
  const calls: SiteverifyCall[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      calls.push({ contentType: req.headers['content-type'], form });
      const secretOk = form.get('secret') === 'test-secret';
      const success = secretOk && form.get('response') === 'good-token';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(success
        ? { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' }
        : { success: false, 'error-codes': [secretOk ? 'invalid-input-response' : 'invalid-input-secret'] }));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`, calls, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

describe('POST /re-captcha/verify', () => {
  beforeEach(async () => {
    provider.calls.length = 0;
    await t.ctx.settings.reset(['recaptchaEnabled', 'recaptchaSecretKey']);
  });

  const verify = (token: string) => t.app.inject({ method: 'POST', url: '/re-captcha/verify', payload: { token } });

  it('succeeds without asking anyone while reCAPTCHA is disabled', async () => {
    const res = await verify('anything');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { success: true, skipped: true } });
    expect(provider.calls).toHaveLength(0);
  });

  it('asks the provider with the secret and the token when enabled', async () => {
    await t.ctx.settings.set('recaptchaEnabled', true);
    await t.ctx.settings.set('recaptchaSecretKey', 'test-secret');

    const ok = await verify('good-token');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { success: true } });
    expect(provider.calls).toHaveLength(1);
    const call = provider.calls[0]!;
    expect(call.contentType).toContain('application/x-www-form-urlencoded');
    expect(call.form.get('secret')).toBe('test-secret');
    expect(call.form.get('response')).toBe('good-token');
    expect(call.form.get('remoteip')).toBeTruthy();

    const bad = await verify('bad-token');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('reCAPTCHA verification failed');
    expect(provider.calls).toHaveLength(2);
  });

  it('refuses an empty token without calling the provider', async () => {
    await t.ctx.settings.set('recaptchaEnabled', true);
    await t.ctx.settings.set('recaptchaSecretKey', 'test-secret');
    const res = await verify('  ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('reCAPTCHA verification failed');
    expect(provider.calls).toHaveLength(0);
  });

  it('answers 503, not 400, when the site itself is misconfigured', async () => {
    await t.ctx.settings.set('recaptchaEnabled', true);
    // No secret key set.
    expect((await verify('good-token')).statusCode).toBe(503);
    expect(provider.calls).toHaveLength(0);

    // The provider rejects our secret.
    await t.ctx.settings.set('recaptchaSecretKey', 'wrong-secret');
    expect((await verify('good-token')).statusCode).toBe(503);

  });

  it('answers 503 when the provider cannot be reached', async () => {
    const down = await startSiteverify();
    await down.close(); // nothing listens on its port any more
    const t2 = await createTestApp({ RECAPTCHA_VERIFY_URL: down.url });
    try {
      await t2.ctx.settings.set('recaptchaEnabled', true);
      await t2.ctx.settings.set('recaptchaSecretKey', 'test-secret');
      const res = await t2.app.inject({ method: 'POST', url: '/re-captcha/verify', payload: { token: 'good-token' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    } finally {
      await t2.close();
    }
  });
});
