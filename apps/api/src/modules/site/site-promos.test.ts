import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../platform/audit.tables';
import { createAdmin, createCreator, createFan, createTestApp, multipart, type Made, type TestApp } from '../../../test/harness';

/** Promos / banners (spec §7 Site promo) and the console's site pictures. */
let t: TestApp;
let admin: Made;
let fan: Made;
let creator: Made;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  [admin, fan, creator] = await Promise.all([createAdmin(t), createFan(t), createCreator(t)]);
  png = await sharp({ create: { width: 2400, height: 800, channels: 3, background: '#5b3df5' } }).png().toBuffer();
});
afterAll(async () => {
  await t?.close();
});

type H = Record<string, string>;
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H = {}, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const fields = (res: { json(): { details?: Array<{ field: string }> } }) => (res.json().details ?? []).map((d) => d.field);
const HOUR = 3600_000;
const at = (ms: number) => new Date(t.ctx.clock.now().getTime() + ms).toISOString();

async function upload(kind: string, headers: H = admin.auth, content = png) {
  const body = multipart({ kind }, [{ field: 'file', filename: 'banner.png', content, type: 'image/png' }]);
  return t.app.inject({ method: 'POST', url: '/admin/site/images/upload', headers: { ...headers, ...body.headers }, payload: body.payload });
}
async function promoImage(): Promise<string> {
  const res = await upload('promo');
  expect(res.statusCode).toBe(200);
  return res.json().data._id;
}
const create = (body: object) => req('POST', '/admin/site-promo', admin.auth, body);

describe('operator routes × roles', () => {
  const id = '0190a5b4-0000-7000-8000-000000000000';
  const cases: Array<[string, string, object?]> = [
    ['GET', '/admin/site-promo'],
    ['POST', '/admin/site-promo', { title: 'x' }],
    ['PUT', `/admin/site-promo/${id}`, { title: 'x' }],
    ['DELETE', `/admin/site-promo/${id}`],
  ];
  it.each(cases)('%s %s: anonymous 401, fan and creator 403', async (method, url, body) => {
    expect((await req(method as 'GET', url, {}, body)).statusCode).toBe(401);
    expect((await req(method as 'GET', url, fan.auth, body)).statusCode).toBe(403);
    expect((await req(method as 'GET', url, creator.auth, body)).statusCode).toBe(403);
  });
  it('image upload: anonymous 401, fan and creator 403', async () => {
    expect((await upload('promo', {})).statusCode).toBe(401);
    expect((await upload('promo', fan.auth)).statusCode).toBe(403);
    expect((await upload('promo', creator.auth)).statusCode).toBe(403);
  });
});

describe('site pictures', () => {
  it('fits each kind: promo ≤ 1920 wide (WebP), logo ≤ 600×200, favicon a 64×64 PNG; public URLs', async () => {
    const promo = (await upload('promo')).json().data;
    expect(promo).toMatchObject({ width: 1920, height: 640 });
    expect(promo.url).toMatch(/\/files\/public\/site-promo\/.+\.webp$/);
    const logo = (await upload('logo')).json().data;
    expect(logo).toMatchObject({ width: 600, height: 200 });
    const fav = (await upload('favicon')).json().data;
    expect(fav).toMatchObject({ width: 64, height: 64 });
    expect(fav.url).toMatch(/\.png$/);
    const served = await t.app.inject({ method: 'GET', url: new URL(fav.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses a bad kind (400 on kind), a missing file (400) and a non-image (415)', async () => {
    const bad = await upload('wallpaper');
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual(['kind']);
    const none = multipart({ kind: 'promo' }, []);
    expect((await t.app.inject({ method: 'POST', url: '/admin/site/images/upload', headers: { ...admin.auth, ...none.headers }, payload: none.payload })).statusCode).toBe(400);
    expect((await upload('promo', admin.auth, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).statusCode).toBe(415);
  });
});

describe('promos', () => {
  it('the public sees a promo only while start ≤ now < end, by position', async () => {
    const imageId = await promoImage();
    const running = (await create({ title: 'Summer sale', imageId, link: '/search', position: 'top', startAt: at(-HOUR), endAt: at(HOUR) })).json().data;
    const later = (await create({ title: 'Next week', imageId, link: 'https://example.com/x', startAt: at(24 * HOUR), endAt: at(48 * HOUR) })).json().data;
    const past = (await create({ title: 'Last week', imageId, startAt: at(-48 * HOUR), endAt: at(-24 * HOUR) })).json().data;
    const side = (await create({ title: 'Side', imageId, position: 'sidebar', startAt: at(-HOUR), endAt: at(HOUR) })).json().data;
    expect(running.imageUrl).toMatch(/\/files\/public\/site-promo\//);

    const ids = async (q = '') => (await req('GET', `/site-promo/search${q}`)).json().data.data.map((p: { _id: string }) => p._id);
    expect(await ids()).toEqual(expect.arrayContaining([running._id, side._id]));
    expect(await ids()).not.toContain(later._id);
    expect(await ids()).not.toContain(past._id);
    expect(await ids('?position=top')).toEqual([running._id]);

    // The window moves with the clock: the end is exclusive, the start inclusive.
    const now = t.ctx.clock.now;
    try {
      t.ctx.clock.now = () => new Date(later.startAt);
      expect(await ids('?position=top')).toEqual([later._id]);
      t.ctx.clock.now = () => new Date(running.endAt);
      expect(await ids('?position=top')).toEqual([]);
    } finally {
      t.ctx.clock.now = now;
    }

    const states = async (state: string) => (await req('GET', `/admin/site-promo?state=${state}`, admin.auth)).json().data.data.map((p: { _id: string }) => p._id);
    expect(await states('scheduled')).toEqual([later._id]);
    expect(await states('ended')).toEqual([past._id]);
    expect(await states('running')).toEqual(expect.arrayContaining([running._id, side._id]));
  });

  it('400 with field errors: end before start, bad link, bad dates, unknown image, NUL', async () => {
    const imageId = await promoImage();
    const backwards = await create({ title: 'x', imageId, startAt: at(HOUR), endAt: at(-HOUR) });
    expect(backwards.statusCode).toBe(400);
    expect(fields(backwards)).toEqual(['endAt']);
    const same = await create({ title: 'x', imageId, startAt: at(HOUR), endAt: at(HOUR) });
    expect(fields(same)).toEqual(['endAt']);
    for (const link of ['javascript:alert(1)', '//evil.example', 'not a url']) {
      const res = await create({ title: 'x', imageId, link, startAt: at(0), endAt: at(HOUR) });
      expect(res.statusCode).toBe(400);
      expect(fields(res)).toEqual(['link']);
    }
    const date = await create({ title: 'x', imageId, startAt: 'tomorrow', endAt: at(HOUR) });
    expect(fields(date)).toContain('startAt');
    const noTitle = await create({ title: '', imageId, startAt: at(0), endAt: at(HOUR) });
    expect(fields(noTitle)).toContain('title');
    const unknownImage = await create({ title: 'x', imageId: '0190a5b4-0000-7000-8000-000000000000', startAt: at(0), endAt: at(HOUR) });
    expect(unknownImage.statusCode).toBe(400);
    expect(fields(unknownImage)).toEqual(['imageId']);
    const logo = (await upload('logo')).json().data._id;
    expect(fields(await create({ title: 'x', imageId: logo, startAt: at(0), endAt: at(HOUR) }))).toEqual(['imageId']);
    expect((await create({ title: 'x\u0000', imageId, startAt: at(0), endAt: at(HOUR) })).statusCode).toBe(400);

    // An update is checked against the window as it will be.
    const p = (await create({ title: 'Window', imageId, startAt: at(0), endAt: at(HOUR) })).json().data;
    const moved = await req('PUT', `/admin/site-promo/${p._id}`, admin.auth, { startAt: at(2 * HOUR) });
    expect(moved.statusCode).toBe(400);
    expect(fields(moved)).toEqual(['startAt']);
    expect((await req('PUT', `/admin/site-promo/${p._id}`, admin.auth, { startAt: at(2 * HOUR), endAt: at(3 * HOUR) })).statusCode).toBe(200);
    expect((await req('PUT', '/admin/site-promo/0190a5b4-0000-7000-8000-000000000000', admin.auth, { title: 'x' })).statusCode).toBe(404);
  });

  it('create, update and delete are audited in their transaction; a refused update leaves no entry', async () => {
    const imageId = await promoImage();
    const p = (await create({ title: 'Audited', imageId, startAt: at(0), endAt: at(HOUR) })).json().data;
    expect((await req('PUT', `/admin/site-promo/${p._id}`, admin.auth, { title: 'Audited 2', sortOrder: 3 })).statusCode).toBe(200);
    expect((await req('PUT', `/admin/site-promo/${p._id}`, admin.auth, { endAt: at(-HOUR) })).statusCode).toBe(400);
    expect((await req('DELETE', `/admin/site-promo/${p._id}`, admin.auth)).statusCode).toBe(200);
    const entries = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'promo'), eq(auditLog.targetId, p._id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['promo.create', 'promo.delete', 'promo.update']);
    expect(entries.find((e) => e.action === 'promo.update')).toMatchObject({ actorId: admin.user.id, before: { title: 'Audited', sortOrder: 0 }, after: { title: 'Audited 2', sortOrder: 3 } });
    expect((await req('GET', '/site-promo/search')).json().data.data.map((x: { _id: string }) => x._id)).not.toContain(p._id);
  });
});
