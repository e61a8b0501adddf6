import { and, count, desc, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import { isUuid } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { notFound, unprocessable } from '../../platform/errors';
import type { ContentKindProvider } from '../../platform/content-kinds';
import { feeds } from './feeds.tables';
import { feedAccess, feedAccessOne, feedModerationSql, listableSql, notExpiredSql } from './feeds.policy';
import { notWithheldSql } from '../users/moderation.policy';
import { moderatedKind } from '../../platform/moderated-kind';
import type { MediaService } from '../media/media.service';
import { filePictures } from '../media/media.pictures';
import type { FeedsService } from './feeds.service';

const { searchVector: _omit, ...feedColumns } = getTableColumns(feeds);

/** What the feed kind is built with (root.ts registers it right after FeedsService). */
export interface FeedKindDeps {
  db: Db;
  feeds: FeedsService;
  media: MediaService;
}

/**
 * The `feed` content kind (platform/content-kinds.ts): the feeds access policy decides who may
 * see (hidden → null/404) and open (locked → canView false) a feed; the feeds module keeps its
 * own like/bookmark/comment counters; pay-per-view feeds are for sale.
 */
export function feedKind({ db, feeds: svc, media }: FeedKindDeps): ContentKindProvider {
  return {
    kind: 'feed',

    // Moderation (platform/moderated-kind.ts): hide/unhide, the console's list and report previews.
    ...moderatedKind({
      kind: 'feed', db, table: feeds,
      cols: { id: feeds.id, ownerId: feeds.performerId, hiddenAt: feeds.hiddenAt, hiddenBy: feeds.hiddenBy, hiddenReason: feeds.hiddenReason, createdAt: feeds.createdAt, updatedAt: feeds.updatedAt, searchVector: feeds.searchVector },
      title: sql<string>`left(regexp_replace(${feeds.text}, '<[^>]*>', '', 'g'), 80)`,
      excerpt: sql<string>`left(regexp_replace(${feeds.text}, '<[^>]*>', '', 'g'), 400)`,
      status: sql<string>`case when ${feeds.publishAt} > now() then 'scheduled' else 'published' end`,
      pictureFileId: sql<string | null>`coalesce(${feeds.thumbnailFileId}, ${feeds.teaserFileId}, (${feeds.fileIds}->>0)::uuid)`,
      statusIs: (status) => (status === 'published' ? lte(feeds.publishAt, new Date()) : status === 'scheduled' ? sql`${feeds.publishAt} > now()` : undefined),
      pictures: (ids) => filePictures(media, ids),
      link: (id) => `/post/${id}`,
    }),

    /** Posts of the file's owner carrying it (media README "HLS": the key check asks `load` about each). */
    async itemsWithFile(tx, file) {
      if (!file.ownerId) return [];
      const rows = await tx
        .select({ id: feeds.id })
        .from(feeds)
        .where(and(eq(feeds.performerId, file.ownerId), sql`${feeds.fileIds} @> ${JSON.stringify([file.id])}::jsonb`))
        .limit(20);
      return rows.map((r) => r.id);
    },

    async mediaFileIds(tx, id) {
      const [f] = await tx.select({ fileIds: feeds.fileIds, teaser: feeds.teaserFileId, thumbnail: feeds.thumbnailFileId }).from(feeds).where(eq(feeds.id, id)).limit(1);
      return f ? [...f.fileIds, f.teaser, f.thumbnail].filter((x): x is string => Boolean(x)) : null;
    },

    async load(tx, viewer, id) {
      const [f] = await tx
        .select({ id: feeds.id, performerId: feeds.performerId, visibility: feeds.visibility, publishAt: feeds.publishAt, expiresAt: feeds.expiresAt, minTierId: feeds.minTierId })
        .from(feeds)
        .where(and(eq(feeds.id, id), feedModerationSql(viewer)))
        .limit(1);
      if (!f) return null;
      const access = await feedAccessOne(tx, viewer, f);
      if (!access.visible) return null;
      return { id: f.id, ownerId: f.performerId, canView: access.canView };
    },

    /** In the order given, as GET /user/feeds/{id} answers (locked ones without media URLs); hidden ones left out. */
    async views(viewer, ids) {
      if (ids.length === 0) return [];
      const rows = await db.select(feedColumns).from(feeds).where(and(inArray(feeds.id, ids), feedModerationSql(viewer)));
      const access = await feedAccess(db, viewer, rows);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const visible = ids.map((id) => byId.get(id)).filter((r): r is (typeof rows)[number] => Boolean(r && access.get(r.id)?.visible));
      return svc.toViews(viewer, visible);
    },

    /** Bookmarks: feeds the viewer may see listed (deleted, withheld, blocked, scheduled ones left out). */
    listedSql: (viewer, id) => sql`exists (select 1 from ${feeds} where ${feeds.id} = ${id} and ${listableSql(viewer)})`,

    /** Pay-per-view feeds the buyer can see listed. */
    async sale(tx, buyer, id) {
      if (!isUuid(id)) throw notFound('Feed not found');
      const [f] = await tx.select({ id: feeds.id, performerId: feeds.performerId, visibility: feeds.visibility, publishAt: feeds.publishAt, expiresAt: feeds.expiresAt, minTierId: feeds.minTierId, price: feeds.price, text: feeds.text }).from(feeds).where(and(eq(feeds.id, id), feedModerationSql(buyer)));
      if (!f) throw notFound('Feed not found');
      const access = await feedAccessOne(tx, buyer, f);
      if (!access.visible) throw notFound('Feed not found');
      if (f.visibility !== 'ppv' || !f.price) throw unprocessable('This post is not for sale');
      const snippet = f.text.replace(/<[^>]*>/g, '').trim().slice(0, 60);
      return { itemId: f.id, performerId: f.performerId, price: f.price, description: snippet ? `Post: ${snippet}` : 'Pay-per-view post' };
    },

    counters: {
      async adjust(tx, id, counter, delta) {
        const col = counter === 'like' ? feeds.totalLike : counter === 'bookmark' ? feeds.totalBookmark : feeds.totalComment;
        const key = counter === 'like' ? 'totalLike' : counter === 'bookmark' ? 'totalBookmark' : 'totalComment';
        // updatedAt is set to itself: a like is not an edit of the feed.
        const [row] = await tx
          .update(feeds)
          .set({ [key]: sql`greatest(${col} + ${delta}, 0)`, updatedAt: sql`${feeds.updatedAt}` })
          .where(eq(feeds.id, id))
          .returning({ total: col });
        return row?.total ?? 0;
      },
      async read(tx, id, counter) {
        const [row] = await tx.select({ like: feeds.totalLike, bookmark: feeds.totalBookmark, comment: feeds.totalComment }).from(feeds).where(eq(feeds.id, id));
        return row ? row[counter] : 0;
      },
    },

    /** GIN index `feeds_search_idx` on the generated `feeds.search_vector`; published (and the owner's own scheduled), not blocked. */
    async search(viewer, tsquery, offset, limit) {
      const where = and(sql`${feeds.searchVector} @@ to_tsquery('simple'::regconfig, ${tsquery})`, listableSql(viewer));
      const [rows, [total]] = await Promise.all([
        db.select({ id: feeds.id }).from(feeds).where(where).orderBy(desc(feeds.publishAt), desc(feeds.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(feeds).where(where),
      ]);
      return { ids: rows.map((r) => r.id), total: Number(total?.n ?? 0) };
    },

    /** Published feeds (not withheld by moderation) and the likes on them. */
    async creatorTotals(creatorId) {
      const [agg] = await db
        .select({ items: count(), likes: sql<number>`coalesce(sum(${feeds.totalLike}), 0)`.mapWith(Number) })
        .from(feeds)
        .where(and(eq(feeds.performerId, creatorId), lte(feeds.publishAt, new Date()), notExpiredSql(), notWithheldSql({ ownerId: feeds.performerId, hiddenAt: feeds.hiddenAt })));
      return { items: Number(agg?.items ?? 0), likes: agg?.likes ?? 0 };
    },
  };
}
