import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { isUuid } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { notFound, unprocessable } from '../../platform/errors';
import type { ContentKindProvider } from '../../platform/content-kinds';
import { videos } from './videos.tables';
import { publicListableSql, videoAccessOne, videoModerationSql, visibleToSql } from './videos.policy';
import { notWithheldSql } from '../users/moderation.policy';
import { moderatedKind } from '../../platform/moderated-kind';
import type { MediaService } from '../media/media.service';
import { filePictures } from '../media/media.pictures';
import { videoColumns } from './videos.views';
import type { VideosService } from './videos.service';

/** What the video kind is built with (root.ts registers it right after VideosService). */
export interface VideoKindDeps {
  db: Db;
  videos: VideosService;
  media: MediaService;
}

const policyColumns = { id: videos.id, performerId: videos.performerId, status: videos.status, access: videos.access, publishAt: videos.publishAt, minTierId: videos.minTierId };

/**
 * The `video` content kind (platform/content-kinds.ts): the videos access rule (videos.policy.ts)
 * decides who may see (hidden → null/404) and play (locked → canView false) a video; the module
 * keeps its own like/bookmark/comment counters; `sale` videos are for sale through the wallet
 * (POST /wallet/charges/video/{id}).
 */
export function videoKind({ db, videos: svc, media }: VideoKindDeps): ContentKindProvider {
  return {
    kind: 'video',

    // Moderation (platform/moderated-kind.ts): hide/unhide, the console's list and report previews.
    ...moderatedKind({
      kind: 'video', db, table: videos,
      cols: { id: videos.id, ownerId: videos.performerId, hiddenAt: videos.hiddenAt, hiddenBy: videos.hiddenBy, hiddenReason: videos.hiddenReason, createdAt: videos.createdAt, updatedAt: videos.updatedAt, searchVector: videos.searchVector },
      title: sql<string>`${videos.title}`,
      excerpt: sql<string>`left(${videos.description}, 400)`,
      status: sql<string>`${videos.status}`,
      pictureFileId: sql<string | null>`coalesce(${videos.thumbnailFileId}, ${videos.teaserFileId}, ${videos.fileId})`,
      statusIs: (status) => (status === 'draft' || status === 'active' || status === 'inactive' ? eq(videos.status, status) : undefined),
      pictures: (ids) => filePictures(media, ids),
      link: (id) => `/video/${id}`,
    }),

    /** The file's owner's videos whose main file it is (media README "HLS": the key check asks `load` about each). */
    async itemsWithFile(tx, file) {
      if (!file.ownerId) return [];
      const rows = await tx.select({ id: videos.id }).from(videos).where(and(eq(videos.performerId, file.ownerId), eq(videos.fileId, file.id))).limit(20);
      return rows.map((r) => r.id);
    },

    async load(tx, viewer, id) {
      if (!isUuid(id)) return null;
      const [v] = await tx.select(policyColumns).from(videos).where(and(eq(videos.id, id), videoModerationSql(viewer))).limit(1);
      if (!v) return null;
      const access = await videoAccessOne(tx, viewer, v);
      if (!access.visible) return null;
      return { id: v.id, ownerId: v.performerId, canView: access.canView };
    },

    /** In the order given, as GET /performer-assets/videos/{id} answers (locked: `video: null`); hidden ones left out. */
    async views(viewer, ids) {
      const valid = ids.filter((id) => isUuid(id));
      if (valid.length === 0) return [];
      const rows = await db.select(videoColumns).from(videos).where(and(inArray(videos.id, valid), videoModerationSql(viewer)));
      const byId = new Map((await svc.visibleViews(viewer, rows)).map((v) => [v._id, v]));
      return valid.map((id) => byId.get(id)).filter((v): v is NonNullable<typeof v> => Boolean(v));
    },

    /** Bookmarks: the videos `views` keeps, in SQL (deleted, withheld, blocked, unpublished ones left out). */
    listedSql: (viewer, id) => sql`exists (select 1 from ${videos} where ${videos.id} = ${id} and ${visibleToSql(viewer)})`,

    /**
     * Live `sale` videos the buyer may see. The row is share-locked for the charge's transaction,
     * so the creator's DELETE (which locks it for update and refuses a bought video) cannot slip
     * between this and the purchase row.
     */
    async sale(tx, buyer, id) {
      if (!isUuid(id)) throw notFound('Video not found');
      const [v] = await tx.select({ ...policyColumns, price: videos.price, title: videos.title }).from(videos).where(and(eq(videos.id, id), videoModerationSql(buyer))).for('share');
      if (!v) throw notFound('Video not found');
      const access = await videoAccessOne(tx, buyer, v);
      if (!access.visible) throw notFound('Video not found');
      if (v.status !== 'active' || v.publishAt.getTime() > Date.now()) throw unprocessable('This video is not on sale');
      if (v.access !== 'sale' || !v.price) throw unprocessable('This video is not for sale');
      return { itemId: v.id, performerId: v.performerId, price: v.price, description: `Video: ${v.title.slice(0, 60)}` };
    },

    counters: {
      async adjust(tx, id, counter, delta) {
        const col = counter === 'like' ? videos.totalLike : counter === 'bookmark' ? videos.totalBookmark : videos.totalComment;
        const key = counter === 'like' ? 'totalLike' : counter === 'bookmark' ? 'totalBookmark' : 'totalComment';
        // updatedAt is set to itself: a like is not an edit of the video.
        const [row] = await tx
          .update(videos)
          .set({ [key]: sql`greatest(${col} + ${delta}, 0)`, updatedAt: sql`${videos.updatedAt}` })
          .where(eq(videos.id, id))
          .returning({ total: col });
        return row?.total ?? 0;
      },
      async read(tx, id, counter) {
        const [row] = await tx.select({ like: videos.totalLike, bookmark: videos.totalBookmark, comment: videos.totalComment }).from(videos).where(eq(videos.id, id));
        return row ? row[counter] : 0;
      },
    },

    /** GIN index `videos_search_idx` on the generated `search_vector`; active, published, not across a block. */
    async search(viewer, tsquery, offset, limit) {
      const where = and(sql`${videos.searchVector} @@ to_tsquery('simple'::regconfig, ${tsquery})`, publicListableSql(viewer));
      const [rows, [total]] = await Promise.all([
        db.select({ id: videos.id }).from(videos).where(where).orderBy(desc(videos.publishAt), desc(videos.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(videos).where(where),
      ]);
      return { ids: rows.map((r) => r.id), total: Number(total?.n ?? 0) };
    },

    /** Active, published videos and the likes on them. */
    async creatorTotals(creatorId) {
      const [agg] = await db
        .select({ items: count(), likes: sql<number>`coalesce(sum(${videos.totalLike}), 0)`.mapWith(Number) })
        .from(videos)
        .where(and(eq(videos.performerId, creatorId), eq(videos.status, 'active'), lte(videos.publishAt, new Date()), notWithheldSql({ ownerId: videos.performerId, hiddenAt: videos.hiddenAt })));
      return { items: Number(agg?.items ?? 0), likes: agg?.likes ?? 0 };
    },
  };
}
