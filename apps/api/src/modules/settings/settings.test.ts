import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PUBLIC_SETTING_KEYS, SECRET_SETTING_KEYS, SETTING_KEYS } from '@stagepass/shared';
/** Derived, not stored: the web's test-payments notice. */
const DERIVED_PUBLIC = 'paymentsSandbox';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { settings } from './settings.tables';

let t: TestApp;
let admin: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const putSetting = (key: string, value: unknown, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: 'PUT', url: `/admin/settings/${key}`, payload: { value } as object, headers });
const stored = async (key: string) => (await t.ctx.db.select().from(settings).where(eq(settings.key, key)))[0]?.value;

const SECRETS: Record<string, string> = {
  stripeSecretKey: 'sk_test_S3CR3T_stripe_0123456789',
  stripeWebhookSecret: 'whsec_S3CR3T_webhook_abcdef',
  agoraCertificate: 'agoraS3CR3Tcertificate',
  googleClientSecret: 'GOCSPX-S3CR3T-google',
  twitterConsumerKey: 'twS3CR3Tkey',
  twitterConsumerSecret: 'twS3CR3Tsecret',
  recaptchaSecretKey: '6LS3CR3T-recaptcha',
};

describe('GET /settings/public', () => {
  it('has every public key with the §9 defaults, and only public keys', async () => {
    const res = await get('/settings/public');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual([...PUBLIC_SETTING_KEYS, DERIVED_PUBLIC].sort());
    expect(data).toMatchObject({
      requireEmailVerification: false,
      paymentGateway: 'stripe',
      freeSubscriptionEnabled: true,
      freeSubscriptionDuration: 1,
      minimumSubscriptionPrice: 2.95,
      maximumSubscriptionPrice: 300,
      minimumWalletPrice: 2.95,
      maximumWalletPrice: 300,
      minimumTipPrice: 10,
      maximumTipPrice: 10000,
      minimumPayoutAmount: 50,
      maintenanceMode: false,
      siteName: 'Stagepass',
      favicon: '/favicon.ico',
      menus: [],
    });
    for (const k of SECRET_SETTING_KEYS) expect(data).not.toHaveProperty(k);
    expect(data).not.toHaveProperty('blockedCountries');
    expect(data).not.toHaveProperty('commissionPercentage');
  });

  it('never shows a secret value, even after an admin set them all', async () => {
    expect(Object.keys(SECRETS).sort()).toEqual([...SECRET_SETTING_KEYS].sort());
    for (const [k, v] of Object.entries(SECRETS)) {
      const res = await putSetting(k, v);
      expect(res.statusCode, k).toBe(200);
      // The answer to the write itself does not echo the secret.
      expect(res.body).not.toContain(v);
      expect(res.json().data).toEqual({ key: k, value: '********' });
      expect(await stored(k)).toBe(v);
    }
    expect(await t.ctx.settings.get('stripeSecretKey')).toBe(SECRETS.stripeSecretKey);
    const res = await get('/settings/public');
    for (const v of Object.values(SECRETS)) expect(res.body).not.toContain(v);
    expect(res.body).not.toContain('S3CR3T');
    // Asking for them by name does not help either.
    const keys = await t.app.inject({ method: 'POST', url: '/settings/keys', payload: { keys: [...SECRET_SETTING_KEYS, 'siteName'] } });
    expect(keys.statusCode).toBe(200);
    expect(keys.json().data).toEqual({ siteName: 'Stagepass' });
    expect(keys.body).not.toContain('S3CR3T');
  });
});

describe('response schemas', () => {
  it('the public answer strips any key that is not public, whatever the service returns', async () => {
    const svc = t.ctx.settings;
    const original = svc.public.bind(svc);
    svc.public = async () => ({ ...(await original()), stripeSecretKey: 'sk_leaked_S3CR3T' }) as never;
    try {
      const res = await get('/settings/public');
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('S3CR3T');
      expect(Object.keys(res.json().data).sort()).toEqual([...PUBLIC_SETTING_KEYS, DERIVED_PUBLIC].sort());
    } finally {
      svc.public = original;
    }
  });

  it('are part of the OpenAPI document', async () => {
    const res = await get('/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const schema = doc.paths['/settings/public'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties.data.properties).sort()).toEqual([...PUBLIC_SETTING_KEYS, DERIVED_PUBLIC].sort());
    expect(doc.paths['/admin/settings/{key}'].put).toBeDefined();
  });
});

describe('POST /settings/keys', () => {
  it('answers only the public keys asked for; private and unknown keys are left out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/settings/keys', payload: { keys: ['minimumTipPrice', 'paymentGateway', 'blockedCountries', 'commissionPercentage', 'nope'] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ minimumTipPrice: 10, paymentGateway: 'stripe' });
  });

  it('an empty or malformed body → 400', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/settings/keys', payload: { keys: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].field).toBe('keys');
    expect((await t.app.inject({ method: 'POST', url: '/settings/keys', payload: { keys: 'siteName' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/settings/keys', payload: {} })).statusCode).toBe(400);
  });
});

describe('PUT /admin/settings/{key}', () => {
  it('anonymous → 401, fan → 403, creator → 403; nothing stored', async () => {
    expect((await putSetting('siteName', 'Hacked', {})).statusCode).toBe(401);
    const fan = await createFan(t);
    const creator = await createCreator(t);
    for (const who of [fan, creator]) {
      const res = await putSetting('siteName', 'Hacked', who.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
    expect(await stored('siteName')).toBeUndefined();
    expect((await get('/settings/public')).json().data.siteName).toBe('Stagepass');
  });

  it('admin → 200, stored and visible in /settings/public at once', async () => {
    const res = await putSetting('minimumTipPrice', 12.5);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ key: 'minimumTipPrice', value: 12.5 });
    expect(await stored('minimumTipPrice')).toBe(12.5);
    expect((await get('/settings/public')).json().data.minimumTipPrice).toBe(12.5);
    const menus = [{ title: 'Blog', path: 'https://blog.example', section: 'footer', isNewTab: true }, { title: 'Help', path: '/help' }];
    const m = await putSetting('menus', menus);
    expect(m.statusCode).toBe(200);
    expect((await get('/settings/public')).json().data.menus).toEqual([menus[0], { ...menus[1], section: 'header', isNewTab: false }]);
    const bool = await putSetting('requireEmailVerification', true);
    expect(bool.statusCode).toBe(200);
    expect((await get('/settings/public')).json().data.requireEmailVerification).toBe(true);
    await putSetting('requireEmailVerification', false);
    const cc = await putSetting('blockedCountries', ['fr', ' de ']);
    expect(cc.json().data.value).toEqual(['FR', 'DE']);
    expect(await stored('blockedCountries')).toEqual(['FR', 'DE']);
    await putSetting('blockedCountries', []);
  });

  it('invalid values → 400 with details; the stored value is unchanged', async () => {
    const before = (await get('/settings/public')).json().data;
    const cases: Array<[string, unknown, string]> = [
      ['minimumSubscriptionPrice', -1, 'value'],
      ['maximumWalletPrice', 0, 'value'],
      ['minimumPayoutAmount', 1.234, 'value'],
      ['minimumTipPrice', '10', 'value'],
      ['requireEmailVerification', 'true', 'value'],
      ['freeSubscriptionEnabled', 1, 'value'],
      ['freeSubscriptionDuration', 1.5, 'value'],
      ['paymentGateway', 'paypal', 'value'],
      ['blockedCountries', ['US', 'USA'], 'value.1'],
      ['blockedCountries', 'US', 'value'],
      ['logoUrl', 'javascript:alert(1)', 'value'],
      ['siteName', '', 'value'],
      ['menus', [{ title: '', path: '/x' }], 'value.0.title'],
      ['siteName', undefined, 'value'],
    ];
    for (const [key, value, field] of cases) {
      const res = await putSetting(key, value);
      expect(res.statusCode, `${key}=${JSON.stringify(value)}`).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.json().details.map((d: { field: string }) => d.field), key).toContain(field);
    }
    const after = (await get('/settings/public')).json().data;
    expect(after).toEqual(before);
    expect(await stored('blockedCountries')).toEqual([]);
  });

  it('a minimum above its maximum (either side) → 400', async () => {
    const maxTip = (await get('/settings/public')).json().data.maximumTipPrice;
    const low = await putSetting('minimumTipPrice', maxTip + 1);
    expect(low.statusCode).toBe(400);
    expect(low.json().details).toEqual([{ field: 'value', message: 'minimumTipPrice must not be greater than maximumTipPrice' }]);
    const high = await putSetting('maximumSubscriptionPrice', 1);
    expect(high.statusCode).toBe(400);
    expect(high.json().message).toBe('minimumSubscriptionPrice must not be greater than maximumSubscriptionPrice');
    // Equal is fine.
    expect((await putSetting('maximumWalletPrice', 2.95)).statusCode).toBe(200);
    expect((await putSetting('maximumWalletPrice', 300)).statusCode).toBe(200);
    expect(await stored('maximumSubscriptionPrice')).toBeUndefined();
  });

  it('a minimum and its maximum written at the same moment cannot cross', async () => {
    // Defaults 10..10000; each write alone is fine, together they would cross. Several rounds, as
    // the interleaving is up to the scheduler (on PGlite transactions are serial anyway).
    for (let round = 0; round < 5; round++) {
      const results = await Promise.allSettled([t.ctx.settings.set('minimumTipPrice', 600 + round), t.ctx.settings.set('maximumTipPrice', 500)]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const now = (await get('/settings/public')).json().data;
      expect(now.minimumTipPrice).toBeLessThanOrEqual(now.maximumTipPrice);
      await t.ctx.settings.reset(['minimumTipPrice', 'maximumTipPrice']);
    }
  });

  it('unknown key → 404', async () => {
    const res = await putSetting('noSuchSetting', 1);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/noSuchSetting/);
    expect(await stored('noSuchSetting')).toBeUndefined();
    expect((await putSetting('constructor', 1)).statusCode).toBe(404);
    expect((await putSetting('__proto__', 1)).statusCode).toBe(404);
  });
});

describe('GET /admin/settings', () => {
  it('admin sees every key with its description; secrets masked; others refused', async () => {
    await putSetting('stripeSecretKey', 'sk_live_S3CR3T_admin_view');
    await t.ctx.settings.reset(['agoraCertificate']);
    const res = await get('/admin/settings', admin.auth);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual([...SETTING_KEYS].sort());
    expect(data.stripeSecretKey).toMatchObject({ value: '********', secret: true, public: false });
    expect(data.agoraCertificate).toMatchObject({ value: '', secret: true });
    expect(data.minimumPayoutAmount).toMatchObject({ value: 50, public: true, secret: false });
    expect(data.blockedCountries).toMatchObject({ public: false, secret: false });
    expect(typeof data.siteName.description).toBe('string');
    expect(res.body).not.toContain('S3CR3T');
    expect((await get('/admin/settings')).statusCode).toBe(401);
    expect((await get('/admin/settings', (await createFan(t)).auth)).statusCode).toBe(403);
  });

  it('re-submitting the mask keeps the stored secret (the form round-trips "********")', async () => {
    await putSetting('stripeWebhookSecret', 'whsec_S3CR3T_keep_me');
    const res = await putSetting('stripeWebhookSecret', '********');
    expect(res.statusCode).toBe(200);
    expect(await stored('stripeWebhookSecret')).toBe('whsec_S3CR3T_keep_me');
    // An empty string clears it.
    expect((await putSetting('stripeWebhookSecret', '')).statusCode).toBe(200);
    expect(await stored('stripeWebhookSecret')).toBe('');
    expect((await get('/admin/settings', admin.auth)).json().data.stripeWebhookSecret.value).toBe('');
  });
});
