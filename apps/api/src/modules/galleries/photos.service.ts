import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PHOTO_FILE_KIND, PHOTO_TITLE_MAX, isUuid,
  type GalleryPhotoQuery, type OwnPhotoQuery, type PerformerPhotoQuery, type Photo, type createPhotosSchema, type updatePhotoSchema,
} from '@stagepass/shared';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, fieldError, notFound, type FieldError } from '../../platform/errors';
import type { ReceivedFile } from '../../platform/uploads';
import { isUniqueViolation } from '../../db/errors';
import type { MediaService } from '../media/media.service';
import type { UsersService } from '../users/users.service';
import type { UserRow } from '../users/users.tables';
import { galleries, photos, type PhotoRow } from './galleries.tables';
import { PhotoReads, type ZipEntry } from './photos.reads';
import type { GalleriesService } from './galleries.service';

type CreatePhotos = z.output<typeof createPhotosSchema>;
type UpdatePhoto = z.output<typeof updatePhotoSchema>;

/** What PhotosService is built with (by the composition root, root.ts). */
export interface PhotosDeps {
  db: Db;
  galleries: GalleriesService;
  media: MediaService;
  users: UsersService;
}


/**
 * A gallery's photos. Locking order, the same in every write (no deadlocks, exact counters):
 * the gallery row(s) first (`FOR UPDATE`, by id), then the photos. `galleries.total_photo` counts
 * the ACTIVE photos and moves in the same transaction as every insert, delete, status change or
 * move; one cover per gallery (the partial unique index `photos_gallery_cover_uq`).
 */
export class PhotosService {
  private readonly reads: PhotoReads;

  constructor(private deps: PhotosDeps) {
    this.reads = new PhotoReads(deps);
  }

  private get db() {
    return this.deps.db;
  }

  // ---------------------------------------------------------------- creator side

  /**
   * One uploaded image into an own gallery: the gallery is checked BEFORE anything is stored
   * (another creator's → 404, nothing written); the file goes through the media pipeline
   * (private; renditions served by signed URLs); if the photo row cannot be written the stored
   * file is removed again.
   */
  async upload(owner: UserRow, fields: Record<string, string>, upload: ReceivedFile): Promise<PhotoRow> {
    const galleryId = fields.galleryId?.trim();
    if (!galleryId) throw fieldError('galleryId', 'Required');
    if (!isUuid(galleryId)) throw fieldError('galleryId', 'Invalid id');
    const title = (fields.title ?? '').trim();
    if (title.length > PHOTO_TITLE_MAX) throw fieldError('title', `At most ${PHOTO_TITLE_MAX} characters`);
    await this.deps.galleries.ownGallery(owner, galleryId);
    const file = await this.deps.media.storeUpload(owner.id, PHOTO_FILE_KIND, 'image', upload, { visibility: 'private' });
    try {
      const [row] = await this.insert(owner, galleryId, [{ fileId: file.id, title }]);
      return row!;
    } catch (err) {
      await this.deps.media.remove(file).catch(() => undefined);
      throw err;
    }
  }

  /** Photos from the creator's own private images (photo uploads or vault images), in the order given. */
  async create(owner: UserRow, input: CreatePhotos): Promise<PhotoRow[]> {
    const ids = [...(input.fileIds ?? []), ...(input.fileId ? [input.fileId] : [])];
    const field = (i: number) => (input.fileIds && i < input.fileIds.length ? `fileIds.${i}` : 'fileId');
    await this.deps.galleries.ownGallery(owner, input.galleryId);
    const rows = await this.deps.media.byIds(ids);
    const own = new Map(rows.filter((f) => f.ownerId === owner.id).map((f) => [f.id, f]));
    const inGallery = new Set(
      (await this.db.select({ fileId: photos.fileId }).from(photos).where(and(eq(photos.galleryId, input.galleryId), inArray(photos.fileId, ids)))).map((r) => r.fileId),
    );
    const details: FieldError[] = [];
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      const f = own.get(id);
      if (seen.has(id)) details.push({ field: field(i), message: 'This file is listed twice' });
      else if (!f) details.push({ field: field(i), message: 'Unknown file: upload it first' });
      else if (f.mediaType !== 'image' || f.visibility !== 'private') details.push({ field: field(i), message: 'Not a photo of yours' });
      else if (f.status === 'failed') details.push({ field: field(i), message: 'This file could not be processed; upload it again' });
      else if (inGallery.has(id)) details.push({ field: field(i), message: 'Already in this gallery' });
      seen.add(id);
    });
    if (details.length) throw badRequest(details[0]!.message, details);
    return this.insert(owner, input.galleryId, ids.map((fileId) => ({ fileId, title: input.title ?? '' })));
  }

  /** Appends active photos to an own gallery; its counter moves in the same transaction. */
  private insert(owner: UserRow, galleryId: string, items: Array<{ fileId: string; title: string }>): Promise<PhotoRow[]> {
    return this.db.transaction(async (tx) => {
      const [g] = await tx
        .update(galleries)
        .set({ totalPhoto: sql`${galleries.totalPhoto} + ${items.length}`, updatedAt: new Date() })
        .where(and(eq(galleries.id, galleryId), eq(galleries.performerId, owner.id)))
        .returning({ id: galleries.id });
      if (!g) throw notFound('Gallery not found');
      const base = await this.nextPosition(tx, galleryId);
      return tx
        .insert(photos)
        .values(items.map((it, i) => ({ galleryId, performerId: owner.id, fileId: it.fileId, title: it.title, status: 'active' as const, position: base + i })))
        .returning();
    });
  }

  /** Title, description, status; `galleryId` moves the photo to the end of another own gallery (no longer a cover). */
  async update(owner: UserRow, id: string, input: UpdatePhoto): Promise<PhotoRow> {
    const before = await this.ownPhoto(owner, id);
    const target = input.galleryId ?? before.galleryId;
    if (target !== before.galleryId) await this.deps.galleries.ownGallery(owner, target).catch(() => { throw fieldError('galleryId', 'Gallery not found'); });
    return this.db.transaction(async (tx) => {
      await this.lockGalleries(tx, owner, [before.galleryId, target]);
      const [cur] = await tx.select().from(photos).where(and(eq(photos.id, before.id), eq(photos.performerId, owner.id))).for('update');
      if (!cur) throw notFound('Photo not found');
      if (cur.galleryId !== before.galleryId) throw conflict('This photo was just moved; try again');
      const moved = target !== cur.galleryId;
      const status = input.status ?? cur.status;
      const [row] = await tx
        .update(photos)
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          status,
          ...(moved ? { galleryId: target, position: await this.nextPosition(tx, target), isCover: false } : {}),
          updatedAt: new Date(),
        })
        .where(eq(photos.id, cur.id))
        .returning();
      const was = cur.status === 'active' ? 1 : 0;
      const is = status === 'active' ? 1 : 0;
      if (moved) {
        await this.adjust(tx, cur.galleryId, -was);
        await this.adjust(tx, target, is);
      } else if (is !== was) await this.adjust(tx, target, is - was);
      return row!;
    });
  }

  /**
   * Removes an own photo (the file stays in the vault). A removed cover is not replaced: the
   * gallery shows its first photo as the cover until the creator picks one.
   */
  async remove(owner: UserRow, id: string): Promise<void> {
    const photo = await this.ownPhoto(owner, id);
    await this.db.transaction(async (tx) => {
      await this.lockGalleries(tx, owner, [photo.galleryId]);
      const [gone] = await tx
        .delete(photos)
        .where(and(eq(photos.id, photo.id), eq(photos.performerId, owner.id), eq(photos.galleryId, photo.galleryId)))
        .returning({ status: photos.status });
      if (!gone) throw notFound('Photo not found');
      if (gone.status === 'active') await this.adjust(tx, photo.galleryId, -1);
    });
  }

  /** One cover per gallery: clear and set in one transaction, with the gallery row locked (concurrent calls queue up). */
  async setCover(owner: UserRow, id: string): Promise<PhotoRow> {
    const photo = await this.ownPhoto(owner, id);
    try {
      return await this.db.transaction(async (tx) => {
        await this.lockGalleries(tx, owner, [photo.galleryId]);
        await tx.update(photos).set({ isCover: false }).where(and(eq(photos.galleryId, photo.galleryId), eq(photos.isCover, true)));
        const [row] = await tx
          .update(photos)
          .set({ isCover: true })
          .where(and(eq(photos.id, photo.id), eq(photos.galleryId, photo.galleryId), eq(photos.performerId, owner.id)))
          .returning();
        if (!row) throw notFound('Photo not found');
        return row;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('The cover was just changed; try again');
      throw err;
    }
  }

  /** The creator's own photos; `galleryId` must be one of their galleries (404 otherwise). */
  async listOwn(owner: UserRow, q: OwnPhotoQuery) {
    const conds: SQL[] = [eq(photos.performerId, owner.id)];
    if (q.galleryId) {
      await this.deps.galleries.ownGallery(owner, q.galleryId);
      conds.push(eq(photos.galleryId, q.galleryId));
    }
    if (q.status) conds.push(eq(photos.status, q.status));
    return this.page(and(...conds)!, q);
  }

  async ownPhoto(owner: UserRow, id: string): Promise<PhotoRow> {
    if (!isUuid(id)) throw notFound('Photo not found');
    const [row] = await this.db.select().from(photos).where(and(eq(photos.id, id), eq(photos.performerId, owner.id))).limit(1);
    if (!row) throw notFound('Photo not found');
    return row;
  }

  // ---------------------------------------------------------------- fan side (photos.reads.ts)

  forGallery(viewer: UserRow | null, q: GalleryPhotoQuery): Promise<{ data: Photo[]; total: number }> {
    return this.reads.forGallery(viewer, q);
  }

  byPerformer(viewer: UserRow | null, idOrUsername: string, q: PerformerPhotoQuery, visit: { country?: string | null } = {}) {
    return this.reads.byPerformer(viewer, idOrUsername, q, visit);
  }

  zipEntries(viewer: UserRow, galleryId: string): Promise<{ title: string; entries: ZipEntry[] }> {
    return this.reads.zipEntries(viewer, galleryId);
  }

  // ---------------------------------------------------------------- helpers

  /** Locks the caller's galleries (by id: one order for every writer), 404 when one is not theirs. */
  private async lockGalleries(tx: Tx, owner: UserRow, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)].sort();
    const rows = await tx
      .select({ id: galleries.id })
      .from(galleries)
      .where(and(inArray(galleries.id, unique), eq(galleries.performerId, owner.id)))
      .orderBy(galleries.id)
      .for('update');
    if (rows.length !== unique.length) throw notFound('Gallery not found');
  }

  private async adjust(tx: Tx, galleryId: string, delta: number): Promise<void> {
    if (delta === 0) return;
    await tx.update(galleries).set({ totalPhoto: sql`greatest(${galleries.totalPhoto} + ${delta}, 0)`, updatedAt: new Date() }).where(eq(galleries.id, galleryId));
  }

  /** The next position at the end of a gallery (its row is locked by the caller). */
  private async nextPosition(tx: Tx, galleryId: string): Promise<number> {
    const [r] = await tx.select({ n: sql<number>`coalesce(max(${photos.position}), 0) + 1`.mapWith(Number) }).from(photos).where(eq(photos.galleryId, galleryId));
    return r?.n ?? 1;
  }

  private async page(where: SQL, q: { offset: number; limit: number; sortBy?: string; sort?: 'asc' | 'desc' }) {
    const dir = q.sort === 'desc' ? desc : asc;
    const order = q.sortBy === 'createdAt' ? [dir(photos.createdAt), dir(photos.id)] : q.sortBy === 'updatedAt' ? [dir(photos.updatedAt), dir(photos.id)] : [dir(photos.position), dir(photos.id)];
    const [rows, [total]] = await Promise.all([
      this.db.select().from(photos).where(where).orderBy(...order).offset(q.offset).limit(q.limit),
      this.db.select({ n: count() }).from(photos).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }
}
