// Over 300 lines: the creator side end to end — the ownership table of every studio route, counters and covers under concurrency, validation and uploads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { gallerySchema, photoSchema, type Gallery, type Photo } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, multipart, storedFiles, type Made, type TestApp } from '../../../test/harness';
import { createFeedFile } from '../../../test/factories';
import { files } from '../media/media.tables';
import { addPhoto, createGallery, createPhotoFile } from '../../../test/galleries';
import { galleries, photos } from './galleries.tables';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  // PostgreSQL: many pooled connections (concurrent requests); see feeds.test.ts.
  t.ctx.database.pool?.on('connect', (client) => client.on('error', () => undefined));
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const upload = (who: Headers, fields: Record<string, string>, content: Buffer = png, field = 'photo') => {
  const mp = multipart(fields, [{ field, filename: 'p.png', content, type: 'image/png' }]);
  return t.app.inject({ method: 'POST', url: '/performer/performer-assets/photos/upload', headers: { ...who, ...mp.headers }, payload: mp.payload });
};
const galleryRow = async (id: string) => (await t.ctx.db.select().from(galleries).where(eq(galleries.id, id)))[0]!;
const activeCount = async (galleryId: string) =>
  Number((await t.ctx.db.select({ n: count() }).from(photos).where(and(eq(photos.galleryId, galleryId), eq(photos.status, 'active'))))[0]!.n);

describe('ownership table: every creator route × (owner, another creator, fan, admin, anonymous)', () => {
  type Who = 'owner' | 'other creator' | 'fan' | 'admin' | 'anonymous';
  let owner: Made;
  const headers = {} as Record<Who, Headers>;
  beforeAll(async () => {
    const [o, other, fan, admin] = await Promise.all([createCreator(t), createCreator(t), createFan(t), createAdmin(t)]);
    owner = o;
    Object.assign(headers, { owner: o.auth, 'other creator': other.auth, fan: fan.auth, admin: admin.auth, anonymous: {} });
  });

  /** Each route: how to call it on a fresh record of the owner's, and what each caller gets. */
  interface Row {
    name: string;
    call(h: Headers): Promise<{ statusCode: number; body: string }>;
    /** After a refused call by another creator, the owner's record is unchanged. */
    untouched?(): Promise<void>;
  }
  const expected: Record<Who, (route: string) => number> = {
    owner: () => 200,
    // Creating and listing act on the caller's own records; everything naming the owner's record is 404.
    'other creator': (r) => (r === 'create gallery' || r === 'list galleries' ? 200 : 404),
    fan: () => 403,
    admin: () => 403,
    anonymous: () => 401,
  };

  const rows = (): Row[] => {
    let g: Awaited<ReturnType<typeof createGallery>>;
    let p: Awaited<ReturnType<typeof addPhoto>>;
    const fresh = async () => {
      g = await createGallery(t, owner.user.id, { title: 'Mine' });
      p = await addPhoto(t, g, { title: 'mine' });
    };
    const photoUnchanged = async () => {
      const [row] = await t.ctx.db.select().from(photos).where(eq(photos.id, p.id));
      expect(row).toMatchObject({ title: 'mine', isCover: false, galleryId: g.id });
      expect((await galleryRow(g.id)).totalPhoto).toBe(1);
    };
    return [
      { name: 'create gallery', call: (h) => req('POST', '/performer/performer-assets/galleries', h, { title: 'New' }) },
      { name: 'list galleries', call: (h) => req('GET', '/performer/performer-assets/galleries/search', h) },
      { name: 'view gallery', call: async (h) => (await fresh(), req('GET', `/performer/performer-assets/galleries/${g.id}/view`, h)) },
      {
        name: 'update gallery',
        call: async (h) => (await fresh(), req('PUT', `/performer/performer-assets/galleries/${g.id}`, h, { title: 'Changed' })),
        untouched: async () => expect((await galleryRow(g.id)).title).toBe('Mine'),
      },
      {
        name: 'delete gallery',
        call: async (h) => (await fresh(), req('DELETE', `/performer/performer-assets/galleries/${g.id}`, h)),
        untouched: async () => expect((await galleryRow(g.id)).id).toBe(g.id),
      },
      {
        name: 'upload photo',
        call: async (h) => (await fresh(), upload(h, { galleryId: g.id })),
        untouched: async () => expect((await galleryRow(g.id)).totalPhoto).toBe(1),
      },
      {
        name: 'create photos',
        call: async (h) => {
          await fresh();
          const file = await createPhotoFile(t, owner.user.id);
          return req('POST', '/performer/performer-assets/photos/create', h, { galleryId: g.id, fileIds: [file.id] });
        },
        untouched: async () => expect((await galleryRow(g.id)).totalPhoto).toBe(1),
      },
      { name: 'list photos', call: async (h) => (await fresh(), req('GET', `/performer/performer-assets/photos/search?galleryId=${g.id}`, h)) },
      { name: 'update photo', call: async (h) => (await fresh(), req('PUT', `/performer/performer-assets/photos/${p.id}`, h, { title: 'x', status: 'inactive' })), untouched: photoUnchanged },
      { name: 'delete photo', call: async (h) => (await fresh(), req('DELETE', `/performer/performer-assets/photos/${p.id}`, h)), untouched: photoUnchanged },
      { name: 'set cover', call: async (h) => (await fresh(), req('POST', `/performer/performer-assets/photos/set-cover/${p.id}`, h)), untouched: photoUnchanged },
    ];
  };
  const cases = rows().flatMap((r) => (Object.keys(expected) as Who[]).map((who) => [r.name, who, expected[who](r.name)] as const));

  it.each(cases)('%s as %s → %i', async (name, who, code) => {
    const row = rows().find((r) => r.name === name)!;
    const res = await row.call(headers[who]);
    expect(res.statusCode, res.body).toBe(code);
    if (who !== 'owner' && row.untouched) await row.untouched();
  });

  it("another creator's list does not show the owner's galleries or photos", async () => {
    await createGallery(t, owner.user.id, { title: 'Only mine' });
    const list = (await req('GET', '/performer/performer-assets/galleries/search?limit=100', headers['other creator'])).json().data as { data: Gallery[] };
    expect(list.data.every((g) => g.performerId !== owner.user.id)).toBe(true);
    const ph = (await req('GET', '/performer/performer-assets/photos/search?limit=100', headers['other creator'])).json().data as { data: Photo[] };
    expect(ph.data.every((p) => p.performerId !== owner.user.id)).toBe(true);
  });
});

describe('creating and editing galleries', () => {
  let creator: Made;
  beforeAll(async () => {
    creator = await createCreator(t);
  });

  it('create, edit, list (own, every status, with cover and count), view', async () => {
    const res = await req('POST', '/performer/performer-assets/galleries', creator.auth, { title: ' Summer ', description: 'Sun', tags: ['#Beach', 'beach', 'Sea'], access: 'sale', price: 12.5, status: 'active' });
    expect(res.statusCode).toBe(200);
    const g = gallerySchema.strict().parse(res.json().data);
    expect(g).toMatchObject({ title: 'Summer', tags: ['beach', 'sea'], access: 'sale', price: 12.5, status: 'active', totalPhoto: 0, cover: null, isLocked: false, isScheduled: false, totalSale: 0 });
    const p1 = photoSchema.parse((await upload(creator.auth, { galleryId: g._id, title: 'One' })).json().data);
    expect(p1).toMatchObject({ galleryId: g._id, title: 'One', status: 'active', position: 1, isCover: false, isLocked: false });
    expect(['uploaded', 'processing']).toContain(p1.file.status);
    await t.ctx.queue.drain();
    const edited = await req('PUT', `/performer/performer-assets/galleries/${g._id}`, creator.auth, { access: 'free', title: 'Summer 2', scheduleAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ access: 'free', price: null, title: 'Summer 2', isScheduled: true });
    await req('POST', '/performer/performer-assets/galleries', creator.auth, { title: 'Draft one' });
    const list = (await req('GET', '/performer/performer-assets/galleries/search?status=draft', creator.auth)).json().data as { data: Gallery[]; total: number };
    expect(list.data.map((x) => x.title)).toEqual(['Draft one']);
    const all = (await req('GET', '/performer/performer-assets/galleries/search?q=summer', creator.auth)).json().data as { data: Gallery[] };
    expect(all.data).toHaveLength(1);
    expect(all.data[0]).toMatchObject({ totalPhoto: 1, coverPhotoId: p1._id });
    expect(all.data[0]!.cover?.thumbnails).toHaveLength(2);
    const view = await req('GET', `/performer/performer-assets/galleries/${g._id}/view`, creator.auth);
    expect(view.json().data.title).toBe('Summer 2');
    // Scheduled: hidden from fans until its time.
    expect((await req('GET', `/performer-assets/galleries/${g._id}`)).statusCode).toBe(404);
    expect((await req('PUT', `/performer/performer-assets/galleries/${g._id}`, creator.auth, { scheduleAt: null })).json().data.isScheduled).toBe(false);
    expect((await req('GET', `/performer-assets/galleries/${g._id}`)).statusCode).toBe(200);
    // The fans' search: by tag (any case, with or without #) and full text.
    const search = (qs: string) => req('GET', `/performer-assets/galleries/search?performerId=${creator.user.id}&${qs}`).then((r) => (r.json().data as { total: number }).total);
    expect(await search('tag=%23Beach')).toBe(1);
    expect(await search('tag=mountain')).toBe(0);
    expect(await search('q=summer')).toBe(1);
    expect(await search('q=winter')).toBe(0);
  });

  it('price rules: required for sale, within the site limits, two decimals; none kept otherwise', async () => {
    const mk = (body: object) => req('POST', '/performer/performer-assets/galleries', creator.auth, { title: 'P', ...body });
    expect((await mk({ access: 'sale' })).json().details).toEqual([{ field: 'price', message: 'Set a price for a gallery for sale' }]);
    expect((await mk({ access: 'sale', price: 1 })).statusCode).toBe(400);
    expect((await mk({ access: 'sale', price: 10000.01 })).statusCode).toBe(400);
    expect((await mk({ access: 'sale', price: 3.333 })).statusCode).toBe(400);
    expect((await mk({ access: 'subscribers', price: 5 })).json().data.price).toBeNull();
    const sale = (await mk({ access: 'sale', price: 2.95 })).json().data as Gallery;
    expect(sale.price).toBe(2.95);
    // Editing something else keeps the price; going to sale without one is refused.
    expect((await req('PUT', `/performer/performer-assets/galleries/${sale._id}`, creator.auth, { title: 'Q' })).json().data.price).toBe(2.95);
    const free = (await mk({})).json().data as Gallery;
    expect((await req('PUT', `/performer/performer-assets/galleries/${free._id}`, creator.auth, { access: 'sale' })).statusCode).toBe(400);
    expect((await mk({ title: '' })).statusCode).toBe(400);
    expect((await mk({ status: 'published' })).statusCode).toBe(400);
    expect((await mk({ scheduleAt: new Date(Date.now() - 1000).toISOString() })).statusCode).toBe(400);
    expect((await mk({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).statusCode).toBe(400);
  });
});

describe('counters and covers', () => {
  let creator: Made;
  beforeAll(async () => {
    creator = await createCreator(t);
  });

  it('photo counters are exact after parallel uploads, deletes, status changes and moves', async () => {
    const g = await createGallery(t, creator.user.id);
    const other = await createGallery(t, creator.user.id);
    const ups = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(creator.auth, { galleryId: g.id, title: `p${i}` })));
    expect(ups.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const ids = ups.map((r) => r.json().data._id as string);
    expect((await galleryRow(g.id)).totalPhoto).toBe(6);
    const positions = (await t.ctx.db.select({ p: photos.position }).from(photos).where(eq(photos.galleryId, g.id))).map((r) => r.p).sort((a, b) => a - b);
    expect(positions).toEqual([1, 2, 3, 4, 5, 6]);
    // Two deletes of the same photo and one of another, at once: one 404, counter −2.
    const dels = await Promise.all([ids[0], ids[0], ids[1]].map((id) => req('DELETE', `/performer/performer-assets/photos/${id}`, creator.auth)));
    expect(dels.map((r) => r.statusCode).sort()).toEqual([200, 200, 404]);
    expect((await galleryRow(g.id)).totalPhoto).toBe(4);
    // Inactive photos are not counted (nor shown to fans); moving one moves its count.
    expect((await req('PUT', `/performer/performer-assets/photos/${ids[2]}`, creator.auth, { status: 'inactive' })).statusCode).toBe(200);
    expect((await req('PUT', `/performer/performer-assets/photos/${ids[2]}`, creator.auth, { status: 'inactive', title: 'again' })).statusCode).toBe(200);
    expect((await galleryRow(g.id)).totalPhoto).toBe(3);
    const moved = await req('PUT', `/performer/performer-assets/photos/${ids[3]}`, creator.auth, { galleryId: other.id });
    expect(moved.json().data).toMatchObject({ galleryId: other.id, position: 1 });
    const movedInactive = await req('PUT', `/performer/performer-assets/photos/${ids[2]}`, creator.auth, { galleryId: other.id, status: 'active' });
    expect(movedInactive.json().data).toMatchObject({ galleryId: other.id, position: 2, status: 'active' });
    for (const id of [g.id, other.id]) expect((await galleryRow(id)).totalPhoto).toBe(await activeCount(id));
    expect((await galleryRow(g.id)).totalPhoto).toBe(2);
    expect((await galleryRow(other.id)).totalPhoto).toBe(2);
    // Fans see only active photos; the count matches what they get.
    const fanList = (await req('GET', `/performer-assets/photos?galleryId=${g.id}`)).json().data as { data: Photo[]; total: number };
    expect(fanList.total).toBe(2);
    // Moving to another creator's gallery is refused with the field.
    const stranger = await createCreator(t);
    const theirs = await createGallery(t, stranger.user.id);
    const bad = await req('PUT', `/performer/performer-assets/photos/${ids[4]}`, creator.auth, { galleryId: theirs.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'galleryId', message: 'Gallery not found' }]);
    expect((await galleryRow(theirs.id)).totalPhoto).toBe(0);
  });

  it('set-cover under concurrency leaves exactly one cover; a deleted cover falls back to the first photo', async () => {
    const g = await createGallery(t, creator.user.id);
    const list = [];
    for (let i = 0; i < 6; i++) list.push(await addPhoto(t, g, { title: `c${i}` }));
    const results = await Promise.all([...list, ...list].map((p) => req('POST', `/performer/performer-assets/photos/set-cover/${p.id}`, creator.auth)));
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThan(0);
    const covers = await t.ctx.db.select().from(photos).where(and(eq(photos.galleryId, g.id), eq(photos.isCover, true)));
    expect(covers).toHaveLength(1);
    const view = (await req('GET', `/performer-assets/galleries/${g.id}`)).json().data as Gallery;
    expect(view.coverPhotoId).toBe(covers[0]!.id);
    // Setting the cover again is one transaction: the old one is cleared.
    const target = list.find((p) => p.id !== covers[0]!.id)!;
    expect((await req('POST', `/performer/performer-assets/photos/set-cover/${target.id}`, creator.auth)).json().data.isCover).toBe(true);
    expect((await t.ctx.db.select().from(photos).where(and(eq(photos.galleryId, g.id), eq(photos.isCover, true)))).map((p) => p.id)).toEqual([target.id]);
    expect((await req('DELETE', `/performer/performer-assets/photos/${target.id}`, creator.auth)).statusCode).toBe(200);
    const after = (await req('GET', `/performer-assets/galleries/${g.id}`)).json().data as Gallery;
    expect(after.coverPhotoId).toBe(list.find((p) => p.id !== target.id)!.id);
    expect(after.totalPhoto).toBe(5);
  });
});

describe('photos from the vault (POST …/photos/create)', () => {
  it("takes the creator's own private images; the vault counts the use and refuses to delete the file", async () => {
    const creator = await createCreator(t);
    const other = await createCreator(t);
    const g = await createGallery(t, creator.user.id);
    const vaultImage = await createFeedFile(t, creator.user.id, 'feed-photo');
    const upload2 = await createPhotoFile(t, creator.user.id);
    const res = await req('POST', '/performer/performer-assets/photos/create', creator.auth, { galleryId: g.id, fileIds: [vaultImage.id], fileId: upload2.id, title: 'From the vault' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as Photo[]).map((p) => [p.file._id, p.position, p.title])).toEqual([[vaultImage.id, 1, 'From the vault'], [upload2.id, 2, 'From the vault']]);
    expect((await galleryRow(g.id)).totalPhoto).toBe(2);
    const vault = (await req('GET', '/vault?limit=50', creator.auth)).json().data as { data: Array<{ _id: string; usedIn: { photos?: number } }> };
    expect(vault.data.find((v) => v._id === vaultImage.id)?.usedIn.photos).toBe(1);
    const del = await req('DELETE', `/vault/${vaultImage.id}`, creator.auth);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('1 gallery photo');
    // Refused: twice in one request, already in the gallery, another creator's, a video, a public file, unknown.
    const bad = async (body: object) => req('POST', '/performer/performer-assets/photos/create', creator.auth, { galleryId: g.id, ...body });
    const fresh = await createPhotoFile(t, creator.user.id);
    expect((await bad({ fileIds: [fresh.id, fresh.id] })).json().details).toEqual([{ field: 'fileIds.1', message: 'This file is listed twice' }]);
    expect((await bad({ fileIds: [vaultImage.id] })).json().details).toEqual([{ field: 'fileIds.0', message: 'Already in this gallery' }]);
    expect((await bad({ fileIds: [(await createPhotoFile(t, other.user.id)).id] })).json().details[0].message).toBe('Unknown file: upload it first');
    expect((await bad({ fileIds: [(await createFeedFile(t, creator.user.id, 'feed-video')).id] })).json().details[0].message).toBe('Not a photo of yours');
    expect((await bad({ fileIds: [(await createFeedFile(t, creator.user.id, 'feed-thumbnail')).id] })).json().details[0].message).toBe('Not a photo of yours');
    expect((await bad({ fileIds: [] })).statusCode).toBe(400);
    expect((await bad({ fileIds: ['nope'] })).statusCode).toBe(400);
    expect((await galleryRow(g.id)).totalPhoto).toBe(2);
    // Into another creator's gallery: 404.
    const theirs = await createGallery(t, other.user.id);
    expect((await req('POST', '/performer/performer-assets/photos/create', creator.auth, { galleryId: theirs.id, fileIds: [fresh.id] })).statusCode).toBe(404);
  });
});

describe('validation: 4xx, never 500, nothing half-written', () => {
  let creator: Made;
  let mine: string;
  beforeAll(async () => {
    creator = await createCreator(t);
    mine = (await createGallery(t, creator.user.id)).id;
  });

  it('malformed ids are 400 on every route that takes one', async () => {
    const fan = await createFan(t);
    const calls: Array<[string, string, Headers, unknown?]> = [
      ['GET', '/performer/performer-assets/galleries/abc/view', creator.auth],
      ['PUT', '/performer/performer-assets/galleries/abc', creator.auth, { title: 'x' }],
      ['DELETE', '/performer/performer-assets/galleries/1', creator.auth],
      ['PUT', '/performer/performer-assets/photos/abc', creator.auth, { title: 'x' }],
      ['DELETE', '/performer/performer-assets/photos/abc', creator.auth],
      ['POST', '/performer/performer-assets/photos/set-cover/abc', creator.auth],
      ['GET', '/performer/performer-assets/photos/search?galleryId=abc', creator.auth],
      ['POST', '/performer/performer-assets/photos/create', creator.auth, { galleryId: 'abc', fileIds: [] }],
      ['GET', '/performer-assets/galleries/abc', {}],
      ['GET', '/performer-assets/galleries/search?performerId=abc', {}],
      ['GET', '/performer-assets/photos?galleryId=abc', {}],
      ['GET', '/performer-assets/photos', {}],
      ['GET', '/performer-assets/galleries/abc/download', fan.auth],
    ];
    for (const [method, url, h, body] of calls) {
      const res = await req(method as 'GET', url, h, body);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
    }
    expect((await req('GET', '/performer-assets/photos/nobody-by-that-name')).statusCode).toBe(404);
  });

  it('NUL bytes are refused in bodies, queries and multipart fields', async () => {
    expect((await req('POST', '/performer/performer-assets/galleries', creator.auth, { title: 'a\u0000b' })).statusCode).toBe(400);
    expect((await req('GET', '/performer-assets/galleries/search?q=a%00b')).statusCode).toBe(400);
    expect((await upload(creator.auth, { galleryId: mine, title: 'x\u0000' })).statusCode).toBe(400);
    expect((await upload(creator.auth, { galleryId: `${mine}\u0000` })).statusCode).toBe(400);
    expect((await galleryRow(mine)).totalPhoto).toBe(0);
  });

  it('uploads: a cut-off body, a missing or foreign gallery, a missing or non-image file → 4xx and nothing stored', async () => {
    const other = await createCreator(t);
    const theirs = await createGallery(t, other.user.id);
    // Earlier tests' photos finish processing first (their jobs write large/medium/thumb files).
    await t.ctx.queue.drain();
    const before = await storedFiles(t);
    const fileRows = async () => Number((await t.ctx.db.select({ n: count() }).from(files).where(eq(files.ownerId, creator.user.id)))[0]!.n);
    const rowsBefore = await fileRows();
    const mp = multipart({ galleryId: mine }, [{ field: 'photo', filename: 'p.png', content: png, type: 'image/png' }]);
    const cut = await t.app.inject({ method: 'POST', url: '/performer/performer-assets/photos/upload', headers: { ...creator.auth, ...mp.headers }, payload: mp.payload.subarray(0, mp.payload.length - 300) });
    expect(cut.statusCode).toBe(400);
    const foreign = await upload(creator.auth, { galleryId: theirs.id });
    expect(foreign.statusCode).toBe(404);
    expect((await upload(creator.auth, {})).json().details).toEqual([{ field: 'galleryId', message: 'Required' }]);
    expect((await upload(creator.auth, { galleryId: 'abc' })).json().details).toEqual([{ field: 'galleryId', message: 'Invalid id' }]);
    expect((await upload(creator.auth, { galleryId: mine }, Buffer.from('just some text, not an image'))).statusCode).toBe(415);
    expect((await upload(creator.auth, { galleryId: mine }, png, 'file')).statusCode).toBe(400);
    const none = await t.app.inject({ method: 'POST', url: '/performer/performer-assets/photos/upload', headers: { ...creator.auth, ...multipart({ galleryId: mine }, []).headers }, payload: multipart({ galleryId: mine }, []).payload });
    expect(none.statusCode).toBe(400);
    expect((await upload(creator.auth, { galleryId: mine, title: 'x'.repeat(201) })).statusCode).toBe(400);
    expect(await storedFiles(t)).toEqual(before);
    expect(await fileRows()).toBe(rowsBefore);
    expect((await galleryRow(mine)).totalPhoto).toBe(0);
    expect((await galleryRow(theirs.id)).totalPhoto).toBe(0);
    expect(await t.ctx.db.select().from(photos).where(eq(photos.galleryId, theirs.id))).toEqual([]);
  });
});
