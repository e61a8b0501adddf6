import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { isUuid } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { notFound, unprocessable } from '../../platform/errors';
import type { ContentKindProvider } from '../../platform/content-kinds';
import type { Events } from '../../platform/events';
import { galleries, photos } from './galleries.tables';
import { galleryAccess, galleryAccessOne, galleryModerationSql, isListed, listedSql, visibleToSql } from './galleries.policy';
import { moderatedKind } from '../../platform/moderated-kind';
import type { MediaService } from '../media/media.service';
import { filePictures } from '../media/media.pictures';
import { galleryColumns, type Galleryish } from './galleries.views';
import type { GalleriesService } from './galleries.service';
import type { PhotosService } from './photos.service';

/** What the gallery kind is built with (root.ts registers it right after GalleriesService). */
export interface GalleryKindDeps {
  db: Db;
  galleries: GalleriesService;
  media: MediaService;
  photos: Pick<PhotosService, 'forGallery'>;
}

const policyColumns = { id: galleries.id, performerId: galleries.performerId, status: galleries.status, access: galleries.access, publishAt: galleries.publishAt, minTierId: galleries.minTierId };

/**
 * The `gallery` content kind (platform/content-kinds.ts): the galleries access policy decides who
 * may see (hidden → null/404) and open (locked → canView false) a gallery; the module keeps its
 * own like/bookmark/comment counters; `sale` galleries are bought with POST
 * /wallet/charges/gallery/{id}, which unlocks every photo (the purchase is what the policy reads).
 */
export function galleryKind({ db, galleries: svc, media, photos: photoReads }: GalleryKindDeps): ContentKindProvider {
  return {
    kind: 'gallery',

    // Moderation (platform/moderated-kind.ts): hide/unhide, the console's list and report previews.
    ...moderatedKind({
      kind: 'gallery', db, table: galleries,
      cols: { id: galleries.id, ownerId: galleries.performerId, hiddenAt: galleries.hiddenAt, hiddenBy: galleries.hiddenBy, hiddenReason: galleries.hiddenReason, createdAt: galleries.createdAt, updatedAt: galleries.updatedAt, searchVector: galleries.searchVector },
      title: sql<string>`${galleries.title}`,
      excerpt: sql<string>`left(${galleries.description}, 400)`,
      status: sql<string>`${galleries.status}`,
      // The cover photo's file, else the first photo's. The gallery's id is named with its table: a
      // one-table select renders its columns unqualified, and a bare "id" here would be the photo's.
      pictureFileId: sql<string | null>`(select ${photos.fileId} from ${photos} where ${photos.galleryId} = "galleries"."id" order by ${photos.isCover} desc, ${photos.position}, ${photos.id} limit 1)`,
      statusIs: (status) => (status === 'draft' || status === 'active' || status === 'inactive' ? eq(galleries.status, status) : undefined),
      pictures: (ids) => filePictures(media, ids),
      link: (id) => `/gallery/${id}`,
    }),

    async load(tx, viewer, id) {
      if (!isUuid(id)) return null;
      const [g] = await tx.select(policyColumns).from(galleries).where(and(eq(galleries.id, id), galleryModerationSql(viewer))).limit(1);
      if (!g) return null;
      const access = await galleryAccessOne(tx, viewer, g);
      if (!access.visible) return null;
      return { id: g.id, ownerId: g.performerId, canView: access.canView };
    },

    /** In the order given, as GET /performer-assets/galleries/{id} answers (locked: blurred cover only); hidden ones left out. */
    async views(viewer, ids) {
      const valid = ids.filter((id) => isUuid(id));
      if (valid.length === 0) return [];
      const rows = await db.select(galleryColumns).from(galleries).where(and(inArray(galleries.id, valid), galleryModerationSql(viewer)));
      const access = await galleryAccess(db, viewer, rows);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const visible = valid.map((id) => byId.get(id)).filter((r): r is Galleryish => Boolean(r && access.get(r.id)?.visible));
      return svc.toViews(viewer, visible);
    },

    /** Its photos in their order, as GET /performer-assets/photos?galleryId= answers them (the same access rule: locked → 403). */
    async attachments(viewer, id, page) {
      return { photos: await photoReads.forGallery(viewer, { galleryId: id, offset: page.offset, limit: page.limit, sortBy: 'position', sort: 'asc' }) };
    },

    /** Bookmarks: the galleries `views` keeps, in SQL (deleted, withheld, blocked, unlisted and not bought left out). */
    listedSql: (viewer, id) => sql`exists (select 1 from ${galleries} where ${galleries.id} = ${id} and ${visibleToSql(viewer)})`,

    /**
     * A `sale` gallery the buyer can see listed (its row locked FOR SHARE until the charge
     * commits, so a concurrent delete waits and then sees the purchase). A buyer who already
     * owns it gets its terms, and the wallet answers 409 (the purchase's unique index).
     */
    async sale(tx, buyer, id) {
      if (!isUuid(id)) throw notFound('Gallery not found');
      const [g] = await tx.select({ ...policyColumns, price: galleries.price, title: galleries.title }).from(galleries).where(and(eq(galleries.id, id), galleryModerationSql(buyer))).for('share');
      if (!g) throw notFound('Gallery not found');
      const access = await galleryAccessOne(tx, buyer, g);
      if (!access.visible) throw notFound('Gallery not found');
      if (g.access !== 'sale' || !g.price || !(isListed(g, new Date()) || access.isBought)) throw unprocessable('This gallery is not for sale');
      return { itemId: g.id, performerId: g.performerId, price: g.price, description: `Gallery: ${g.title.slice(0, 60)}` };
    },

    counters: {
      async adjust(tx, id, counter, delta) {
        const col = counter === 'like' ? galleries.totalLike : counter === 'bookmark' ? galleries.totalBookmark : galleries.totalComment;
        const key = counter === 'like' ? 'totalLike' : counter === 'bookmark' ? 'totalBookmark' : 'totalComment';
        // updatedAt is set to itself: a like is not an edit of the gallery.
        const [row] = await tx
          .update(galleries)
          .set({ [key]: sql`greatest(${col} + ${delta}, 0)`, updatedAt: sql`${galleries.updatedAt}` })
          .where(eq(galleries.id, id))
          .returning({ total: col });
        return row?.total ?? 0;
      },
      async read(tx, id, counter) {
        const [row] = await tx.select({ like: galleries.totalLike, bookmark: galleries.totalBookmark, comment: galleries.totalComment }).from(galleries).where(eq(galleries.id, id));
        return row ? row[counter] : 0;
      },
    },

    /** GIN index `galleries_search_idx` on the generated `search_vector` (title + description); listed galleries, not across a block. */
    async search(viewer, tsquery, offset, limit) {
      const where = and(sql`${galleries.searchVector} @@ to_tsquery('simple'::regconfig, ${tsquery})`, listedSql(viewer));
      const [rows, [total]] = await Promise.all([
        db.select({ id: galleries.id }).from(galleries).where(where).orderBy(desc(galleries.publishAt), desc(galleries.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(galleries).where(where),
      ]);
      return { ids: rows.map((r) => r.id), total: Number(total?.n ?? 0) };
    },

    /** Listed galleries and the likes on them. */
    async creatorTotals(creatorId) {
      const [agg] = await db
        .select({ items: count(), likes: sql<number>`coalesce(sum(${galleries.totalLike}), 0)`.mapWith(Number) })
        .from(galleries)
        .where(and(eq(galleries.performerId, creatorId), listedSql(null)));
      return { items: Number(agg?.items ?? 0), likes: agg?.likes ?? 0 };
    },
  };
}

/**
 * `total_sale`: one more for each gallery purchase (the wallet records `item.purchased` in the
 * charge's transaction; this handler runs once per event, in its own transaction).
 */
export function registerGalleryHandlers({ events }: { events: Events }): void {
  events.on('item.purchased', 'galleries.total-sale', async (e, tx) => {
    if (e.payload.itemType !== 'gallery') return;
    await tx
      .update(galleries)
      .set({ totalSale: sql`${galleries.totalSale} + 1`, updatedAt: sql`${galleries.updatedAt}` })
      .where(eq(galleries.id, e.payload.itemId));
  });
}
