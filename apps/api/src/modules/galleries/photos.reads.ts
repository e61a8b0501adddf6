import { and, asc, count, desc, eq, lte, or, sql, type SQL } from 'drizzle-orm';
import type { GalleryPhotoQuery, PerformerPhotoQuery, Photo } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { isAdmin } from '../../platform/auth';
import { forbidden, notFound } from '../../platform/errors';
import { files } from '../media/media.tables';
import type { MediaService } from '../media/media.service';
import type { UsersService } from '../users/users.service';
import type { UserRow } from '../users/users.tables';
import { purchases } from '../purchases/purchases.tables';
import { hidesFromCountry, isBlockedBetween } from '../blocks/blocks.policy';
import { galleries, photos } from './galleries.tables';
import { galleryAccess, galleryModerationSql } from './galleries.policy';
import type { GalleriesService } from './galleries.service';

/** A file of a gallery download: where its bytes are and its name in the ZIP. */
export interface ZipEntry {
  key: string;
  name: string;
  mtime: Date;
  /** A private photo for a viewer who is neither its owner nor an operator: their marked copy (modules/protection), never the stored bytes. */
  marked?: { fileId: string; viewerId: string };
}

const LOCKED = 'This gallery is locked: subscribe or buy it to see its photos';

/** What PhotoReads is built with (by PhotosService, from its own deps). */
export interface PhotoReadsDeps {
  db: Db;
  galleries: GalleriesService;
  /** Who gets marked copies (the one rule of file views). */
  media: Pick<MediaService, 'servesMarked'>;
  users: UsersService;
}

/** The fans' reads of photos (and what a ZIP download holds), every one through the galleries access rule. */
export class PhotoReads {
  constructor(private deps: PhotoReadsDeps) {}

  private get db() {
    return this.deps.db;
  }

  /**
   * One gallery's photos for a viewer with access to it: 404 when the gallery is hidden, 403
   * while it is locked (nothing of its photos is answered, not even their ids). Active photos;
   * every photo for the owner and admins.
   */
  async forGallery(viewer: UserRow | null, q: GalleryPhotoQuery): Promise<{ data: Photo[]; total: number }> {
    const { gallery, access } = await this.deps.galleries.readable(viewer, q.galleryId);
    if (!access.canView) throw forbidden(LOCKED);
    const conds: SQL[] = [eq(photos.galleryId, gallery.id)];
    if (!(access.isOwner || isAdmin(viewer))) conds.push(eq(photos.status, 'active'));
    const { rows, total } = await this.page(and(...conds)!, q);
    return { data: await this.deps.galleries.views.photoViews(rows, () => true, viewer), total };
  }

  /**
   * A creator's photos (by id or username) across the galleries the viewer may see: active photos
   * of listed galleries, and of galleries the viewer bought; everything for the owner and admins.
   * Photos of locked galleries are listed locked (blurred preview, no URL). 404 for a non-creator,
   * across a block, or from a country the creator hides from.
   */
  async byPerformer(viewer: UserRow | null, idOrUsername: string, q: PerformerPhotoQuery, visit: { country?: string | null } = {}) {
    const creator = await this.deps.users.findByIdOrUsername(idOrUsername);
    if (!creator || !creator.isPerformer) throw notFound('Creator not found');
    const privileged = Boolean(viewer && (viewer.id === creator.id || isAdmin(viewer)));
    if (!privileged) {
      if (viewer && (await isBlockedBetween(this.db, viewer.id, creator.id))) throw notFound('Creator not found');
      if (await hidesFromCountry(this.db, creator.id, visit.country)) throw notFound('Creator not found');
    }
    const conds: SQL[] = [eq(photos.performerId, creator.id)];
    if (!privileged) {
      const listed = and(eq(galleries.status, 'active'), lte(galleries.publishAt, new Date()))!;
      const bought = viewer
        ? sql`exists (select 1 from ${purchases} where ${purchases.userId} = ${viewer.id} and ${purchases.itemType} = 'gallery' and ${purchases.itemId} = ${galleries.id})`
        : sql`false`;
      conds.push(eq(photos.status, 'active'), or(listed, bought)!, galleryModerationSql(viewer));
    }
    const where = and(...conds)!;
    const dir = q.sort === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ photo: photos, g: { id: galleries.id, performerId: galleries.performerId, status: galleries.status, access: galleries.access, publishAt: galleries.publishAt, minTierId: galleries.minTierId } })
        .from(photos)
        .innerJoin(galleries, eq(galleries.id, photos.galleryId))
        .where(where)
        .orderBy(dir(photos.createdAt), dir(photos.id))
        .offset(q.offset)
        .limit(q.limit),
      this.db.select({ n: count() }).from(photos).innerJoin(galleries, eq(galleries.id, photos.galleryId)).where(where),
    ]);
    const list = [...new Map(rows.map((r) => [r.g.id, r.g])).values()];
    const access = await galleryAccess(this.db, viewer, list);
    const data = await this.deps.galleries.views.photoViews(rows.map((r) => r.photo), (galleryId) => Boolean(access.get(galleryId)?.canView), viewer);
    return { data, total: Number(total?.n ?? 0) };
  }

  /**
   * What a gallery download holds for a viewer with access (403 locked, 404 hidden): the
   * processed rendition of each photo they may see, in order (files still processing or failed
   * are left out: originals are never delivered).
   */
  async zipEntries(viewer: UserRow, galleryId: string): Promise<{ title: string; entries: ZipEntry[] }> {
    const { gallery, access } = await this.deps.galleries.readable(viewer, galleryId);
    if (!access.canView) throw forbidden(LOCKED);
    const conds: SQL[] = [eq(photos.galleryId, gallery.id), eq(files.status, 'ready')];
    if (!(access.isOwner || isAdmin(viewer))) conds.push(eq(photos.status, 'active'));
    const rows = await this.db
      .select({
        id: photos.id, title: photos.title, key: files.storageKey, mime: files.mimeType, updatedAt: files.updatedAt,
        fileId: files.id, visibility: files.visibility, mediaType: files.mediaType, ownerId: files.ownerId, status: files.status,
      })
      .from(photos)
      .innerJoin(files, eq(files.id, photos.fileId))
      .where(and(...conds))
      .orderBy(asc(photos.position), asc(photos.id));
    const width = Math.max(3, String(rows.length).length);
    const entries = rows.map((r, i): ZipEntry => {
      // The same rule as every file view (media README): a viewer other than the owner or an operator gets their marked copy (JPEG).
      const marked = this.deps.media.servesMarked({ ...r, mimeType: r.mime }, viewer);
      const ext = marked ? 'jpg' : (r.mime.split('/')[1] ?? 'bin').replace(/[^a-z0-9]/g, '') || 'bin';
      return { key: r.key, name: `${String(i + 1).padStart(width, '0')}-${slug(r.title) || 'photo'}.${ext}`, mtime: r.updatedAt, ...(marked ? { marked: { fileId: r.fileId, viewerId: viewer.id } } : {}) };
    });
    return { title: gallery.title, entries };
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

/** A file-name-safe ASCII form of a title. */
export function slug(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
}
