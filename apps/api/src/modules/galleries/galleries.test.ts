// Over 300 lines: the gallery access table (every fan-facing answer × every kind of viewer), buying, downloads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fromBuffer, type Entry } from 'yauzl';
import sharp from 'sharp';
import { gallerySchema, photoSchema, type Gallery, type Photo } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, multipart, type Made, type TestApp } from '../../../test/harness';
import { purchase, subscribe } from '../../../test/factories';
import { expectLedgerBalanced, topUp } from '../../../test/money';
import { userBlocks } from '../blocks/blocks.tables';
import { addPhoto, createGallery, createPhotoFile } from '../../../test/galleries';
import { galleries } from './galleries.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const get = (url: string, headers: Headers = {}) => req('GET', url, headers);

/** Every value under `key` anywhere in a JSON value. */
function valuesOf(value: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) value.forEach((v) => valuesOf(v, key, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === key) out.push(v);
      valuesOf(v, key, out);
    }
  }
  return out;
}

/** The entries of a ZIP (name and bytes), read with yauzl. */
async function unzip(buf: Buffer): Promise<Array<{ name: string; data: Buffer }>> {
  const zip = await new Promise<import('yauzl').ZipFile>((resolve, reject) => fromBuffer(buf, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z!))));
  const out: Array<{ name: string; data: Buffer }> = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream!.on('data', (c: Buffer) => chunks.push(c));
        stream!.on('end', () => {
          out.push({ name: entry.fileName, data: Buffer.concat(chunks) });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return out;
}

describe('access table (one policy for every answer)', () => {
  type Role = 'owner' | 'admin' | 'subscriber' | 'buyer' | 'stranger' | 'anonymous' | 'blocked';
  type Kind = 'free' | 'subscribers' | 'sale' | 'draft' | 'scheduled';
  // What each viewer gets for each gallery: 'open' (photo URLs), 'locked' (blurred cover and count only), 404.
  // An operator sees every gallery but opens locked ones only on the audited path (GET
  // /admin/content/gallery/{id} with a reason: admin/operator-media.test.ts) — issue 28 §6.
  const TABLE: Record<Role, Record<Kind, 'open' | 'locked' | 404>> = {
    owner: { free: 'open', subscribers: 'open', sale: 'open', draft: 'open', scheduled: 'open' },
    admin: { free: 'open', subscribers: 'locked', sale: 'locked', draft: 'locked', scheduled: 'locked' },
    subscriber: { free: 'open', subscribers: 'open', sale: 'locked', draft: 404, scheduled: 404 },
    buyer: { free: 'open', subscribers: 'locked', sale: 'open', draft: 404, scheduled: 404 },
    stranger: { free: 'open', subscribers: 'locked', sale: 'locked', draft: 404, scheduled: 404 },
    anonymous: { free: 'open', subscribers: 'locked', sale: 'locked', draft: 404, scheduled: 404 },
    // Subscribed AND a buyer, but the creator blocked them: as if nothing existed.
    blocked: { free: 404, subscribers: 404, sale: 404, draft: 404, scheduled: 404 },
  };
  const LISTED: Kind[] = ['free', 'subscribers', 'sale'];
  let creator: Made;
  const headers = {} as Record<Role, Headers>;
  const ids = {} as Record<Kind, string>;
  /** Storage keys of every photo file of each gallery (none may appear in a locked answer). */
  const keys = {} as Record<Kind, string[]>;

  beforeAll(async () => {
    creator = await createCreator(t);
    const [admin, subscriber, buyer, stranger, blocked] = await Promise.all([createAdmin(t), createFan(t), createFan(t), createFan(t), createFan(t)]);
    const mk = async (kind: Kind) => {
      const g = await createGallery(t, creator.user.id, {
        title: `${kind} gallery`,
        access: kind === 'draft' || kind === 'scheduled' ? 'sale' : kind,
        price: 4.5,
        status: kind === 'draft' ? 'draft' : 'active',
        publishAt: kind === 'scheduled' ? new Date(Date.now() + 86_400_000) : undefined,
      });
      ids[kind] = g.id;
      keys[kind] = [];
      for (let i = 0; i < 2; i++) {
        const file = await createPhotoFile(t, creator.user.id);
        keys[kind].push(file.storageKey, ...Object.values(file.variants));
        await addPhoto(t, g, { file, title: `${kind} photo ${i}`, isCover: i === 1 });
      }
      return g;
    };
    for (const k of ['free', 'subscribers', 'sale', 'draft', 'scheduled'] as Kind[]) await mk(k);
    await subscribe(t, subscriber.user.id, creator.user.id);
    await purchase(t, buyer.user.id, { id: ids.sale, performerId: creator.user.id, price: 450 }, 'gallery');
    // An expired subscription grants nothing.
    await subscribe(t, stranger.user.id, creator.user.id, { status: 'cancelled', expiresAt: new Date(Date.now() - 1000) });
    await subscribe(t, blocked.user.id, creator.user.id);
    await purchase(t, blocked.user.id, { id: ids.sale, performerId: creator.user.id, price: 450 }, 'gallery');
    await t.ctx.db.insert(userBlocks).values({ blockerId: creator.user.id, targetId: blocked.user.id });
    Object.assign(headers, { owner: creator.auth, admin: admin.auth, subscriber: subscriber.auth, buyer: buyer.auth, stranger: stranger.auth, anonymous: {}, blocked: blocked.auth });
    // Bookmarks, made directly (bookmarking a locked gallery is allowed; a hidden one is not).
    for (const role of ['admin', 'subscriber', 'buyer', 'stranger'] as Role[]) {
      for (const kind of LISTED) {
        const r = await req('POST', '/reactions', headers[role], { objectId: ids[kind], objectType: 'gallery', action: 'bookmark' });
        expect(r.statusCode, `${role} bookmarks ${kind}`).toBe(200);
      }
    }
    expect((await req('POST', '/reactions', headers.blocked, { objectId: ids.free, objectType: 'gallery', action: 'bookmark' })).statusCode).toBe(404);
    expect((await req('POST', '/reactions', headers.stranger, { objectId: ids.draft, objectType: 'gallery', action: 'bookmark' })).statusCode).toBe(404);
  });

  const cases = (Object.keys(TABLE) as Role[]).flatMap((role) => (Object.keys(TABLE[role]) as Kind[]).map((kind) => [role, kind, TABLE[role][kind]] as const));

  /** A locked answer carries no photo URL: no `url`, no thumbnails, no private key, nothing under /files/private. */
  const expectNoPhotoUrl = (body: string, kind: Kind) => {
    expect(body).not.toContain('/files/private');
    for (const k of keys[kind]) expect(body).not.toContain(k);
  };

  it.each(cases)('%s × %s → %s (GET /performer-assets/galleries/{id} and its photos)', async (role, kind, expected) => {
    const res = await get(`/performer-assets/galleries/${ids[kind]}`, headers[role]);
    const list = await get(`/performer-assets/photos?galleryId=${ids[kind]}`, headers[role]);
    if (expected === 404) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(`${kind} gallery`);
      expect(list.statusCode).toBe(404);
      expectNoPhotoUrl(res.body + list.body, kind);
      return;
    }
    expect(res.statusCode).toBe(200);
    const g = gallerySchema.strict().parse(res.json().data);
    expect(g).toMatchObject({ title: `${kind} gallery`, totalPhoto: 2, isLocked: expected === 'locked' });
    expect(g.isSubscribed).toBe(role === 'subscriber');
    expect(g.isBought).toBe(role === 'buyer' && kind === 'sale');
    expect(g.cover?.preview).toBeTruthy();
    expect(g.totalSale === undefined).toBe(role !== 'owner' && role !== 'admin');
    if (expected === 'open') {
      expect(g.cover?.url).toBeTruthy();
      expect(g.cover?.thumbnails).toHaveLength(2);
      expect(list.statusCode).toBe(200);
      const photos = list.json().data as { data: Photo[]; total: number };
      expect(photos.total).toBe(2);
      expect(photos.data.map((p) => photoSchema.strict().parse(p).title)).toEqual([`${kind} photo 0`, `${kind} photo 1`]);
      for (const p of photos.data) {
        expect(p.isLocked).toBe(false);
        // Owners, operators and signed-out visitors (free galleries: nobody to mark) get the stored rendition; every other viewer their own marked copy (modules/protection).
        expect(p.file.url).toMatch(role === 'owner' || role === 'admin' || role === 'anonymous' ? /\/files\/private\/.+\?expires=\d+&sig=/ : /\/files\/marked\/[0-9a-f-]+\/large\?v=[0-9a-f-]+&expires=\d+&sig=/);
        expect(p.file.thumbnails).toHaveLength(2);
      }
      expect(photos.data.find((p) => p.isCover)?._id).toBe(g.coverPhotoId);
    } else {
      expect(valuesOf(res.json(), 'url')).toEqual([]);
      expect(g.cover?.thumbnails).toEqual([]);
      expect(list.statusCode).toBe(403);
      expectNoPhotoUrl(res.body + list.body, kind);
      expect(list.body).not.toContain(`${kind} photo`);
    }
  });

  it.each(Object.keys(TABLE) as Role[])('%s: the creator\'s gallery search lists the listed galleries, locked as the table says', async (role) => {
    const res = await get(`/performer-assets/galleries/search?performerId=${creator.user.id}&limit=50`, headers[role]);
    if (role === 'blocked') {
      expect(res.statusCode).toBe(404);
      return;
    }
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { data: Gallery[]; total: number };
    // Drafts and scheduled galleries are never in the fans' search, not even for the owner.
    const want = Object.fromEntries(LISTED.map((k) => [k, TABLE[role][k]]));
    expect(Object.fromEntries(list.data.map((g) => [g.title.replace(' gallery', ''), g.isLocked ? 'locked' : 'open']))).toEqual(want);
    expect(list.total).toBe(3);
    for (const g of list.data) if (g.isLocked) expectNoPhotoUrl(JSON.stringify(g), g.title.replace(' gallery', '') as Kind);
    // The global search leaves the blocked creator out too.
    const all = await get('/performer-assets/galleries/search?limit=100', headers[role]);
    expect(all.statusCode).toBe(200);
  });

  it.each(Object.keys(TABLE) as Role[])('%s: the creator\'s photos across galleries: locked ones without URLs', async (role) => {
    const res = await get(`/performer-assets/photos/${creator.user.username}?limit=100`, headers[role]);
    if (role === 'blocked') {
      expect(res.statusCode).toBe(404);
      return;
    }
    expect(res.statusCode).toBe(200);
    const photos = (res.json().data as { data: Photo[] }).data.map((p) => photoSchema.strict().parse(p));
    const kindOf = (p: Photo) => p.title.split(' ')[0] as Kind;
    const seen = Object.fromEntries(photos.map((p) => [kindOf(p), p.isLocked ? 'locked' : 'open']));
    const want = Object.fromEntries((Object.keys(TABLE[role]) as Kind[]).filter((k) => TABLE[role][k] !== 404).map((k) => [k, TABLE[role][k]]));
    expect(seen).toEqual(want);
    expect(photos).toHaveLength(Object.keys(want).length * 2);
    for (const p of photos) {
      if (p.isLocked) {
        expect(p.file.url).toBeUndefined();
        expect(p.file.thumbnails).toEqual([]);
        expect(p.file.preview).toBeTruthy();
        expectNoPhotoUrl(JSON.stringify(p), kindOf(p));
      } else expect(p.file.url).toBeTruthy();
    }
  });

  it.each(['admin', 'subscriber', 'buyer', 'stranger'] as Role[])('%s: bookmarked galleries come back in the gallery shape, locked ones without URLs', async (role) => {
    const res = await get('/reactions/galleries/bookmark?limit=50', headers[role]);
    expect(res.statusCode).toBe(200);
    const items = (res.json().data as { data: Array<{ object: Gallery | null }> }).data;
    expect(items).toHaveLength(3);
    for (const it of items) {
      const g = gallerySchema.strict().parse(it.object);
      const kind = g.title.replace(' gallery', '') as Kind;
      expect(g.isLocked).toBe(TABLE[role][kind] === 'locked');
      expect(g.isBookmarked).toBe(true);
      if (g.isLocked) expectNoPhotoUrl(JSON.stringify(g), kind);
    }
  });

  it('likes and comments follow the rule: a locked gallery cannot be liked or commented on, a hidden one is 404', async () => {
    expect((await req('POST', '/reactions', headers.stranger, { objectId: ids.free, objectType: 'gallery', action: 'like' })).statusCode).toBe(200);
    expect((await req('POST', '/reactions', headers.stranger, { objectId: ids.sale, objectType: 'gallery', action: 'like' })).statusCode).toBe(403);
    expect((await req('POST', '/reactions', headers.buyer, { objectId: ids.sale, objectType: 'gallery', action: 'like' })).statusCode).toBe(200);
    expect((await req('POST', '/comments', headers.stranger, { objectId: ids.draft, objectType: 'gallery', content: 'hi' })).statusCode).toBe(404);
    expect((await req('POST', '/comments', headers.subscriber, { objectId: ids.subscribers, objectType: 'gallery', content: 'Lovely' })).statusCode).toBe(201);
    const g = (await get(`/performer-assets/galleries/${ids.sale}`, headers.buyer)).json().data as Gallery;
    expect(g).toMatchObject({ totalLike: 1, isLiked: true });
    expect(((await get(`/performer-assets/galleries/${ids.subscribers}`, headers.owner)).json().data as Gallery).totalComment).toBe(1);
  });
});

describe('buying a gallery', () => {
  it('unlocks every photo; a second purchase is 409; the ledger stays balanced; a subscription does not unlock it', async () => {
    const creator = await createCreator(t);
    const [fan, subscriber] = await Promise.all([createFan(t), createFan(t)]);
    await subscribe(t, subscriber.user.id, creator.user.id);
    const g = await createGallery(t, creator.user.id, { access: 'sale', price: 7.25, title: 'Sunset set' });
    for (let i = 0; i < 3; i++) await addPhoto(t, g);
    await topUp(t, fan, 20, { card: true });
    expect((await get(`/performer-assets/photos?galleryId=${g.id}`, fan.auth)).statusCode).toBe(403);
    expect((await get(`/performer-assets/photos?galleryId=${g.id}`, subscriber.auth)).statusCode).toBe(403);
    const before = (await get(`/performer-assets/galleries/${g.id}`, fan.auth)).json().data as Gallery;
    expect(before).toMatchObject({ isLocked: true, isBought: false, price: 7.25 });

    const bought = await req('POST', `/wallet/charges/gallery/${g.id}`, fan.auth);
    expect(bought.statusCode).toBe(200);
    expect(bought.json().data.balance).toBe(12.75);
    const photos = (await get(`/performer-assets/photos?galleryId=${g.id}`, fan.auth)).json().data as { data: Photo[] };
    expect(photos.data).toHaveLength(3);
    for (const p of photos.data) expect(p.file.url).toBeTruthy();
    expect((await get(`/performer-assets/galleries/${g.id}`, fan.auth)).json().data).toMatchObject({ isLocked: false, isBought: true });

    const again = await req('POST', `/wallet/charges/gallery/${g.id}`, fan.auth);
    expect(again.statusCode).toBe(409);
    expect((await get('/wallet/charges/search?type=gallery', fan.auth)).json().data.total).toBe(1);
    await expectLedgerBalanced(t);
    // The creator sees the sale counted (an event handler).
    await t.ctx.queue.drain();
    expect(((await get(`/performer/performer-assets/galleries/${g.id}/view`, creator.auth)).json().data as Gallery).totalSale).toBe(1);
  });

  it('only listed `sale` galleries are sold: free 422, draft/unknown 404, malformed 400, own 422', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await topUp(t, fan, 20, { card: true });
    const free = await createGallery(t, creator.user.id, { access: 'free' });
    const draft = await createGallery(t, creator.user.id, { access: 'sale', status: 'draft' });
    const inactive = await createGallery(t, creator.user.id, { access: 'sale', status: 'inactive' });
    expect((await req('POST', `/wallet/charges/gallery/${free.id}`, fan.auth)).statusCode).toBe(422);
    expect((await req('POST', `/wallet/charges/gallery/${draft.id}`, fan.auth)).statusCode).toBe(404);
    expect((await req('POST', `/wallet/charges/gallery/${inactive.id}`, fan.auth)).statusCode).toBe(404);
    expect((await req('POST', '/wallet/charges/gallery/0190a0a0-0000-7000-8000-000000000000', fan.auth)).statusCode).toBe(404);
    expect((await req('POST', '/wallet/charges/gallery/not-an-id', fan.auth)).statusCode).toBe(400);
    expect((await get('/wallet/charges/search', fan.auth)).json().data.total).toBe(0);
    await expectLedgerBalanced(t);
  });

  it('a bought gallery cannot be deleted (409); made inactive, it leaves the shop but buyers keep it', async () => {
    const creator = await createCreator(t);
    const [buyer, other] = await Promise.all([createFan(t), createFan(t)]);
    const g = await createGallery(t, creator.user.id, { access: 'sale', price: 5 });
    await addPhoto(t, g);
    await topUp(t, buyer, 10, { card: true });
    expect((await req('POST', `/wallet/charges/gallery/${g.id}`, buyer.auth)).statusCode).toBe(200);
    expect((await req('DELETE', `/performer/performer-assets/galleries/${g.id}`, creator.auth)).statusCode).toBe(409);
    expect((await req('PUT', `/performer/performer-assets/galleries/${g.id}`, creator.auth, { status: 'inactive' })).statusCode).toBe(200);
    expect((await get(`/performer-assets/galleries/${g.id}`, other.auth)).statusCode).toBe(404);
    expect((await get(`/performer-assets/galleries/search?performerId=${creator.user.id}`, buyer.auth)).json().data.total).toBe(0);
    expect((await get(`/performer-assets/galleries/${g.id}`, buyer.auth)).json().data).toMatchObject({ isLocked: false, isBought: true, status: 'inactive' });
    expect(((await get(`/performer-assets/photos?galleryId=${g.id}`, buyer.auth)).json().data as { data: Photo[] }).data[0]!.file.url).toBeTruthy();
    // An unsold gallery is deleted with its photos.
    const unsold = await createGallery(t, creator.user.id);
    await addPhoto(t, unsold);
    expect((await req('DELETE', `/performer/performer-assets/galleries/${unsold.id}`, creator.auth)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(galleries).where(eq(galleries.id, unsold.id))).toEqual([]);
  });
});

describe('download as ZIP', () => {
  let creator: Made;
  let sale: string;
  beforeAll(async () => {
    creator = await createCreator(t);
    // Real uploads through the API, processed by the media pipeline.
    const g = await req('POST', '/performer/performer-assets/galleries', creator.auth, { title: 'Beach – été', status: 'active', access: 'sale', price: 3 });
    expect(g.statusCode).toBe(200);
    sale = g.json().data._id;
    for (let i = 0; i < 3; i++) {
      const png = await sharp({ create: { width: 80 + i, height: 60, channels: 3, background: { r: 30 * i, g: 90, b: 160 } } }).png().toBuffer();
      const mp = multipart({ galleryId: sale, title: `Shot ${i}` }, [{ field: 'photo', filename: `shot-${i}.png`, content: png, type: 'image/png' }]);
      const up = await t.app.inject({ method: 'POST', url: '/performer/performer-assets/photos/upload', headers: { ...creator.auth, ...mp.headers }, payload: mp.payload });
      expect(up.statusCode, up.body).toBe(200);
    }
    await t.ctx.queue.drain();
  });

  it("streams every photo to a buyer as their own marked copy (JPEG; modules/protection), the owner the processed WebP; 403 for a non-buyer, 404 hidden, 401 anonymous", async () => {
    const [buyer, stranger] = await Promise.all([createFan(t), createFan(t)]);
    await purchase(t, buyer.user.id, { id: sale, performerId: creator.user.id, price: 300 }, 'gallery');
    const res = await get(`/performer-assets/galleries/${sale}/download`, buyer.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('filename="beach-ete.zip"');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Beach%20%E2%80%93%20%C3%A9t%C3%A9.zip");
    const entries = await unzip(res.rawPayload);
    // The buyer's copies: marked for them (visible and forensic), never the stored bytes.
    expect(entries.map((e) => e.name)).toEqual(['001-shot-0.jpg', '002-shot-1.jpg', '003-shot-2.jpg']);
    for (const [i, e] of entries.entries()) {
      expect(e.data.subarray(0, 3).toString('hex')).toBe('ffd8ff');
      expect((await sharp(e.data).metadata()).width).toBe(80 + i);
    }
    // The owner downloads the processed WebP as stored; a non-buyer is refused, with nothing of the photos.
    const own = await get(`/performer-assets/galleries/${sale}/download`, creator.auth);
    expect(own.statusCode).toBe(200);
    const ownEntries = await unzip(own.rawPayload);
    expect(ownEntries.map((e) => e.name)).toEqual(['001-shot-0.webp', '002-shot-1.webp', '003-shot-2.webp']);
    for (const e of ownEntries) expect(e.data.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const locked = await get(`/performer-assets/galleries/${sale}/download`, stranger.auth);
    expect(locked.statusCode).toBe(403);
    expect(locked.headers['content-type']).toContain('application/json');
    expect((await get(`/performer-assets/galleries/${sale}/download`)).statusCode).toBe(401);
    const draft = await createGallery(t, creator.user.id, { status: 'draft' });
    expect((await get(`/performer-assets/galleries/${draft.id}/download`, stranger.auth)).statusCode).toBe(404);
    expect((await get('/performer-assets/galleries/nope/download', stranger.auth)).statusCode).toBe(400);
  });

  it('a free gallery downloads for anyone signed in; photos still processing are left out', async () => {
    const fan = await createFan(t);
    const g = await createGallery(t, creator.user.id, { title: 'Free one' });
    const bytes = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).webp().toBuffer();
    await addPhoto(t, g, { file: await createPhotoFile(t, creator.user.id, { withBytes: bytes }) });
    await addPhoto(t, g, { file: await createPhotoFile(t, creator.user.id, { status: 'processing' }) });
    const res = await get(`/performer-assets/galleries/${g.id}/download`, fan.auth);
    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    expect(entries).toHaveLength(1);
    // A signed-in fan gets their marked copy of a private photo, even of a free gallery (one rule: the viewer is known).
    expect(entries[0]!.name).toMatch(/\.jpg$/);
    expect(entries[0]!.data.equals(bytes)).toBe(false);
    const own = await unzip((await get(`/performer-assets/galleries/${g.id}/download`, creator.auth)).rawPayload);
    expect(own[0]!.data.equals(bytes)).toBe(true);
  });
});
