import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, multipart, type Made, type TestApp } from '../../../test/harness';
import { createFeed, createFeedFile, subscribe } from '../../../test/factories';
import { auditLog } from '../../platform/audit.tables';
import { reports } from '../reports/reports.tables';
import { users } from '../users/users.tables';
import type { FileRow } from '../media/media.tables';
import { grayOf } from './register';
import { decodeLeak } from './trace.core';
import { photoLike } from './protection.pictures';
import { markCache, protectionHashes } from './protection.tables';
import { DEMO_LEAK_KEY, seedProtection } from '../../seed/demo-protection';

/**
 * Issue 32 §2–§3 for images through the API: a subscriber's view of a private photo hands out
 * per-viewer signed URLs; the served image carries the visible and the forensic mark, is cached
 * (second request a hit), is clean for the owner and operators; one viewer's URL cannot fetch
 * another's mark; the creator's settings change what is drawn; the tracer (upload and URL) names
 * the fan, is audited, and its actions work — with the forbidden cases.
 */
let t: TestApp;
let creator: Made, fan: Made, fan2: Made, admin: Made, bare: Made, otherCreator: Made;
let file: FileRow;
let feedId: string;
let large: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  [creator, fan, fan2, admin, bare, otherCreator] = await Promise.all([createCreator(t), createFan(t), createFan(t), createAdmin(t), createAdminWithout2fa(t), createCreator(t)]);
  file = await createFeedFile(t, creator.user.id, 'feed-photo');
  large = await sharp(await photoLike(7, 960, 640)).webp({ quality: 90 }).toBuffer();
  await t.ctx.storage.put(file.variants.large!, large, 'image/webp');
  await t.ctx.storage.put(file.variants.medium!, await sharp(large).resize(640).webp({ quality: 90 }).toBuffer(), 'image/webp');
  await t.ctx.storage.put(file.variants.thumb!, await sharp(large).resize(320).webp({ quality: 90 }).toBuffer(), 'image/webp');
  const feed = await createFeed(t, creator.user.id, { visibility: 'subscribers', fileIds: [file.id] });
  feedId = feed.id;
  await subscribe(t, fan.user.id, creator.user.id);
  await subscribe(t, fan2.user.id, creator.user.id);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type View = { url?: string; thumbnails: string[] };
async function photoOf(who: Made): Promise<View> {
  const res = await t.app.inject({ method: 'GET', url: `/user/feeds/${feedId}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.files[0] as View;
}
const get = (url: string) => t.app.inject({ method: 'GET', url: url.replace(t.config.PUBLIC_API_URL, '') });
const rawOf = async (b: Buffer) => (await sharp(b).removeAlpha().raw().toBuffer());
const diff = async (a: Buffer, b: Buffer) => {
  const [x, y] = [await rawOf(a), await rawOf(b)];
  let d = 0;
  for (let i = 0; i < x.length; i++) d += Math.abs(x[i]! - y[i]!);
  return d / x.length;
};

describe('serving', { timeout: 120_000 }, () => {
  it('a subscriber gets per-viewer signed URLs; the owner and operators get the stored rendition\'s signed URL', async () => {
    const v = await photoOf(fan);
    expect(v.url).toMatch(new RegExp(`/files/marked/${file.id}/large\\?v=${fan.user.id}&expires=\\d+&sig=`));
    expect(v.thumbnails.every((u) => u.includes(`/files/marked/${file.id}/`) && u.includes(`v=${fan.user.id}`))).toBe(true);
    const own = await photoOf(creator);
    expect(own.url).toContain(`/files/${file.storageKey}?expires=`);
    expect(own.url).not.toContain('/marked/');
    // Operators (who open locked media through the console's audited reads) get the stored file too.
    const asOperator = t.ctx.media.fileView(file, 'full', admin.user);
    expect(asOperator.url).toContain(`/files/${file.storageKey}?expires=`);
  });

  it('draws the marks once, then serves from the cache; the forensic mark names the viewer', async () => {
    const { url } = await photoOf(fan);
    const first = await get(url!);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['x-mark-cache']).toBe('miss');
    const second = await get(url!);
    expect(second.headers['x-mark-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // Visibly different from the clean rendition (the overlay), same size.
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([960, 640]);
    expect(await diff(first.rawPayload, large)).toBeGreaterThan(0.5);
    // The forensic mark decodes to the fan's code.
    const r = await decodeLeak(await grayOf(large), await grayOf(first.rawPayload), t.ctx.protection.key);
    expect(r?.identified).toBe(true);
    expect(r!.code).toBe(await t.ctx.protection.viewerCode(fan.user.id));
    // Served marked → indexed for the tracer.
    await expect.poll(async () => (await t.ctx.db.select().from(protectionHashes).where(eq(protectionHashes.fileId, file.id))).length).toBe(1);
  });

  it('the cache sweep removes entries nobody fetched for 30 days (storage and row); a recent entry stays; a swept one is drawn anew', async () => {
    const { url } = await photoOf(fan);
    expect((await get(url!)).headers['x-mark-cache']).toMatch(/hit|miss/);
    const rendition = /\/files\/marked\/[^/]+\/(\w+)\?/.exec(url!)![1]!;
    const rows = await t.ctx.db.select().from(markCache).where(eq(markCache.fileId, file.id));
    const old = rows.find((r) => r.key.startsWith(`marks/${file.id}/${rendition}/${fan.user.id}-`))!;
    expect(old).toBeDefined();
    const other = { key: `marks/${file.id}/large/recent-test.jpg`, fileId: file.id, servedAt: t.ctx.clock.now() };
    await t.ctx.storage.put(other.key, Buffer.from('recent'), 'image/jpeg');
    await t.ctx.db.insert(markCache).values(other);
    await t.ctx.db.update(markCache).set({ servedAt: new Date(t.ctx.clock.now().getTime() - 31 * 86_400_000) }).where(eq(markCache.key, old.key));
    expect(await t.ctx.protection.sweepMarks()).toBe(1);
    expect(await t.ctx.storage.stat(old.key)).toBeNull();
    expect(await t.ctx.db.select().from(markCache).where(eq(markCache.key, old.key))).toEqual([]);
    expect(await t.ctx.storage.stat(other.key)).not.toBeNull();
    expect(await t.ctx.protection.sweepMarks()).toBe(0);
    // The viewer's next request draws it again (and records it again).
    expect((await get(url!)).headers['x-mark-cache']).toBe('miss');
    expect(await t.ctx.db.select().from(markCache).where(eq(markCache.key, old.key))).toHaveLength(1);
  });

  it('a hit writes nothing when this node recorded the entry less than a day ago; a day later it records it again', async () => {
    const { url } = await photoOf(fan2);
    await get(url!);
    expect((await get(url!)).headers['x-mark-cache']).toBe('hit');
    const rendition = /\/files\/marked\/[^/]+\/(\w+)\?/.exec(url!)![1]!;
    const key = (await t.ctx.db.select().from(markCache).where(eq(markCache.fileId, file.id))).find((r) => r.key.startsWith(`marks/${file.id}/${rendition}/${fan2.user.id}-`))!.key;
    // The row says two days ago: the database would refresh it, but this node wrote it just now — no write.
    const twoDaysAgo = new Date(t.ctx.clock.now().getTime() - 2 * 86_400_000);
    await t.ctx.db.update(markCache).set({ servedAt: twoDaysAgo }).where(eq(markCache.key, key));
    expect((await get(url!)).headers['x-mark-cache']).toBe('hit');
    const servedAt = async () => (await t.ctx.db.select().from(markCache).where(eq(markCache.key, key)))[0]!.servedAt.getTime();
    expect(await servedAt()).toBe(twoDaysAgo.getTime());
    // A day and a minute later (the app's clock), the next hit — through a URL signed then — records it (in the background).
    const later = new Date(t.ctx.clock.now().getTime() + 86_460_000);
    const now = vi.spyOn(t.ctx.clock, 'now').mockReturnValue(later);
    try {
      expect((await get((await photoOf(fan2)).url!)).headers['x-mark-cache']).toBe('hit');
      await expect.poll(servedAt).toBe(later.getTime());
    } finally {
      now.mockRestore();
    }
  });

  it("one viewer's URL cannot fetch another viewer's mark; a changed or expired signature is refused", async () => {
    const { url } = await photoOf(fan);
    const swapped = url!.replace(`v=${fan.user.id}`, `v=${fan2.user.id}`);
    expect((await get(swapped)).statusCode).toBe(403);
    expect((await get(url!.replace(/sig=[^&]+/, 'sig=AAAA'))).statusCode).toBe(403);
    expect((await get(url!.replace(/expires=\d+/, 'expires=1000'))).statusCode).toBe(403);
    expect((await get(url!.replace('/large?', '/medium?'))).statusCode).toBe(403);
    // fan2's own URL: another picture (their name, their code).
    const mine = await get((await photoOf(fan2)).url!);
    const theirs = await get(url!);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(theirs.rawPayload)).toBe(false);
    const r = await decodeLeak(await grayOf(large), await grayOf(mine.rawPayload), t.ctx.protection.key);
    expect(r!.code).toBe(await t.ctx.protection.viewerCode(fan2.user.id));
    expect(await t.ctx.protection.viewerCode(fan2.user.id)).not.toBe(await t.ctx.protection.viewerCode(fan.user.id));
  });

  it("the creator's settings: defaults shown, saved settings re-render (new cache entry), both marks off → the clean rendition", async () => {
    const s = await t.app.inject({ method: 'GET', url: '/performer/protection/settings', headers: creator.auth });
    expect(s.statusCode).toBe(200);
    expect(s.json().data).toMatchObject({ usesDefaults: true, settings: { visible: true, forensic: true }, creatorUrl: expect.stringMatching(new RegExp(`/${creator.user.username}$`)) });
    expect((await t.app.inject({ method: 'GET', url: '/performer/protection/settings', headers: fan.auth })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'PUT', url: '/performer/protection/settings', headers: creator.auth, payload: { settings: { visible: true, position: 'middle', opacity: 5, forensic: true } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['settings.opacity', 'settings.position']);

    const saved = await t.app.inject({ method: 'PUT', url: '/performer/protection/settings', headers: creator.auth, payload: { settings: { visible: true, position: 'tiled', opacity: 60, forensic: true } } });
    expect(saved.json().data).toMatchObject({ usesDefaults: false, settings: { position: 'tiled', opacity: 60 } });
    const { url } = await photoOf(fan);
    const tiled = await get(url!);
    expect(tiled.headers['x-mark-cache']).toBe('miss');

    await t.app.inject({ method: 'PUT', url: '/performer/protection/settings', headers: creator.auth, payload: { settings: { visible: false, position: 'tiled', opacity: 60, forensic: false } } });
    const clean = await get(url!);
    expect(clean.statusCode).toBe(200);
    expect(clean.headers['content-type']).toBe('image/webp');
    expect(clean.rawPayload.equals(large)).toBe(true);

    // Forensic off for this item only (creator on): the visible mark stays, no code in it.
    await t.app.inject({ method: 'PUT', url: '/performer/protection/settings', headers: creator.auth, payload: { settings: { visible: true, position: 'bottom-right', opacity: 40, forensic: true } } });
    const choice = (who: Made) => t.app.inject({ method: 'GET', url: `/performer/protection/files/${file.id}`, headers: who.auth });
    expect((await choice(creator)).json().data).toEqual({ fileId: file.id, forensic: true, usesDefault: true });
    expect((await choice(otherCreator)).statusCode).toBe(404);
    expect((await choice(fan)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/performer/protection/files/not-an-id', headers: creator.auth })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: `/performer/protection/files/${file.id}`, headers: otherCreator.auth, payload: { forensic: false } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/performer/protection/files/${file.id}`, headers: creator.auth, payload: { forensic: false } })).statusCode).toBe(200);
    expect((await choice(creator)).json().data).toEqual({ fileId: file.id, forensic: false, usesDefault: false });
    const noCode = await get(url!);
    const r = await decodeLeak(await grayOf(large), await grayOf(noCode.rawPayload), t.ctx.protection.key);
    expect(r?.identified).toBe(false);
    await t.app.inject({ method: 'PUT', url: `/performer/protection/files/${file.id}`, headers: creator.auth, payload: { forensic: true } });
    await t.app.inject({ method: 'PUT', url: '/performer/protection/settings', headers: creator.auth, payload: { settings: null } });
  });
});

// Each trace aligns and decodes real pictures (seconds of CPU each): two minutes a case beside CI's browser tests.
describe('the tracer', { timeout: 120_000 }, () => {
  const upload = (who: Made | null, content: Buffer) => {
    const mp = multipart({}, [{ field: 'file', filename: 'leak.jpg', content, type: 'image/jpeg' }]);
    return t.app.inject({ method: 'POST', url: '/protection/trace', headers: { ...(who?.auth ?? {}), ...mp.headers }, payload: mp.payload });
  };
  async function leakOfFan(): Promise<Buffer> {
    const served = (await get((await photoOf(fan)).url!)).rawPayload;
    return sharp(served).jpeg({ quality: 70 }).toBuffer();
  }

  it('anonymous 401, fans and operators without 2FA 403; a file that is no image 415/400', async () => {
    const leak = await leakOfFan();
    expect((await upload(null, leak)).statusCode).toBe(401);
    expect((await upload(fan, leak)).statusCode).toBe(403);
    expect((await upload(bare, leak)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/protection/traces', headers: fan.auth })).statusCode).toBe(403);
    const mp = multipart({}, [{ field: 'file', filename: 'x.txt', content: Buffer.from('not a picture'), type: 'text/plain' }]);
    const res = await t.app.inject({ method: 'POST', url: '/protection/trace', headers: { ...admin.auth, ...mp.headers }, payload: mp.payload });
    expect([400, 415]).toContain(res.statusCode);
  });

  it('an operator uploads a re-compressed leak: the item and the fan are named, with a confidence; audited', async () => {
    const res = await upload(admin, await leakOfFan());
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json().data;
    expect(r).toMatchObject({ status: 'identified', mediaKind: 'image', item: { fileId: file.id, ownerId: creator.user.id }, viewer: { _id: fan.user.id, username: fan.user.username } });
    expect(r.confidence).toBeGreaterThan(0.95);
    expect(r.noticeDraft).toContain(creator.user.username);
    const [entry] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'protection.trace'), eq(auditLog.actorId, admin.user.id)));
    expect(entry).toMatchObject({ targetType: 'file', targetId: file.id });
    expect(entry!.subjectIds).toEqual([fan.user.id]);
    const list = await t.app.inject({ method: 'GET', url: '/protection/traces', headers: admin.auth });
    expect(list.json().data.data[0]._id).toBe(r._id);
  });

  it("creators trace their own content only; another creator's search finds nothing", async () => {
    const leak = await sharp(await leakOfFan()).resize(480).jpeg({ quality: 80 }).toBuffer();
    const own = await upload(creator, leak);
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().data).toMatchObject({ status: 'identified', viewer: { _id: fan.user.id } });
    const other = await upload(otherCreator, leak);
    expect(other.json().data).toMatchObject({ status: 'no_match', item: null, viewer: null });
    // Traces are per creator.
    const list = await t.app.inject({ method: 'GET', url: '/protection/traces', headers: otherCreator.auth });
    expect(list.json().data.data.map((x: { _id: string }) => x._id)).toEqual([other.json().data._id]);
    // An unmarked copy of the picture: found, nobody named.
    const clean = await upload(creator, await sharp(large).jpeg({ quality: 75 }).toBuffer());
    expect(clean.json().data).toMatchObject({ status: 'unidentified', item: { fileId: file.id }, viewer: null });
  });

  it('a pasted address of this site: a marked URL traces to its viewer; anything else is a 400 on url', async () => {
    const { url } = await photoOf(fan2);
    const res = await t.app.inject({ method: 'POST', url: '/protection/trace/url', headers: admin.auth, payload: { url } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'identified', viewer: { _id: fan2.user.id } });
    for (const bad of ['https://elsewhere.example/files/private/x.webp', `${t.config.PUBLIC_API_URL}/user/feeds/${feedId}`, `${t.config.PUBLIC_API_URL}/files/private/nothing/here.webp`]) {
      const r = await t.app.inject({ method: 'POST', url: '/protection/trace/url', headers: admin.auth, payload: { url: bad } });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().details[0].field).toBe('url');
    }
    // Another creator cannot have someone else's marked copy rendered.
    const foreign = await t.app.inject({ method: 'POST', url: '/protection/trace/url', headers: otherCreator.auth, payload: { url } });
    expect(foreign.statusCode).toBe(400);
  });

  it('actions: a report on the fan (creator or operator); suspension by operators only', async () => {
    const traced = (await upload(creator, await leakOfFan())).json().data;
    const rep = await t.app.inject({ method: 'POST', url: `/protection/traces/${traced._id}/report`, headers: creator.auth, payload: {} });
    expect(rep.statusCode, rep.body).toBe(201);
    expect(rep.json().data).toMatchObject({ target: 'user', targetId: fan.user.id, reason: 'copyright' });
    expect((await t.ctx.db.select().from(reports).where(eq(reports.targetId, fan.user.id))).length).toBe(1);
    // Someone else's trace → 404; a creator cannot suspend.
    expect((await t.app.inject({ method: 'POST', url: `/protection/traces/${traced._id}/report`, headers: otherCreator.auth, payload: {} })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/admin/protection/traces/${traced._id}/suspend`, headers: creator.auth, payload: { reason: 'Leaked content' } })).statusCode).toBe(403);

    const adminTrace = (await upload(admin, await leakOfFan())).json().data;
    const none = (await upload(admin, await sharp(await photoLike(99, 640, 480)).jpeg().toBuffer())).json().data;
    expect(none.status).toBe('no_match');
    expect((await t.app.inject({ method: 'POST', url: `/admin/protection/traces/${none._id}/suspend`, headers: admin.auth, payload: { reason: 'Leaked content' } })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'POST', url: `/admin/protection/traces/${adminTrace._id}/suspend`, headers: admin.auth, payload: {} })).statusCode).toBe(400);
    const sus = await t.app.inject({ method: 'POST', url: `/admin/protection/traces/${adminTrace._id}/suspend`, headers: admin.auth, payload: { reason: 'Leaked content' } });
    expect(sus.statusCode, sus.body).toBe(200);
    const [u] = await t.ctx.db.select({ status: users.status }).from(users).where(eq(users.id, fan.user.id));
    expect(u!.status).toBe('suspended');
    const [entry] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.suspend'), eq(auditLog.targetId, fan.user.id)));
    expect(entry?.actorId).toBe(admin.user.id);
  });

  it("the demo's leak (seed/demo-protection.ts) traces to the demo fan by its address; seeding twice adds nothing", async () => {
    const [luna, demoFan] = await Promise.all([createCreator(t), createFan(t)]);
    await seedProtection(t.ctx, { luna: luna.user, fan: demoFan.user });
    await seedProtection(t.ctx, { luna: luna.user, fan: demoFan.user });
    const posts = await t.app.inject({ method: 'GET', url: `/user/feeds/search/${luna.user.username}`, headers: luna.auth });
    expect(posts.json().data.data).toHaveLength(1);
    const res = await t.app.inject({ method: 'POST', url: '/protection/trace/url', headers: admin.auth, payload: { url: `${t.config.PUBLIC_API_URL}/files/${DEMO_LEAK_KEY}` } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'identified', viewer: { _id: demoFan.user.id }, item: { ownerId: luna.user.id } });
  });
});
