// Over 300 lines: the products endpoint family end to end (creator multipart CRUD, the ownership table, the fans' shop, bookmarks, downloads).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { bookmarkItemSchema, productSchema } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, multipart, storedFiles, type Made, type TestApp, requester } from '../../../test/harness';
import { fewestQueries } from '../../../test/query-count';
import { expectLedgerBalanced, topUp } from '../../../test/money';
import { files } from '../media/media.tables';
import { userBlocks } from '../blocks/blocks.tables';
import { products } from './products.tables';
import { createAddress, createProduct } from '../../../test/shop';

let t: TestApp;
let admin: Made;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t?.close();
});

const req = requester(() => t);
type Upload = { field: string; filename: string; content: Buffer; type?: string };
const send = (method: 'POST' | 'PUT', url: string, who: Made | undefined, fields: Record<string, string>, uploads: Upload[] = []) => {
  const body = multipart(fields, uploads);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...(who?.auth ?? {}), ...body.headers } });
};
const image = (): Upload => ({ field: 'image', filename: 'mug.png', content: png, type: 'image/png' });
const ebook = (content = 'Chapter 1. It was a dark and stormy night.'): Upload => ({ field: 'digitalFile', filename: 'novel.txt', content: Buffer.from(content), type: 'text/plain' });
const CREATE = '/performer/performer-assets/products';
const physical = { name: 'Signed mug', description: 'Hand signed', type: 'physical', status: 'active', price: '12.50', stock: '3', shippingFee: '4.99' };
const productCount = async () => Number((await t.ctx.db.select({ n: count() }).from(products))[0]!.n);

describe('creator: products (multipart)', () => {
  it('creates a physical product with images and a digital one with its file; no view ever carries the file URL or key', async () => {
    const creator = await createCreator(t);
    const a = await send('POST', CREATE, creator, physical, [image(), image()]);
    expect(a.statusCode).toBe(200);
    const mug = productSchema.parse(a.json().data);
    expect(mug).toMatchObject({ name: 'Signed mug', type: 'physical', status: 'active', price: 12.5, stock: 3, shippingFee: 4.99, hasDigitalFile: false, digitalFile: null, isBought: false });
    expect(mug.images).toHaveLength(2);

    const b = await send('POST', CREATE, creator, { name: 'Novel', type: 'digital', status: 'active', price: '5', stock: '7', shippingFee: '3' }, [ebook()]);
    expect(b.statusCode).toBe(200);
    const novel = productSchema.parse(b.json().data);
    // Digital: no stock, no shipping; its owner sees the file's name and size — never where it is.
    expect(novel).toMatchObject({ type: 'digital', stock: null, shippingFee: 0, hasDigitalFile: true, digitalFile: { name: 'novel.txt', mimeType: 'application/octet-stream' } });
    const [row] = await t.ctx.db.select().from(products).where(eq(products.id, novel._id));
    const [file] = await t.ctx.db.select().from(files).where(eq(files.id, row!.digitalFileId!));
    expect(file).toMatchObject({ visibility: 'private', kind: 'product-file' });
    expect(file!.storageKey.startsWith('private/')).toBe(true);
    const fan = await createFan(t);
    for (const [who, url] of [[creator, `${CREATE}/${novel._id}/view`], [fan, `/performer-assets/products/${novel._id}`], [fan, '/performer-assets/products/search'], [undefined, `/performer-assets/products/${novel._id}`]] as const) {
      const res = await req('GET', url, who);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(file!.storageKey);
      expect(res.body).not.toContain('/files/private');
      expect(res.body).not.toContain('product-file');
    }
    expect((await req('GET', `/performer-assets/products/${novel._id}`, fan)).json().data).toMatchObject({ hasDigitalFile: true, digitalFile: null, isBought: false });
    // The images are processed by the media pipeline into public renditions.
    await t.ctx.queue.drain();
    const view = (await req('GET', `/performer-assets/products/${mug._id}`, fan)).json().data;
    expect(view.images[0]).toMatchObject({ status: 'ready', type: 'image' });
    expect(view.images[0].url).toContain('/files/public/product-image/');
    expect(view.image).toContain('/files/public/product-image/');
  });

  it('bad fields → 400 with each field; NUL bytes → 400; wrong files → 4xx; a cut-off upload → 400 with nothing stored', async () => {
    const creator = await createCreator(t);
    const bad = async (fields: Record<string, string>, uploads: Upload[] = [], status = 400) => {
      const res = await send('POST', CREATE, creator, fields, uploads);
      expect(res.statusCode, res.body).toBe(status);
      return res.json() as { message: string; details?: Array<{ field: string }> };
    };
    expect((await bad({ ...physical, price: 'abc', stock: '', name: '' })).details!.map((d) => d.field).sort()).toEqual(['name', 'price', 'stock']);
    expect((await bad({ ...physical, price: '12.345' })).details![0]!.field).toBe('price');
    expect((await bad({ ...physical, price: '0' })).details![0]!.field).toBe('price');
    expect((await bad({ ...physical, stock: '-1' })).details![0]!.field).toBe('stock');
    expect((await bad({ ...physical, stock: '1.5' })).details![0]!.field).toBe('stock');
    expect((await bad({ ...physical, type: 'service' })).details![0]!.field).toBe('type');
    expect((await bad({ ...physical, status: 'published' })).details![0]!.field).toBe('status');
    expect((await bad({ ...physical, name: 'Mug\u0000' })).details![0]!.field).toBe('name');
    // A physical product has no file; a digital one needs its file to be active; one file only.
    expect((await bad(physical, [ebook()])).details![0]!.field).toBe('digitalFile');
    expect((await bad({ name: 'E', type: 'digital', status: 'active', price: '5' })).details![0]!.field).toBe('digitalFile');
    expect((await bad({ name: 'E', type: 'digital', status: 'active', price: '5' }, [ebook(), ebook()])).details![0]!.field).toBe('digitalFile');
    // `image` is checked by content; an unknown file field is refused.
    expect(await bad(physical, [{ field: 'image', filename: 'x.png', content: Buffer.from('not an image at all, just text'), type: 'image/png' }], 415)).toBeTruthy();
    expect(await bad(physical, [{ field: 'other', filename: 'x.png', content: png }])).toBeTruthy();
    // A draft digital product may wait for its file.
    expect((await send('POST', CREATE, creator, { name: 'Later', type: 'digital', price: '5' })).json().data).toMatchObject({ status: 'draft', hasDigitalFile: false });

    const before = { rows: await productCount(), stored: await storedFiles(t) };
    const full = multipart(physical, [image(), ebook()]);
    for (const cut of [40, 200, full.payload.length - 20]) {
      const res = await t.app.inject({ method: 'POST', url: CREATE, payload: full.payload.subarray(0, cut), headers: { ...creator.auth, ...full.headers } });
      expect(res.statusCode, `cut at ${cut}`).toBe(400);
    }
    expect(await productCount()).toBe(before.rows);
    await t.ctx.queue.drain();
    expect(await storedFiles(t)).toEqual(before.stored);
  });

  it('a failure after the files were stored leaves nothing behind (no product, no file rows, no bytes)', async () => {
    const creator = await createCreator(t);
    const before = { stored: await storedFiles(t), files: (await t.ctx.db.select({ n: count() }).from(files))[0]!.n };
    const db = t.ctx.db;
    const realInsert = db.insert.bind(db);
    const spy = vi.spyOn(db, 'insert').mockImplementation(((table: unknown) => {
      if (table === products) throw new Error('simulated failure writing the product');
      return realInsert(table as never);
    }) as typeof db.insert);
    try {
      const res = await send('POST', CREATE, creator, { name: 'E', type: 'digital', status: 'active', price: '5' }, [image(), ebook()]);
      expect(res.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect((await t.ctx.db.select({ n: count() }).from(files))[0]!.n).toBe(before.files);
    // A processing job that was already writing the image's renditions removes them itself once it
    // finds the file row gone (media.jobs.ts): the bytes are all gone once the queue is idle.
    await t.ctx.queue.drain();
    expect(await storedFiles(t)).toEqual(before.stored);
  });

  it('updates any subset: kept images in the order given, then new ones; the type stays; a new digital file replaces the old one', async () => {
    const creator = await createCreator(t);
    const made = productSchema.parse((await send('POST', CREATE, creator, physical, [image(), image(), image()])).json().data);
    const [i1, i2, i3] = made.images.map((i) => i._id);
    const url = `${CREATE}/${made._id}`;
    const r = await send('PUT', url, creator, { price: '15', stock: '9', imageIds: JSON.stringify([i3, i1]) }, [image()]);
    expect(r.statusCode, r.body).toBe(200);
    const v = productSchema.parse(r.json().data);
    expect(v).toMatchObject({ name: 'Signed mug', price: 15, stock: 9, shippingFee: 4.99 });
    expect(v.images.map((i) => i._id).slice(0, 2)).toEqual([i3, i1]);
    expect(v.images).toHaveLength(3);
    // The dropped image is gone from the media module too.
    expect(await t.ctx.db.select().from(files).where(eq(files.id, i2!))).toEqual([]);
    expect((await send('PUT', url, creator, { imageIds: `${i1}` })).json().data.images.map((i: { _id: string }) => i._id)).toEqual([i1]);
    expect((await send('PUT', url, creator, { type: 'digital' })).statusCode).toBe(400);
    expect((await send('PUT', url, creator, { imageIds: JSON.stringify(['0190a0b0-0000-7000-8000-000000000000']) })).json().details[0].field).toBe('imageIds.0');
    expect((await send('PUT', url, creator, { imageIds: 'not-an-id' })).statusCode).toBe(400);
    expect((await send('PUT', url, creator, { status: 'inactive' })).json().data.status).toBe('inactive');

    const novel = productSchema.parse((await send('POST', CREATE, creator, { name: 'Novel', type: 'digital', status: 'active', price: '5' }, [ebook('v1')])).json().data);
    const oldFile = novel.digitalFile!._id;
    const up = await send('PUT', `${CREATE}/${novel._id}`, creator, { name: 'Novel, 2nd edition' }, [ebook('version two')]);
    expect(up.json().data).toMatchObject({ name: 'Novel, 2nd edition', digitalFile: { size: 11 } });
    expect(await t.ctx.db.select().from(files).where(eq(files.id, oldFile))).toEqual([]);
  });
});

describe('ownership table: every creator product route × owner, another creator, fan, admin, anonymous', () => {
  it('owner 200, another creator 404 (or their own list without it), fan and admin 403, anonymous 401 — and nothing changes', async () => {
    const owner = await createCreator(t);
    const other = await createCreator(t);
    const fan = await createFan(t);
    const p = await createProduct(t, owner.user.id, { status: 'draft' });
    const id = p.id;
    const who = { other, fan, admin, anonymous: undefined } as Record<string, Made | undefined>;
    const expected: Record<string, Record<string, number>> = {
      create: { other: 200, fan: 403, admin: 403, anonymous: 401 },
      update: { other: 404, fan: 403, admin: 403, anonymous: 401 },
      searchOwn: { other: 200, fan: 403, admin: 403, anonymous: 401 },
      viewOwn: { other: 404, fan: 403, admin: 403, anonymous: 401 },
      remove: { other: 404, fan: 403, admin: 403, anonymous: 401 },
    };
    for (const [name, statuses] of Object.entries(expected)) {
      for (const [label, status] of Object.entries(statuses)) {
        const caller = who[label];
        const res =
          name === 'create' ? await send('POST', CREATE, caller, { ...physical, name: `By ${label}` })
            : name === 'update' ? await send('PUT', `${CREATE}/${id}`, caller, { name: 'Hijacked', price: '1' })
              : name === 'searchOwn' ? await req('GET', `${CREATE}/search`, caller)
                : name === 'viewOwn' ? await req('GET', `${CREATE}/${id}/view`, caller)
                  : await req('DELETE', `${CREATE}/${id}`, caller);
        expect(res.statusCode, `${name} as ${label}`).toBe(status);
        if (name === 'searchOwn' && status === 200) expect(res.json().data.data.map((x: { _id: string }) => x._id)).not.toContain(id);
      }
    }
    const [still] = await t.ctx.db.select().from(products).where(eq(products.id, id));
    expect(still).toMatchObject({ name: p.name, price: p.price, status: 'draft' });
    // The owner: every route works.
    expect((await req('GET', `${CREATE}/${id}/view`, owner)).statusCode).toBe(200);
    expect((await req('GET', `${CREATE}/search?status=draft`, owner)).json().data).toMatchObject({ total: 1 });
    expect((await send('PUT', `${CREATE}/${id}`, owner, { name: 'Renamed' })).json().data.name).toBe('Renamed');
    expect((await req('DELETE', `${CREATE}/${id}`, owner)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(products).where(eq(products.id, id))).toEqual([]);
    expect((await req('GET', `${CREATE}/${id}/view`, owner)).statusCode).toBe(404);
  });

  it('malformed ids and NUL bytes → 400 on every product route, never a 500', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    for (const bad of ['not-a-uuid', '1', "1' or '1'='1", '%00']) {
      expect((await req('GET', `${CREATE}/${encodeURIComponent(bad)}/view`, creator)).statusCode).toBe(400);
      expect((await req('DELETE', `${CREATE}/${encodeURIComponent(bad)}`, creator)).statusCode).toBe(400);
      expect((await send('PUT', `${CREATE}/${encodeURIComponent(bad)}`, creator, { name: 'x' })).statusCode).toBe(400);
      expect((await req('GET', `/performer-assets/products/${encodeURIComponent(bad)}`, fan)).statusCode).toBe(400);
      expect((await req('GET', `/performer-assets/products/${encodeURIComponent(bad)}/download-link`, fan)).statusCode).toBe(400);
    }
    expect((await req('GET', '/performer-assets/products/search?q=mug%00', fan)).statusCode).toBe(400);
    expect((await req('GET', '/performer-assets/products/search?performerId=nope', fan)).statusCode).toBe(400);
    expect((await req('GET', '/performer-assets/products/search?sortBy=__proto__', fan)).statusCode).toBe(400);
    expect((await req('GET', `${CREATE}/search?status=gone`, creator)).statusCode).toBe(400);
  });
});

describe('fans: the shop', () => {
  it('lists active products only (by creator, type, text), never across a block; draft, inactive or blocked → 404 by id; the owner and admins still see them', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const blocked = await createFan(t);
    const active = await createProduct(t, creator.user.id, { name: 'Tour poster' });
    const ebookP = await createProduct(t, creator.user.id, { type: 'digital', name: 'Tour diary' });
    const draft = await createProduct(t, creator.user.id, { status: 'draft', name: 'Secret poster' });
    const inactive = await createProduct(t, creator.user.id, { status: 'inactive', name: 'Old poster' });
    const list = async (who: Made | undefined, qs = '') => (await req('GET', `/performer-assets/products/search?performerId=${creator.user.id}${qs}`, who)).json().data;
    expect((await list(fan)).data.map((p: { _id: string }) => p._id).sort()).toEqual([active.id, ebookP.id].sort());
    expect(await list(undefined)).toMatchObject({ total: 2 });
    expect((await list(fan, '&type=digital')).data.map((p: { _id: string }) => p._id)).toEqual([ebookP.id]);
    expect((await list(fan, '&q=diary')).data.map((p: { _id: string }) => p._id)).toEqual([ebookP.id]);
    expect((await list(fan, '&sortBy=price&sort=asc&limit=1')).data).toHaveLength(1);
    for (const p of [draft, inactive]) {
      expect((await req('GET', `/performer-assets/products/${p.id}`, fan)).statusCode).toBe(404);
      expect((await req('GET', `/performer-assets/products/${p.id}`)).statusCode).toBe(404);
      expect((await req('GET', `/performer-assets/products/${p.id}`, creator)).statusCode).toBe(200);
      expect((await req('GET', `/performer-assets/products/${p.id}`, admin)).statusCode).toBe(200);
    }
    const view = productSchema.parse((await req('GET', `/performer-assets/products/${active.id}`, fan)).json().data);
    expect(view).toMatchObject({ stock: 10, totalView: 1, performer: { _id: creator.user.id } });
    // A block either way hides the creator's shop and each product.
    await t.ctx.db.insert(userBlocks).values({ blockerId: creator.user.id, targetId: blocked.user.id });
    expect(await list(blocked)).toMatchObject({ total: 0 });
    expect((await req('GET', `/performer-assets/products/${active.id}`, blocked)).statusCode).toBe(404);
    expect((await req('POST', '/reactions', blocked, { objectId: active.id, objectType: 'product', action: 'bookmark' })).statusCode).toBe(404);
  });

  it('likes and bookmarks through the content-kind registry: GET /reactions/products/bookmark lists the product in its own shape', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const p = await createProduct(t, creator.user.id, { name: 'Bookmarked hoodie' });
    expect((await req('POST', '/reactions', fan, { objectId: p.id, objectType: 'product', action: 'bookmark' })).statusCode).toBe(200);
    expect((await req('POST', '/reactions', fan, { objectId: p.id, objectType: 'product', action: 'like' })).json().data).toMatchObject({ reacted: true, total: 1 });
    const list = (await req('GET', '/reactions/products/bookmark', fan)).json().data;
    const items = list.data.map((b: unknown) => bookmarkItemSchema.parse(b));
    expect(items).toHaveLength(1);
    expect(productSchema.parse(items[0].object)).toMatchObject({ _id: p.id, name: 'Bookmarked hoodie', isBookmarked: true, isLiked: true, totalLike: 1, totalBookmark: 1 });
    const draft = await createProduct(t, creator.user.id, { status: 'draft' });
    expect((await req('POST', '/reactions', fan, { objectId: draft.id, objectType: 'product', action: 'bookmark' })).statusCode).toBe(404);
    expect((await req('POST', '/comments', fan, { objectId: p.id, objectType: 'product', content: 'Love it' })).statusCode).toBe(201);
    expect((await req('GET', `/performer-assets/products/${p.id}`, fan)).json().data.totalComment).toBe(1);
  });

  it('the shop list loads in a fixed number of queries whatever its length (no N+1)', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const countQueries = async () => {
      const { n, result: res } = await fewestQueries(t, () => req('GET', `/performer-assets/products/search?performerId=${creator.user.id}&limit=100`, fan), { warm: () => req('GET', '/users/me', fan) });
      return { n, items: res.json().data.data.length };
    };
    for (let k = 0; k < 2; k++) await createProduct(t, creator.user.id, { type: k % 2 ? 'digital' : 'physical' });
    const small = await countQueries();
    for (let k = 0; k < 9; k++) await createProduct(t, creator.user.id, { type: k % 2 ? 'digital' : 'physical' });
    const large = await countQueries();
    expect([small.items, large.items]).toEqual([2, 11]);
    expect(large.n).toBe(small.n);
  });
});

describe('digital downloads', () => {
  it('a buyer gets a short-lived link bound to the product and to them — no session token — that streams the file and counts; expired → 410; another product → 403; non-buyers → 403; hidden → 404', async () => {
    const creator = await createCreator(t);
    const buyer = await createFan(t);
    const stranger = await createFan(t);
    const content = Buffer.from('%PDF-1.4 the whole novel');
    const made = productSchema.parse((await send('POST', CREATE, creator, { name: 'Sunset novel', type: 'digital', status: 'active', price: '6' }, [{ field: 'digitalFile', filename: 'upload-77.pdf', content }])).json().data);
    const other = await createProduct(t, creator.user.id, { type: 'digital', name: 'Other book' });
    await topUp(t, buyer, 30, { card: true });
    const addr = await createAddress(t, buyer);
    const bought = await req('POST', `/wallet/charges/product/${made._id}`, buyer, { deliveryAddressId: addr._id });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data.order).toMatchObject({ deliveryStatus: 'delivered', deliveryAddress: null, productType: 'digital' });
    expect((await req('GET', `/performer-assets/products/${made._id}`, buyer)).json().data.isBought).toBe(true);

    // Non-buyers: 403; anonymous: 401; an unknown or hidden product: 404.
    expect((await req('GET', `/performer-assets/products/${made._id}/download-link`, stranger)).statusCode).toBe(403);
    expect((await req('GET', `/performer-assets/products/${made._id}/download-link`)).statusCode).toBe(401);
    expect((await req('GET', '/performer-assets/products/0190a0b0-0000-7000-8000-000000000000/download-link', buyer)).statusCode).toBe(404);
    const draft = await createProduct(t, creator.user.id, { type: 'digital', status: 'draft' });
    expect((await req('GET', `/performer-assets/products/${draft.id}/download-link`, stranger)).statusCode).toBe(404);
    const physicalP = await createProduct(t, creator.user.id);
    expect((await req('GET', `/performer-assets/products/${physicalP.id}/download-link`, buyer)).statusCode).toBe(404);

    const now = Date.now();
    const linkRes = await req('GET', `/performer-assets/products/${made._id}/download-link`, buyer);
    expect(linkRes.statusCode).toBe(200);
    const link = linkRes.json().data as { url: string; expiresAt: string };
    const ttl = new Date(link.expiresAt).getTime() - now;
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000 + 1000);
    // No session token anywhere in the link.
    expect(link.url).not.toContain(buyer.token);
    expect(link.url).not.toContain(encodeURIComponent(buyer.token));
    const url = new URL(link.url);
    expect(url.pathname).toBe(`/performer-assets/products/${made._id}/download`);
    const token = url.searchParams.get('token')!;

    const dl = await req('GET', `${url.pathname}${url.search}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(content)).toBe(true);
    // Named after the product, with the uploaded file's extension (issue 26 §4.14: it was the upload's name).
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="Sunset novel.pdf"; filename*=UTF-8''Sunset%20novel.pdf`);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['cache-control']).toBe('private, no-store');
    const [p] = await t.ctx.db.select().from(products).where(eq(products.id, made._id));
    expect(p!.totalDownload).toBe(1);
    expect((await req('GET', `/orders/${bought.json().data.order._id}`, buyer)).json().data.totalDownload).toBe(1);

    // Bound to the product: the same token on another product is refused; tampering too.
    expect((await req('GET', `/performer-assets/products/${other.id}/download?token=${encodeURIComponent(token)}`)).statusCode).toBe(403);
    const [uid, exp, sig] = token.split('.');
    expect((await req('GET', `${url.pathname}?token=${uid}.${Number(exp) + 3600}.${sig}`)).statusCode).toBe(403);
    expect((await req('GET', `${url.pathname}?token=${stranger.user.id}.${exp}.${sig}`)).statusCode).toBe(403);
    for (const junk of ['x', 'a.b.c', `${uid}.${exp}`, '%00']) expect((await req('GET', `${url.pathname}?token=${junk}`)).statusCode).toBeLessThan(500);
    expect((await req('GET', url.pathname)).statusCode).toBe(400);

    // Expired: 5 minutes later (the app's clock) → 410; a fresh link works again.
    const clock = t.ctx.clock;
    const realNow = clock.now;
    clock.now = () => new Date(Date.now() + 5 * 60_000 + 1000);
    try {
      const late = await req('GET', `${url.pathname}${url.search}`);
      expect(late.statusCode).toBe(410);
      expect(late.json().message).toMatch(/expired/);
    } finally {
      clock.now = realNow;
    }
    // Withdrawn later, the buyer keeps the download; the owner may fetch their own file (not counted).
    await t.ctx.db.update(products).set({ status: 'inactive' }).where(eq(products.id, made._id));
    const again = (await req('GET', `/performer-assets/products/${made._id}/download-link`, buyer)).json().data as { url: string };
    expect((await req('GET', new URL(again.url).pathname + new URL(again.url).search)).statusCode).toBe(200);
    const own = (await req('GET', `/performer-assets/products/${made._id}/download-link`, creator)).json().data as { url: string };
    expect((await req('GET', new URL(own.url).pathname + new URL(own.url).search)).statusCode).toBe(200);
    const [p2] = await t.ctx.db.select().from(products).where(eq(products.id, made._id));
    expect(p2!.totalDownload).toBe(2);
  });
});
