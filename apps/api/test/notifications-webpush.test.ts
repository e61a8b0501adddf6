import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPayloadSchema } from '@stagepass/shared';
import { loadConfig, vapidKeysFor } from '../src/config';
import { pushOf } from '../src/modules/notifications/notifications.push';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from './harness';
import { addCard, topUp } from './money';
import { browserKeys, decryptPush, startPushStandIn, type BrowserKeys, type PushStandIn } from './push-standin';

/**
 * Web Push (notifications README "Web Push"): through the real `web-push` library to a local push
 * service stand-in over HTTPS; the test decrypts what arrived with the subscription's own keys.
 */
let t: TestApp;
let service: PushStandIn;
beforeAll(async () => {
  service = await startPushStandIn();
  t = await createTestApp({ WEB_PUSH_CA: service.caFile });
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const inject = (method: Method, url: string, who: Made | null, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(who?.auth ?? {}), ...headers }, ...(payload ? { payload } : {}) });
let seq = 0;
/** A browser subscription whose endpoint is a fresh path on the stand-in. */
const subscription = (keys: BrowserKeys = browserKeys()) => ({
  keys,
  body: { endpoint: `${service.url}/push/${Date.now().toString(36)}-${seq++}`, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } },
});
const register = async (who: Made, sub: ReturnType<typeof subscription>) => {
  const res = await inject('POST', '/notification/push/devices', who, sub.body, { 'user-agent': ANDROID_CHROME });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; label: string };
};
const devices = async (who: Made) => (await inject('GET', '/notification/push/devices', who)).json().data as Array<{ _id: string; label: string; lastPushAt: string | null }>;
/** What the stand-in received at `endpoint`, once every job ran. */
const pushesTo = async (endpoint: string) => {
  await t.ctx.queue.drain();
  const p = new URL(endpoint).pathname;
  return service.received.filter((r) => r.path === p);
};
const tip = async (fan: Made, creator: Made, price = 12) => expect((await inject('POST', `/wallet/charges/tip/${creator.user.id}`, fan, { price })).statusCode).toBe(200);
const richFan = async () => {
  const fan = await createFan(t);
  await addCard(t, fan);
  await topUp(t, fan, 100);
  return fan;
};

describe('Web Push', () => {
  it('a notification is pushed, encrypted for the device, naming the item and its link — and no media URL', async () => {
    const creator = await createCreator(t);
    const fan = await richFan();
    const key = (await inject('GET', '/notification/push/key', creator)).json().data;
    expect(key).toEqual({ enabled: true, publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/) });
    const sub = subscription();
    const device = await register(creator, sub);
    expect(device.label).toBe('Chrome on Android');

    await tip(fan, creator);
    const [push, ...more] = await pushesTo(sub.body.endpoint);
    expect(more).toEqual([]);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    // Signed with the site's VAPID key (RFC 8292): the key browsers subscribed with.
    expect(push!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key.publicKey}$`));
    const payload = pushPayloadSchema.strict().parse(JSON.parse(decryptPush(push!.body, sub.keys)));
    const [notification] = (await inject('GET', '/notification?type=tip', creator)).json().data.data;
    expect(payload).toEqual({ id: notification._id, type: 'tip', title: 'Stagepass', body: notification.text, url: '/creator/earnings' });
    expect(payload.body).toMatch(/tipped you \$12\.00/);
    expect(push!.headers.topic).toBe(notification._id.replaceAll('-', ''));
    expect(JSON.stringify(payload)).not.toMatch(/https?:|\/files\/|\/media\/|signature=|X-Amz/i);
    expect((await devices(creator))[0]!.lastPushAt).not.toBeNull();
    // The tipper has no device: nothing else was sent.
    expect(service.received.filter((r) => r.path !== new URL(sub.body.endpoint).pathname && r.body.length === push!.body.length)).toEqual([]);
  });

  it('push switched off for a type: the notification is made, nothing is pushed; the job asks the preference again', async () => {
    const creator = await createCreator(t);
    const fan = await richFan();
    const sub = subscription();
    await register(creator, sub);
    const prefs = await inject('PUT', '/notification/preferences', creator, { preferences: [{ type: 'tip', inApp: true, email: true, push: false }] });
    expect(prefs.json().data.find((p: { type: string }) => p.type === 'tip')).toEqual({ type: 'tip', inApp: true, email: true, push: false });
    await tip(fan, creator);
    expect(await pushesTo(sub.body.endpoint)).toEqual([]);
    expect((await inject('GET', '/notification?type=tip', creator)).json().data.total).toBe(1);

    // A row made while push was on, switched off before its job runs: the job sends nothing.
    await inject('PUT', '/notification/preferences', creator, { preferences: [{ type: 'follow', inApp: true, email: false, push: true }] });
    const [row] = await t.ctx.db.transaction((tx) => t.ctx.notifications.create(tx, [{ userId: creator.user.id, type: 'follow', text: 'Someone followed you', link: '/creator/followers' }]));
    expect(await pushOf(t.ctx.db, t.ctx.notifications, row!.id, 'Stagepass')).not.toBeNull();
    // A client sending no `push` (an older web) keeps the push switch as it was.
    const kept = await inject('PUT', '/notification/preferences', creator, { preferences: [{ type: 'follow', inApp: true, email: true }] });
    expect(kept.json().data.find((p: { type: string }) => p.type === 'follow')).toEqual({ type: 'follow', inApp: true, email: true, push: true });
    await inject('PUT', '/notification/preferences', creator, { preferences: [{ type: 'follow', inApp: true, email: false, push: false }] });
    expect(await pushOf(t.ctx.db, t.ctx.notifications, row!.id, 'Stagepass')).toBeNull();
  });

  it('a subscription the push service answers 410 (or 404) for is removed; the other device still gets it', async () => {
    const creator = await createCreator(t);
    const fan = await richFan();
    const expired = subscription();
    const alive = subscription();
    const lost = subscription();
    await register(creator, expired);
    await register(creator, alive);
    await register(creator, lost);
    service.answer(new URL(expired.body.endpoint).pathname, 410);
    service.answer(new URL(lost.body.endpoint).pathname, 404);
    expect(await devices(creator)).toHaveLength(3);
    await tip(fan, creator);
    expect(await pushesTo(expired.body.endpoint)).toHaveLength(1);
    expect(await pushesTo(lost.body.endpoint)).toHaveLength(1);
    expect(decryptPush((await pushesTo(alive.body.endpoint))[0]!.body, alive.keys)).toContain('tipped you');
    expect((await devices(creator)).map((d) => d._id)).toHaveLength(1);
    await tip(fan, creator, 13);
    expect(await pushesTo(expired.body.endpoint)).toHaveLength(1);
    expect(await pushesTo(alive.body.endpoint)).toHaveLength(2);
  });

  it('devices are the caller\'s own: signed out 401, another user\'s device 404, one browser belongs to who turned push on there last', async () => {
    const a = await createFan(t);
    const b = await createFan(t);
    const sub = subscription();
    for (const [method, url] of [['GET', '/notification/push/key'], ['GET', '/notification/push/devices'], ['POST', '/notification/push/devices'], ['DELETE', '/notification/push/devices/0190a0b2-0000-7000-8000-000000000000']] as const) {
      expect((await inject(method, url, null, method === 'POST' ? sub.body : undefined)).statusCode, url).toBe(401);
    }
    const device = await register(a, sub);
    expect((await inject('DELETE', `/notification/push/devices/${device._id}`, b)).statusCode).toBe(404);
    expect(await devices(a)).toHaveLength(1);
    expect(await devices(b)).toEqual([]);
    // b signs in on the same browser and turns push on: the device is b's now, a's list no longer has it.
    const again = await register(b, sub);
    expect(again._id).toBe(device._id);
    expect(await devices(a)).toEqual([]);
    expect((await devices(b)).map((d) => d._id)).toEqual([device._id]);
    expect((await inject('DELETE', `/notification/push/devices/${device._id}`, a)).statusCode).toBe(404);
    expect((await inject('DELETE', `/notification/push/devices/${device._id}`, b)).json().data).toEqual({ removed: true });
    expect(await devices(b)).toEqual([]);
    expect((await inject('DELETE', '/notification/push/devices/not-an-id', b)).statusCode).toBe(400);
  });

  it("a deleted account's devices are forgotten", async () => {
    const fan = await createFan(t);
    const other = await createFan(t);
    await register(fan, subscription());
    await register(other, subscription());
    const res = await inject('POST', '/privacy/delete-account', fan, { password: fan.password, confirm: 'DELETE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.ctx.pushDevices.devicesOf(fan.user.id)).toEqual([]);
    expect(await devices(other)).toHaveLength(1);
  });

  it('bad subscriptions → 400 with the field', async () => {
    const fan = await createFan(t);
    const good = subscription().body;
    const cases: Array<[object, string]> = [
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ ...good, endpoint: 'ftp://push.example/x' }, 'endpoint'],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: 'not base64!' } }, 'keys.auth'],
      [{ endpoint: good.endpoint }, 'keys'],
    ];
    for (const [body, field] of cases) {
      const res = await inject('POST', '/notification/push/devices', fan, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().details), field).toContain(field);
    }
    expect(await devices(fan)).toEqual([]);
  });
});

describe('Web Push configuration', () => {
  const prod = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40) };
  it('production: off without VAPID keys (503 to subscribe), on with them; WEB_PUSH=true without keys refuses to start', async () => {
    expect(() => loadConfig({ ...prod, WEB_PUSH: 'true' })).toThrow(/WEB_PUSH=true in production needs VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ ...prod, VAPID_PUBLIC_KEY: t.ctx.pushDevices.key().publicKey! })).toThrow(/set both or neither/);
    const off = loadConfig(prod);
    expect(vapidKeysFor(off)).toBeNull();
    expect(vapidKeysFor(loadConfig({ ...prod, VAPID_PUBLIC_KEY: 'A'.repeat(87), VAPID_PRIVATE_KEY: 'B'.repeat(43) }))).toEqual({ publicKey: 'A'.repeat(87), privateKey: 'B'.repeat(43), subject: 'mailto:no-reply@stagepass.local' });
    expect(vapidKeysFor(loadConfig({ WEB_PUSH: 'false' }))).toBeNull();
  });

  it('production sends only to the browsers\' push services; no keys → 503', async () => {
    const keys = vapidKeysFor(t.config)!;
    const live = await createTestApp({}, { NODE_ENV: 'production', VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'https://fans.example' });
    const none = await createTestApp({}, { NODE_ENV: 'production' });
    try {
      const fan = await createFan(live);
      const sub = subscription().body;
      const post = (app: TestApp, who: Made, body: object) => app.app.inject({ method: 'POST', url: '/notification/push/devices', headers: who.auth, payload: body });
      const refused = await post(live, fan, sub);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details).toEqual([{ field: 'endpoint', message: expect.stringMatching(/push service/) }]);
      expect((await post(live, fan, { ...sub, endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def' })).statusCode).toBe(200);
      const other = await createFan(none);
      expect((await none.app.inject({ method: 'GET', url: '/notification/push/key', headers: other.auth })).json().data).toEqual({ enabled: false, publicKey: null });
      expect((await post(none, other, { ...sub, endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def' })).statusCode).toBe(503);
    } finally {
      await live.close();
      await none.close();
    }
  });
});
