import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { DEFAULT_AVATAR, fromMinor, type Gallery, type Photo } from '@stagepass/shared';
import { isAdmin } from '../../platform/auth';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../users/users.tables';
import { hiddenFlags } from '../users/moderation.policy';
import type { FileRow } from '../media/media.tables';
import { reactions } from '../reactions/reactions.tables';
import type { FileViewer, MediaService, MediaViewer } from '../media/media.service';
import type { UsersService } from '../users/users.service';
import { galleries, photos, type GalleryRow, type PhotoRow } from './galleries.tables';
import { accessFactQueries, decideAccess, factsFrom, runUnion } from './galleries.policy';

/** Every gallery column but the generated search vector (never sent anywhere). */
const { searchVector: _sv, ...columns } = getTableColumns(galleries);
export const galleryColumns = columns;
export type Galleryish = Omit<GalleryRow, 'searchVector'>;

/** What GalleryViews is built with (by GalleriesService, from its own deps). */
export interface GalleryViewsDeps {
  db: Db;
  media: MediaService;
  users: UsersService;
}

/**
 * Gallery and photo rows → the `Gallery` / `Photo` a viewer sees. A fixed number of queries
 * whatever the list length: the viewer's facts (subscriptions, purchases, blocks, likes and
 * bookmarks: one UNION ALL), the creators, the covers (one DISTINCT ON), their files.
 */
export class GalleryViews {
  constructor(private deps: GalleryViewsDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** The access of each gallery and the viewer's like/bookmark flags, in ONE round trip. */
  async viewerFacts(viewer: UserRow | null, rows: Galleryish[], now: Date) {
    const queries = accessFactQueries(this.db, viewer, rows, now);
    if (viewer && rows.length) {
      queries.push(
        this.db
          .select({ kind: sql<string>`'react'::text`.as('kind'), id: sql<string>`${reactions.objectId}::text`.as('id'), action: sql<string | null>`${reactions.action}`.as('action') })
          .from(reactions)
          .where(and(eq(reactions.userId, viewer.id), eq(reactions.objectType, 'gallery'), inArray(reactions.objectId, rows.map((r) => r.id)))),
      );
    }
    const facts = await runUnion(this.db, queries);
    const liked = new Set<string>();
    const bookmarked = new Set<string>();
    for (const f of facts) {
      if (f.kind !== 'react') continue;
      if (f.action === 'like') liked.add(f.id);
      if (f.action === 'bookmark') bookmarked.add(f.id);
    }
    return { access: decideAccess(viewer, rows, factsFrom(facts), now), liked, bookmarked };
  }

  /**
   * Galleries as `viewer` sees them (call with visible rows only). The cover is the chosen cover
   * photo, else the first by position — among active photos, or all photos for the owner and
   * admins; a locked gallery's cover is the blurred preview only.
   */
  async toViews(viewer: UserRow | null, rows: Galleryish[]): Promise<Gallery[]> {
    if (rows.length === 0) return [];
    const now = new Date();
    const admin = isAdmin(viewer);
    const performerIds = [...new Set(rows.map((r) => r.performerId))];
    const ids = rows.map((r) => r.id);
    const seesAll = admin ? sql`true` : viewer ? sql`(${photos.status} = 'active' or ${photos.performerId} = ${viewer.id})` : sql`${photos.status} = 'active'`;
    const [facts, creators, covers] = await Promise.all([
      this.viewerFacts(viewer, rows, now),
      this.db.select({ id: users.id, name: users.name, username: users.username, avatar: users.avatar }).from(users).where(inArray(users.id, performerIds)),
      this.db
        .selectDistinctOn([photos.galleryId], { galleryId: photos.galleryId, id: photos.id, fileId: photos.fileId })
        .from(photos)
        .where(and(inArray(photos.galleryId, ids), seesAll))
        .orderBy(photos.galleryId, desc(photos.isCover), asc(photos.position), asc(photos.id)),
    ]);
    const access = facts.access;
    const files = covers.length ? await this.deps.media.byIds(covers.map((c) => c.fileId)) : [];
    const fileById = new Map(files.map((f) => [f.id, f]));
    const coverOf = new Map(covers.map((c) => [c.galleryId, c]));
    const creatorById = new Map(creators.map((c) => [c.id, c]));
    return rows.map((r) => {
      const a = access.get(r.id)!;
      const p = creatorById.get(r.performerId);
      const cover = coverOf.get(r.id);
      const file = cover ? fileById.get(cover.fileId) : undefined;
      const privileged = a.isOwner || admin;
      return {
        _id: r.id,
        minTierId: r.minTierId ?? null,
        performerId: r.performerId,
        performer: {
          _id: r.performerId,
          name: p ? p.name || p.username || '' : '',
          username: p?.username ?? null,
          avatar: (p && this.deps.users.avatarUrls(p)?.thumb) || DEFAULT_AVATAR,
        },
        title: r.title,
        description: r.description,
        tags: r.tags,
        status: r.status,
        access: r.access,
        price: r.access === 'sale' && r.price !== null ? fromMinor(r.price) : null,
        publishAt: r.publishAt.toISOString(),
        isScheduled: r.publishAt.getTime() > now.getTime(),
        cover: file ? this.fileView(file, a.canView, viewer) : null,
        coverPhotoId: file ? cover!.id : null,
        totalPhoto: r.totalPhoto,
        totalView: r.totalView,
        totalLike: r.totalLike,
        totalComment: r.totalComment,
        totalBookmark: r.totalBookmark,
        ...(privileged ? { totalSale: r.totalSale } : {}),
        isSubscribed: a.isSubscribed,
        isBought: a.isBought,
        isLocked: !a.canView,
        isLiked: facts.liked.has(r.id),
        isBookmarked: facts.bookmarked.has(r.id),
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        ...hiddenFlags(r),
      } satisfies Gallery;
    });
  }

  /** Photos as a viewer sees them: `canView(galleryId)` decides URLs (locked → blurred preview only). One query for the files. */
  async photoViews(rows: PhotoRow[], canView: (galleryId: string) => boolean, viewer?: MediaViewer | null): Promise<Photo[]> {
    if (rows.length === 0) return [];
    const files = await this.deps.media.byIds(rows.map((r) => r.fileId));
    const byId = new Map(files.map((f) => [f.id, f]));
    return rows.flatMap((r) => {
      const file = byId.get(r.fileId);
      if (!file) return [];
      const open = canView(r.galleryId);
      return [{
        _id: r.id,
        galleryId: r.galleryId,
        performerId: r.performerId,
        title: r.title,
        description: r.description,
        status: r.status,
        isCover: r.isCover,
        position: r.position,
        isLocked: !open,
        file: this.fileView(file, open, viewer ?? null),
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      } satisfies Photo];
    });
  }

  /** The media module's view: thumbnails and a signed URL only when open; locked → type, status, blurred preview. */
  fileView(file: FileRow, open: boolean, viewer: FileViewer) {
    return this.deps.media.fileView(file, open ? 'full' : 'locked', viewer);
  }
}
