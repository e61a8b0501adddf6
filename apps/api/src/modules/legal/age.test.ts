import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ACCESS_REASON_HEADER, AGE_MESSAGES, ageReviewItemSchema, ageVerificationStateSchema } from '@stagepass/shared';
import { auditLog } from '../../platform/audit.tables';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, multipart, type Made, type TestApp } from '../../../test/harness';
import { notifications } from '../notifications/notifications.tables';
import { users } from '../users/users.tables';
import { ageVerifications } from './age.tables';
import { agoraOn, goLive } from '../../../test/streams';

/**
 * Age assurance by country (issue 28 §1, README "Age assurance"): routes × roles, withholding in
 * profile, lists, search, item pages, bookmarks and the timeline; the manual flow (upload, approve,
 * reject, pictures deleted); the per-request place rule (account country, request address).
 */
let t: TestApp;
let admin: Made;
let adult: Made;
let plain: Made;
let png: Buffer;
let adultFeed: string;
let plainFeed: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, adult, plain] = await Promise.all([createAdmin(t), createCreator(t), createCreator(t)]);
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c96' } }).png().toBuffer();
  expect((await req('PUT', '/age-verification/adult-profile', adult.auth, { adult: true })).statusCode).toBe(200);
  adultFeed = (await req('POST', '/performer/feeds', adult.auth, { text: 'adult words' })).json().data._id;
  plainFeed = (await req('POST', '/performer/feeds', plain.auth, { text: 'plain words' })).json().data._id;
  await setting('ageVerificationPlaces', ['GB', 'US-UT']);
});
afterAll(async () => {
  await t?.close();
});

type H = Record<string, string>;
const req = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H = {}, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const setting = async (key: string, value: unknown) => expect((await req('PUT', `/admin/settings/${key}`, admin.auth, { value: value as object })).statusCode).toBe(200);
/** A fan whose account is in `country`. */
async function fanIn(country: string | null): Promise<Made> {
  const f = await createFan(t);
  await t.ctx.db.update(users).set({ country }).where(eq(users.id, f.user.id));
  await t.ctx.sessions.evictUser(f.user.id);
  return f;
}
const upload = (who: Made, files: Array<'idPhoto' | 'selfie'> = ['idPhoto', 'selfie']) => {
  const body = multipart({}, files.map((field) => ({ field, filename: `${field}.png`, content: png, type: 'image/png' })));
  return t.app.inject({ method: 'POST', url: '/age-verification/manual', payload: body.payload, headers: { ...who.auth, ...body.headers } });
};
const state = async (headers: H = {}) => ageVerificationStateSchema.parse((await req('GET', '/age-verification', headers)).json().data);
const ids = (res: { json(): { data: { data: Array<{ _id: string }> } } }) => res.json().data.data.map((x) => x._id);
const GB_IP = { 'x-client-ip': '81.2.69.160' }; // a UK address in the DB-IP country file
const US_IP = { 'x-client-ip': '8.8.8.8' };

describe('routes × roles', () => {
  it('admin queue, approve, reject: anonymous 401; fan, creator and admin without 2FA 403; bad ids and bodies 400', async () => {
    const id = '00000000-0000-7000-8000-000000000000';
    const fan = await createFan(t);
    const no2fa = await createAdminWithout2fa(t);
    for (const [method, url, body] of [
      ['GET', '/admin/age-verifications', undefined],
      ['POST', `/admin/age-verifications/${id}/approve`, {}],
      ['POST', `/admin/age-verifications/${id}/reject`, { reason: 'Blurry' }],
    ] as const) {
      expect((await req(method, url, {}, body)).statusCode, url).toBe(401);
      for (const who of [fan, adult, no2fa]) expect((await req(method, url, who.auth, body)).statusCode, url).toBe(403);
      expect((await req(method, url, admin.auth, body)).statusCode, url).toBe(url.includes(id) ? 404 : 200);
    }
    expect((await req('POST', '/admin/age-verifications/nope/approve', admin.auth, {})).statusCode).toBe(400);
    const r = await req('POST', `/admin/age-verifications/${id}/reject`, admin.auth, { reason: ' ' });
    expect(r.statusCode).toBe(400);
    expect(r.json().details.map((d: { field: string }) => d.field)).toEqual(['reason']);
    expect((await req('GET', '/admin/age-verifications?status=nope', admin.auth)).statusCode).toBe(400);
  });
  it('a fan uploads only as themself (401 anonymous); the adult switch is for creators (403 fan, 400 bad body)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/age-verification/manual' })).statusCode).toBe(401);
    const fan = await fanIn('GB');
    expect((await req('PUT', '/age-verification/adult-profile', {}, { adult: true })).statusCode).toBe(401);
    expect((await req('PUT', '/age-verification/adult-profile', fan.auth, { adult: true })).statusCode).toBe(403);
    expect((await req('PUT', '/age-verification/adult-profile', adult.auth, { adult: 'yes' })).statusCode).toBe(400);
    expect((await req('POST', '/age-verification/session', {}, {})).statusCode).toBe(401);
    // The manual provider is configured: no session with an outside provider.
    expect((await req('POST', '/age-verification/session', fan.auth, {})).statusCode).toBe(422);
  });
  it('upload: both pictures required (400 naming each); outside a listed place 422; creators 422', async () => {
    const fan = await fanIn('GB');
    const one = await upload(fan, ['idPhoto']);
    expect(one.statusCode).toBe(400);
    expect(one.json().details.map((d: { field: string }) => d.field)).toEqual(['selfie']);
    expect((await upload(await fanIn('FR'))).statusCode).toBe(422);
    expect((await upload(adult)).statusCode).toBe(422);
  });
});

describe('the place rule and withholding', () => {
  it('no listed place → nothing is withheld; a fan in GB sees no adult profile, item, list entry or search result', async () => {
    const fr = await fanIn('FR');
    expect((await state(fr.auth)).restricted).toBe(false);
    expect((await req('GET', `/performers/${adult.user.id}`, fr.auth)).statusCode).toBe(200);
    expect((await req('GET', `/user/feeds/${adultFeed}`, fr.auth)).statusCode).toBe(200);

    const gb = await fanIn('GB');
    expect(await state(gb.auth)).toMatchObject({ required: true, restricted: true, status: 'none', provider: 'manual' });
    const profile = await req('GET', `/performers/${adult.user.id}`, gb.auth);
    expect(profile.statusCode).toBe(404);
    expect(profile.json().code).toBe(AGE_MESSAGES.restrictedCode);
    expect((await req('GET', `/performers/${plain.user.id}`, gb.auth)).statusCode).toBe(200);
    expect((await req('GET', `/user/feeds/${adultFeed}`, gb.auth)).statusCode).toBe(404);
    expect((await req('GET', `/user/feeds/${plainFeed}`, gb.auth)).statusCode).toBe(200);
    expect(ids(await req('GET', `/user/feeds/search/${adult.user.id}`, gb.auth))).toEqual([]);
    const search = ids(await req('GET', '/performers/search?limit=100', gb.auth));
    expect(search).toContain(plain.user.id);
    expect(search).not.toContain(adult.user.id);
  });
  it('bookmarks and the timeline leave adult items out for a restricted fan, and keep them once approved', async () => {
    const gb = await fanIn('GB');
    await setting('ageVerificationPlaces', []);
    expect((await req('POST', '/reactions', gb.auth, { objectId: adultFeed, objectType: 'feed', action: 'bookmark' })).statusCode).toBe(200);
    expect((await req('POST', `/follows/${adult.user.id}`, gb.auth, {})).statusCode).toBeLessThan(300);
    expect((await req('GET', '/user/feeds', gb.auth)).json().data.data.map((f: { _id: string }) => f._id)).toContain(adultFeed);
    await setting('ageVerificationPlaces', ['GB', 'US-UT']);
    expect(ids(await req('GET', '/reactions/feeds/bookmark', gb.auth))).toEqual([]);
    expect((await req('GET', '/user/feeds', gb.auth)).json().data.data).toEqual([]);
    expect(ids(await req('GET', '/follows/following', gb.auth))).toEqual([]);
    await t.ctx.db.update(users).set({ ageStatus: 'approved' }).where(eq(users.id, gb.user.id));
    await t.ctx.sessions.evictUser(gb.user.id);
    expect((await req('GET', '/user/feeds', gb.auth)).json().data.data.map((f: { _id: string }) => f._id)).toContain(adultFeed);
    expect((await req('GET', '/reactions/feeds/bookmark', gb.auth)).json().data.total).toBe(1);
  });
  it('visitors and accounts without a listed country are restricted by their address; a region code lists its country', async () => {
    expect((await state()).restricted).toBe(false);
    expect((await state(GB_IP)).restricted).toBe(true);
    expect((await req('GET', `/performers/${adult.user.id}`, GB_IP)).statusCode).toBe(404);
    expect((await req('GET', `/user/feeds/${adultFeed}`, GB_IP)).statusCode).toBe(404);
    // US-UT is listed: a US address verifies (no region in the offline country database).
    expect((await state(US_IP)).required).toBe(true);
    const fr = await fanIn('FR');
    expect((await state({ ...fr.auth, ...GB_IP })).restricted).toBe(true);
  });
  it("an adult creator's live stream is withheld like a suspended creator's: 404 and left out of the live list", async () => {
    await agoraOn(t);
    const live = await goLive(t, adult, { title: 'Adult live' });
    const ids = async (h: H) => ((await req('GET', '/streaming/user/search', h)).json().data.data as Array<{ _id: string }>).map((s) => s._id);
    expect(await ids({})).toContain(live._id);
    expect(await ids(GB_IP)).not.toContain(live._id);
    expect((await req('GET', `/streaming/live/${live._id}`, GB_IP)).statusCode).toBe(404);
    expect((await req('GET', `/streaming/live/${live._id}`, (await fanIn('FR')).auth)).statusCode).toBe(200);
  });
  it('creators and operators are exempt; a creator always sees their own adult content', async () => {
    expect((await req('GET', `/user/feeds/${adultFeed}`, { ...adult.auth, ...GB_IP })).statusCode).toBe(200);
    expect((await req('GET', `/performers/${adult.user.id}`, { ...plain.auth, ...GB_IP })).statusCode).toBe(200);
    expect((await req('GET', `/performers/${adult.user.id}`, { ...admin.auth, ...GB_IP })).statusCode).toBe(200);
    expect(await state(adult.auth)).toMatchObject({ restricted: false, adultProfile: true });
  });
});

describe('the manual provider', () => {
  const queueItem = async (id: string) => {
    // The queue hands out ID pictures: the operator says why (issue 28 §6).
    const res = await req('GET', '/admin/age-verifications?status=pending&limit=100', { ...admin.auth, [ACCESS_REASON_HEADER]: 'Reviewing the queue' });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.data as Array<{ _id: string; userId: string }>).find((x) => x.userId === id);
  };
  it('upload → pending in the queue (signed pictures) → approve: audited, notified, pictures deleted, content shown', async () => {
    const gb = await fanIn('GB');
    const sent = await upload(gb);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toMatchObject({ status: 'pending', restricted: true });
    expect((await upload(gb)).statusCode).toBe(409);
    const item = ageReviewItemSchema.parse(await queueItem(gb.user.id));
    expect(item.idPhoto?.url).toMatch(/expires=/);
    expect(item.selfie?.url).toMatch(/sig=/);
    expect((await t.app.inject({ method: 'GET', url: item.idPhoto!.url.replace(t.config.PUBLIC_API_URL, '') })).statusCode).toBe(200);

    const ok = await req('POST', `/admin/age-verifications/${item._id}/approve`, admin.auth, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'approved', idPhoto: null, selfie: null });
    expect(ok.json().data.filesDeletedAt).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: item.idPhoto!.url.replace(t.config.PUBLIC_API_URL, '') })).statusCode).toBe(404);
    expect((await req('POST', `/admin/age-verifications/${item._id}/approve`, admin.auth, {})).statusCode).toBe(409);
    expect(await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'age.approve'), eq(auditLog.targetId, gb.user.id)))).toHaveLength(1);
    await t.ctx.queue.drain();
    expect((await t.ctx.db.select().from(notifications).where(eq(notifications.userId, gb.user.id))).map((n) => n.text)).toContain('Your age was verified: adult content is now shown to you');
    expect(await state(gb.auth)).toMatchObject({ status: 'approved', restricted: false });
    expect((await req('GET', `/performers/${adult.user.id}`, gb.auth)).statusCode).toBe(200);
    expect((await req('GET', `/user/feeds/${adultFeed}`, gb.auth)).statusCode).toBe(200);
  });
  it('reject with a reason: audited, the fan sees the reason and may send again; kept pictures wait for the sweep', async () => {
    await setting('ageDocumentRetentionDays', 7);
    const gb = await fanIn('GB');
    expect((await upload(gb)).statusCode).toBe(201);
    const item = (await queueItem(gb.user.id))!;
    const no = await req('POST', `/admin/age-verifications/${item._id}/reject`, admin.auth, { reason: 'The ID is unreadable' });
    expect(no.statusCode, no.body).toBe(200);
    expect(no.json().data.idPhoto).not.toBeNull();
    expect(await state(gb.auth)).toMatchObject({ status: 'rejected', reason: 'The ID is unreadable', restricted: true });
    expect(await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'age.reject'), eq(auditLog.targetId, gb.user.id)))).toHaveLength(1);
    expect(await t.ctx.age.purgeFiles(new Date(t.ctx.clock.now().getTime() + 6 * 86_400_000))).toBe(0);
    expect(await t.ctx.age.purgeFiles(new Date(t.ctx.clock.now().getTime() + 8 * 86_400_000))).toBeGreaterThanOrEqual(1);
    const [row] = await t.ctx.db.select().from(ageVerifications).where(eq(ageVerifications.id, item._id));
    expect(row!.filesDeletedAt).not.toBeNull();
    expect((await upload(gb)).statusCode).toBe(201);
    await setting('ageDocumentRetentionDays', 0);
  });
});

describe("creators' minimum age on the injected clock's calendar date", () => {
  it('the 18th birthday tomorrow is still too young (400 on dateOfBirth); on the day it is accepted', async () => {
    const real = t.ctx.clock.now;
    try {
      t.ctx.clock.now = () => new Date('2026-06-15T23:30:00Z');
      const young = await req('PUT', '/performers/me', plain.auth, { dateOfBirth: '2008-06-16' });
      expect(young.statusCode).toBe(400);
      expect(young.json().details).toEqual([{ field: 'dateOfBirth', message: 'Creators must be at least 18 years old' }]);
      t.ctx.clock.now = () => new Date('2026-06-16T00:00:01Z');
      expect((await req('PUT', '/performers/me', plain.auth, { dateOfBirth: '2008-06-16' })).statusCode).toBe(200);
    } finally {
      t.ctx.clock.now = real;
    }
  });
});
