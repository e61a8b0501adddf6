import { uuidv7 } from 'uuidv7';
import { toMinor } from '@stagepass/shared';
import type { Made, TestApp } from './harness';
import { files } from '../src/modules/media/media.tables';
import { products, type ProductRow } from '../src/modules/products/products.tables';
import { PRODUCT_FILE_KIND, PRODUCT_IMAGE_KIND } from '../src/modules/products/products.service';

/**
 * Test fixtures of the shop: products written directly (no HTTP, no processing) — a ready public
 * image, a stored digital file with real bytes — and a delivery address made through the API.
 */

/** A ready public product image (renditions as the media pipeline names them). */
export async function createProductImage(t: TestApp, ownerId: string) {
  const id = uuidv7();
  const base = `public/${PRODUCT_IMAGE_KIND}/${id}`;
  const [row] = await t.ctx.db
    .insert(files)
    .values({
      id, ownerId, kind: PRODUCT_IMAGE_KIND, visibility: 'public', originalName: 'mug.jpg', mimeType: 'image/webp', size: 1234,
      storageKey: `${base}/main.webp`, status: 'ready', mediaType: 'image', width: 640, height: 480,
      variants: { thumb: `${base}/thumb.webp`, medium: `${base}/medium.webp`, main: `${base}/main.webp` }, preview: `${base}/preview.webp`, meta: { thumbnails: ['thumb', 'medium'] },
    })
    .returning();
  return row!;
}

/** A stored private digital file with `content` as its bytes. */
export async function createDigitalFile(t: TestApp, ownerId: string, content = Buffer.from('%PDF-1.4 the e-book')) {
  const id = uuidv7();
  const key = `private/${PRODUCT_FILE_KIND}/${id}/original.pdf`;
  await t.ctx.storage.put(key, content, 'application/pdf');
  const [row] = await t.ctx.db
    .insert(files)
    .values({ id, ownerId, kind: PRODUCT_FILE_KIND, visibility: 'private', originalName: 'E-book “Vol 1”.pdf', mimeType: 'application/pdf', size: content.length, storageKey: key, status: 'ready' })
    .returning();
  return row!;
}

/** A product row. Money as decimals (like the API); a digital product gets a stored file unless `digitalFileId: null`. */
export async function createProduct(
  t: TestApp,
  performerId: string,
  o: Partial<{ name: string; type: ProductRow['type']; status: ProductRow['status']; price: number; stock: number; shippingFee: number; image: boolean; digitalFileId: string | null }> = {},
): Promise<ProductRow> {
  const type = o.type ?? 'physical';
  const image = o.image === false ? null : await createProductImage(t, performerId);
  const digitalFileId = type === 'digital' ? (o.digitalFileId !== undefined ? o.digitalFileId : (await createDigitalFile(t, performerId)).id) : null;
  const [row] = await t.ctx.db
    .insert(products)
    .values({
      performerId, name: o.name ?? (type === 'digital' ? 'E-book' : 'Signed mug'), description: 'A thing fans love', type, status: o.status ?? 'active',
      price: toMinor(o.price ?? 10), stock: type === 'physical' ? (o.stock ?? 10) : null, shippingFee: type === 'physical' ? toMinor(o.shippingFee ?? 0) : 0,
      imageIds: image ? [image.id] : [], digitalFileId,
    })
    .returning();
  return row!;
}

export const HOME_ADDRESS = { name: 'Home', recipientName: 'Fiona Fan', phone: '+1 415 555 0100', country: 'US', state: 'CA', city: 'San Francisco', streetAddress: '1 Market St', zipCode: '94105' };

/** A delivery address of `who`, made through the API (checked against the reference data). */
export async function createAddress(t: TestApp, who: Made, o: Partial<typeof HOME_ADDRESS> = {}): Promise<{ _id: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/addresses/create', headers: who.auth, payload: { ...HOME_ADDRESS, ...o } });
  if (res.statusCode !== 200) throw new Error(`address: ${res.statusCode} ${res.body}`);
  return res.json().data;
}
