import { and, count, desc, eq, sql } from 'drizzle-orm';
import { isUuid } from '@stagepass/shared';
import type { Db } from '../../db/client';
import type { ContentKindProvider } from '../../platform/content-kinds';
import { products } from './products.tables';
import { canSeeProduct, shopListableSql, visibleSql } from './products.policy';
import { moderatedKind } from '../../platform/moderated-kind';
import type { MediaService } from '../media/media.service';
import { filePictures } from '../media/media.pictures';
import type { ProductsService } from './products.service';
import type { ProductDownloads } from './products.downloads';

/** What the product kind is built with (root.ts registers it right after ProductsService). */
export interface ProductKindDeps {
  db: Db;
  products: ProductsService;
  media: MediaService;
  /** The digital file's download links (its rule: products.downloads.ts). */
  downloads: Pick<ProductDownloads, 'link'>;
}

/**
 * The `product` content kind (platform/content-kinds.ts): the products access rule
 * (products.policy.ts) decides who may know a product exists (hidden → null/404); a visible
 * product is open to all (likes, bookmarks, comments, reports). Products are for sale: physical
 * ones again and again (`repeatable`, the stock taken in `sale`, given back by `restock` on a
 * refund), digital ones once (a `purchases` row). The module keeps its own like/bookmark/comment
 * counters.
 */
export function productKind({ db, products: svc, media, downloads }: ProductKindDeps): ContentKindProvider {
  return {
    kind: 'product',

    // Moderation (platform/moderated-kind.ts): hide/unhide, the console's list and report previews.
    ...moderatedKind({
      kind: 'product', db, table: products,
      cols: { id: products.id, ownerId: products.performerId, hiddenAt: products.hiddenAt, hiddenBy: products.hiddenBy, hiddenReason: products.hiddenReason, createdAt: products.createdAt, updatedAt: products.updatedAt, searchVector: products.searchVector },
      title: sql<string>`${products.name}`,
      excerpt: sql<string>`left(${products.description}, 400)`,
      status: sql<string>`${products.status}`,
      pictureFileId: sql<string | null>`(${products.imageIds}->>0)::uuid`,
      statusIs: (status) => (status === 'draft' || status === 'active' || status === 'inactive' ? eq(products.status, status) : undefined),
      pictures: (ids) => filePictures(media, ids),
      link: (id) => `/product/${id}`,
    }),

    async load(tx, viewer, id) {
      if (!isUuid(id)) return null;
      const [p] = await tx.select({ id: products.id, performerId: products.performerId, status: products.status, hiddenAt: products.hiddenAt }).from(products).where(eq(products.id, id)).limit(1);
      if (!p || !(await canSeeProduct(tx, viewer, p))) return null;
      return { id: p.id, ownerId: p.performerId, canView: true };
    },

    /** In the order given, as GET /performer-assets/products/{id} answers; hidden ones left out. */
    async views(viewer, ids) {
      const rows = await svc.rowsByIds(ids.filter((id) => isUuid(id)), visibleSql(viewer));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return svc.toViews(viewer, ids.map((id) => byId.get(id)).filter((r): r is (typeof rows)[number] => Boolean(r)));
    },

    /** A digital product's download link for a viewer the download rule lets have it (products.downloads.ts); null for a physical one or one without a file. */
    async attachments(viewer, id) {
      const [p] = await db.select({ type: products.type, fileId: products.digitalFileId }).from(products).where(eq(products.id, id)).limit(1);
      if (!p || p.type !== 'digital' || !p.fileId) return { download: null };
      return { download: await downloads.link(viewer, id) };
    },

    /** Bookmarks: the products `views` keeps, in SQL (deleted, withheld, blocked, inactive ones left out). */
    listedSql: (viewer, id) => sql`exists (select 1 from ${products} where ${products.id} = ${id} and ${visibleSql(viewer)})`,

    sale: (tx, buyer, id, opts) => svc.sale(tx, buyer, id, opts?.quantity ?? 1),

    restock: (tx, id, quantity) => svc.restock(tx, id, quantity),

    counters: {
      async adjust(tx, id, counter, delta) {
        const col = counter === 'like' ? products.totalLike : counter === 'bookmark' ? products.totalBookmark : products.totalComment;
        const key = counter === 'like' ? 'totalLike' : counter === 'bookmark' ? 'totalBookmark' : 'totalComment';
        // updatedAt is set to itself: a like is not an edit of the product.
        const [row] = await tx
          .update(products)
          .set({ [key]: sql`greatest(${col} + ${delta}, 0)`, updatedAt: sql`${products.updatedAt}` })
          .where(eq(products.id, id))
          .returning({ total: col });
        return row?.total ?? 0;
      },
      async read(tx, id, counter) {
        const [row] = await tx.select({ like: products.totalLike, bookmark: products.totalBookmark, comment: products.totalComment }).from(products).where(eq(products.id, id));
        return row ? row[counter] : 0;
      },
    },

    /** GIN index `products_search_idx` on the generated `products.search_vector`; the shop's rule (active, not blocked). */
    async search(viewer, tsquery, offset, limit) {
      const where = and(sql`${products.searchVector} @@ to_tsquery('simple'::regconfig, ${tsquery})`, shopListableSql(viewer));
      const [rows, [total]] = await Promise.all([
        db.select({ id: products.id }).from(products).where(where).orderBy(desc(products.createdAt), desc(products.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return { ids: rows.map((r) => r.id), total: Number(total?.n ?? 0) };
    },

    /** Active products (not withheld by moderation) and the likes on them. */
    async creatorTotals(creatorId) {
      const [agg] = await db
        .select({ items: count(), likes: sql<number>`coalesce(sum(${products.totalLike}), 0)`.mapWith(Number) })
        .from(products)
        .where(and(eq(products.performerId, creatorId), shopListableSql(null)));
      return { items: Number(agg?.items ?? 0), likes: agg?.likes ?? 0 };
    },
  };
}
