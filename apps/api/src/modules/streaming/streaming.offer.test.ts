import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { addCard, topUp } from '../../../test/money';
import { agoraOn } from '../../../test/streams';

/** What the web asks before showing live actions: is live video on, and does a creator offer private shows. */
let t: TestApp;
let creator: Made;
let fan: Made;
beforeAll(async () => {
  // No JANUS_URL, Agora off: live video is unavailable until the operator switches Agora on.
  t = await createTestApp();
  creator = await createCreator(t);
  fan = await createFan(t);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, m?: Made) => t.app.inject({ method: 'GET', url, headers: m?.auth });

describe('GET /streaming/available', () => {
  it('says no live video without Janus or Agora — and a private request is 503, not a wait; Agora on → available through Agora', async () => {
    expect((await get('/streaming/available')).json().data).toEqual({ available: false, provider: null });
    expect((await t.app.inject({ method: 'PUT', url: '/streaming/update', headers: creator.auth, payload: { privateRate: 3 } })).statusCode).toBe(200);
    await addCard(t, fan);
    await topUp(t, fan, 20);
    const refused = await t.app.inject({ method: 'POST', url: '/streaming/private-requests', headers: fan.auth, payload: { performerId: creator.user.id } });
    expect(refused.statusCode).toBe(503);
    expect((await t.app.inject({ method: 'POST', url: '/streaming/live', headers: creator.auth, payload: { type: 'public', title: 'Hello' } })).statusCode).toBe(503);
    await agoraOn(t);
    expect((await get('/streaming/available')).json().data).toEqual({ available: true, provider: 'agora' });
  });
});

describe('GET /streaming/private-offer/{id}', () => {
  it("answers a creator's per-minute rate (null when not offered); fans and unknown ids → 404; bad ids → 400", async () => {
    const quiet = await createCreator(t);
    expect((await get(`/streaming/private-offer/${quiet.user.id}`)).json().data).toEqual({ privateRate: null });
    expect((await get(`/streaming/private-offer/${creator.user.id}`, fan)).json().data).toEqual({ privateRate: 3 });
    expect((await get(`/streaming/private-offer/${fan.user.id}`)).statusCode).toBe(404);
    expect((await get(`/streaming/private-offer/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/streaming/private-offer/not-an-id')).statusCode).toBe(400);
  });

  it('a block either way hides the offer: 404, as for an unknown creator (blocks README "Blocked means gone"); others still see it', async () => {
    const [blockedByCreator, blocker, other] = await Promise.all([createFan(t), createFan(t), createFan(t)]);
    const block = (by: Made, target: Made) => t.app.inject({ method: 'POST', url: '/block/users', headers: by.auth, payload: { targetId: target.user.id } });
    expect((await block(creator, blockedByCreator)).statusCode).toBe(200);
    expect((await block(blocker, creator)).statusCode).toBe(200);
    for (const m of [blockedByCreator, blocker]) {
      const res = await get(`/streaming/private-offer/${creator.user.id}`, m);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe((await get(`/streaming/private-offer/${crypto.randomUUID()}`, m)).json().message);
    }
    expect((await get(`/streaming/private-offer/${creator.user.id}`, other)).json().data).toEqual({ privateRate: 3 });
    expect((await get(`/streaming/private-offer/${creator.user.id}`)).json().data).toEqual({ privateRate: 3 });
    expect((await get(`/streaming/private-offer/${creator.user.id}`, await createAdmin(t))).json().data).toEqual({ privateRate: 3 });
  });
});
