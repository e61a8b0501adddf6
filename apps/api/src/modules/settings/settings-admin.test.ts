import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { SECRET_SETTING_KEYS } from '@stagepass/shared';
import { auditLog } from '../../platform/audit.tables';
import { CacheBus } from '../../platform/cache-bus';
import { createAdmin, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { SettingsService } from './settings.service';

/**
 * The console's settings screen (issue 14, Site): every write audited in its transaction, secrets
 * never in an answer nor in the log, and a change seen at once — on this node and, through the
 * cache bus, on the others.
 */
let t: TestApp;
let admin: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const put = (key: string, value: unknown) => t.app.inject({ method: 'PUT', url: `/admin/settings/${key}`, payload: { value } as object, headers: admin.auth });
const entries = (key: string) => t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'setting.update'), eq(auditLog.targetId, key)));

describe('audit', () => {
  it('a write records setting.update with the actor and the value before and after', async () => {
    expect((await put('siteName', 'Audited Stage')).statusCode).toBe(200);
    const [e] = await entries('siteName');
    expect(e).toMatchObject({ actorId: admin.user.id, targetType: 'setting', before: { value: 'Stagepass' }, after: { value: 'Audited Stage' } });
  });

  it('a refused write (400: bad value, min above max) leaves no entry', async () => {
    expect((await put('minimumTipPrice', -1)).statusCode).toBe(400);
    expect((await put('minimumTipPrice', 20_000)).statusCode).toBe(400);
    expect(await entries('minimumTipPrice')).toHaveLength(0);
  });

  it('secrets: the log says only "[secret]" or "" and no answer ever carries the value', async () => {
    const value = 'sk_test_NEVER_SHOWN_0123456789';
    const res = await put('stripeSecretKey', value);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(value);
    expect((await put('stripeSecretKey', '')).statusCode).toBe(200);
    const log = await entries('stripeSecretKey');
    expect(log.map((e) => [e.before, e.after])).toEqual(expect.arrayContaining([[{ value: '' }, { value: '[secret]' }], [{ value: '[secret]' }, { value: '' }]]));
    expect(JSON.stringify(log)).not.toContain(value);

    for (const k of SECRET_SETTING_KEYS) await t.ctx.settings.set(k, `${k}-VALUE-XYZ`);
    const answers = [
      await t.app.inject({ method: 'GET', url: '/admin/settings', headers: admin.auth }),
      await t.app.inject({ method: 'GET', url: '/settings/public' }),
      await t.app.inject({ method: 'POST', url: '/settings/keys', payload: { keys: SECRET_SETTING_KEYS } }),
      await put('agoraCertificate', '********'),
    ];
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.body).not.toContain('-VALUE-XYZ');
    }
    // Re-sending the mask keeps the secret and changes nothing: no entry.
    expect(await t.ctx.settings.get('agoraCertificate')).toBe('agoraCertificate-VALUE-XYZ');
    expect(await entries('agoraCertificate')).toHaveLength(0);
    await t.ctx.settings.reset(SECRET_SETTING_KEYS);
  });
});

describe('a change is seen at once', () => {
  it('on this node: the public settings answer the new site name on the next request', async () => {
    await t.app.inject({ method: 'GET', url: '/settings/public' }); // cached now
    expect((await put('siteName', 'Renamed At Once')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/settings/public' })).json().data.siteName).toBe('Renamed At Once');
    await t.ctx.settings.reset(['siteName']);
  });

  it('on a second node without Redis: within its cache TTL only', async () => {
    const other = new SettingsService({ db: t.ctx.db, ttlMs: 60_000 });
    expect(await other.get('maximumTipPrice')).toBe(10_000);
    await t.ctx.settings.set('maximumTipPrice', 9_000);
    expect(await other.get('maximumTipPrice')).toBe(10_000); // no bus: stale until its TTL
    await t.ctx.settings.reset(['maximumTipPrice']);
  });

  // Two nodes' settings caches on one database, each with its own cache bus on Redis.
  it.skipIf(!process.env.REDIS_URL)('on another node through Redis: its cache is dropped as soon as the write commits', async () => {
    const log = pino({ level: 'silent' });
    const busA = new CacheBus({ redisUrl: process.env.REDIS_URL, log });
    const busB = new CacheBus({ redisUrl: process.env.REDIS_URL, log });
    try {
      const a = new SettingsService({ db: t.ctx.db, bus: busA, ttlMs: 60_000 });
      const b = new SettingsService({ db: t.ctx.db, bus: busB, ttlMs: 60_000 });
      await new Promise((r) => setTimeout(r, 200)); // subscriptions in place
      expect(await b.get('minimumSubscriptionPrice')).toBe(2.95);
      await a.set('minimumSubscriptionPrice', 4.5);
      const t0 = Date.now();
      while ((await b.get('minimumSubscriptionPrice')) !== 4.5 && Date.now() - t0 < 2000) await new Promise((r) => setTimeout(r, 10));
      expect(await b.get('minimumSubscriptionPrice')).toBe(4.5);
      await a.reset(['minimumSubscriptionPrice']);
    } finally {
      await Promise.all([busA.close(), busB.close()]);
    }
  });
});
