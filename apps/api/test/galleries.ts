import { eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { PHOTO_FILE_KIND, toMinor } from '@stagepass/shared';
import type { TestApp } from './harness';
import { files, type FileRow } from '../src/modules/media/media.tables';
import { galleries, photos, type GalleryRow, type PhotoRow } from '../src/modules/galleries/galleries.tables';

/**
 * Gallery test data written directly (no HTTP, no processing), so a test can set up any state.
 * Photo files are "processed" rows (renditions, a blurred preview); `withBytes` also stores their
 * main rendition so downloads have something to read.
 */

/** A ready, private gallery photo file of `ownerId` (a WebP `large` rendition, 320/960 thumbnails, a blurred preview). */
export async function createPhotoFile(t: TestApp, ownerId: string, o: Partial<{ status: FileRow['status']; withBytes: Buffer; kind: string }> = {}): Promise<FileRow> {
  const id = uuidv7();
  const kind = o.kind ?? PHOTO_FILE_KIND;
  const base = `private/${kind}/${id}`;
  const [row] = await t.ctx.db
    .insert(files)
    .values({
      id, ownerId, kind, visibility: 'private', originalName: 'photo.png', mimeType: 'image/webp', size: 1234, storageKey: `${base}/large.webp`,
      status: o.status ?? 'ready', mediaType: 'image', width: 640, height: 480,
      variants: { thumb: `${base}/thumb.webp`, medium: `${base}/medium.webp`, large: `${base}/large.webp` },
      preview: `public/${kind}/${id}/preview.webp`, meta: { thumbnails: ['thumb', 'medium'] },
    })
    .returning();
  if (o.withBytes) await t.ctx.storage.put(row!.storageKey, o.withBytes, 'image/webp');
  return row!;
}

/** A gallery row (active, free, published a minute ago unless told otherwise). `price` is a decimal. */
export async function createGallery(
  t: TestApp,
  performerId: string,
  o: Partial<{ title: string; status: GalleryRow['status']; access: GalleryRow['access']; price: number; publishAt: Date; tags: string[] }> = {},
): Promise<GalleryRow> {
  const access = o.access ?? 'free';
  const [row] = await t.ctx.db
    .insert(galleries)
    .values({
      performerId, title: o.title ?? 'A gallery', status: o.status ?? 'active', access, price: access === 'sale' ? toMinor(o.price ?? 9.99) : null,
      publishAt: o.publishAt ?? new Date(Date.now() - 60_000), tags: o.tags ?? [],
    })
    .returning();
  return row!;
}

/** An active photo appended to a gallery (its counter kept), with a new ready file unless one is given. */
export async function addPhoto(t: TestApp, gallery: Pick<GalleryRow, 'id' | 'performerId'>, o: Partial<{ file: FileRow; title: string; status: PhotoRow['status']; isCover: boolean }> = {}): Promise<PhotoRow> {
  const file = o.file ?? (await createPhotoFile(t, gallery.performerId));
  const status = o.status ?? 'active';
  const [{ n }] = (await t.ctx.db.execute<{ n: number }>(sql`select coalesce(max(position), 0)::int + 1 as n from photos where gallery_id = ${gallery.id}`)).rows as [{ n: number }];
  const [row] = await t.ctx.db
    .insert(photos)
    .values({ galleryId: gallery.id, performerId: gallery.performerId, fileId: file.id, title: o.title ?? '', status, isCover: o.isCover ?? false, position: Number(n) })
    .returning();
  if (status === 'active') await t.ctx.db.update(galleries).set({ totalPhoto: sql`${galleries.totalPhoto} + 1` }).where(eq(galleries.id, gallery.id));
  return row!;
}
