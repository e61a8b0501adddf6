import { and, eq, getTableColumns, inArray, isNull } from 'drizzle-orm';
import { DEFAULT_AVATAR, fromMinor, type Product } from '@stagepass/shared';
import { isAdmin } from '../../platform/auth';
import { users, type UserRow } from '../users/users.tables';
import { hiddenFlags } from '../users/moderation.policy';
import type { FileRow } from '../media/media.tables';
import { reactions } from '../reactions/reactions.tables';
import { orders } from '../orders/orders.tables';
import { products, type ProductRow } from './products.tables';
import type { Db } from '../../db/client';
import type { MediaService } from '../media/media.service';
import type { UsersService } from '../users/users.service';

/** Every column but the generated search vector (never sent anywhere). */
const { searchVector: _sv, ...columns } = getTableColumns(products);
export const productColumns = columns;
export type Productish = Omit<ProductRow, 'searchVector'>;

export interface ProductViewsDeps {
  db: Db;
  media: MediaService;
  users: UsersService;
}

/**
 * Product rows → the `Product` a viewer sees, in a fixed number of queries whatever the list
 * length: the creators, the files (images, and the digital files of the viewer's own products),
 * the viewer's un-refunded orders of the digital ones (`isBought`) and their likes/bookmarks.
 * The digital file is described (name, size, type) to its owner and admins only, and its URL or
 * storage key is never part of any view.
 */
export class ProductViews {
  constructor(private deps: ProductViewsDeps) {}

  async toViews(viewer: UserRow | null, rows: Productish[]): Promise<Product[]> {
    if (rows.length === 0) return [];
    const { db } = this.deps;
    const admin = isAdmin(viewer);
    const privileged = (r: Productish) => admin || (viewer !== null && r.performerId === viewer.id);
    const performerIds = [...new Set(rows.map((r) => r.performerId))];
    const fileIds = [...new Set(rows.flatMap((r) => [...r.imageIds, ...(privileged(r) && r.digitalFileId ? [r.digitalFileId] : [])]))];
    const ids = rows.map((r) => r.id);
    const digitalIds = rows.filter((r) => r.type === 'digital' && !(viewer && r.performerId === viewer.id)).map((r) => r.id);
    const [performers, fileRows, bought, reacted] = await Promise.all([
      db.select({ id: users.id, name: users.name, username: users.username, avatar: users.avatar }).from(users).where(inArray(users.id, performerIds)),
      fileIds.length ? this.deps.media.byIds(fileIds) : Promise.resolve([] as FileRow[]),
      viewer && digitalIds.length
        ? db.selectDistinct({ id: orders.productId }).from(orders).where(and(eq(orders.buyerId, viewer.id), inArray(orders.productId, digitalIds), isNull(orders.refundedAt)))
        : Promise.resolve([] as Array<{ id: string | null }>),
      viewer
        ? db.select({ id: reactions.objectId, action: reactions.action }).from(reactions).where(and(eq(reactions.userId, viewer.id), eq(reactions.objectType, 'product'), inArray(reactions.objectId, ids)))
        : Promise.resolve([] as Array<{ id: string; action: string }>),
    ]);
    const performerById = new Map(performers.map((p) => [p.id, p]));
    const fileById = new Map(fileRows.map((f) => [f.id, f]));
    const boughtIds = new Set(bought.map((b) => b.id));
    const liked = new Set(reacted.filter((r) => r.action === 'like').map((r) => r.id));
    const bookmarked = new Set(reacted.filter((r) => r.action === 'bookmark').map((r) => r.id));

    return rows.map((r) => {
      const p = performerById.get(r.performerId);
      const images = r.imageIds.map((id) => fileById.get(id)).filter((f): f is FileRow => Boolean(f)).map((f) => this.deps.media.fileView(f, 'full', viewer));
      const first = images.find((i) => i.url);
      const digital = privileged(r) && r.digitalFileId ? fileById.get(r.digitalFileId) : undefined;
      return {
        _id: r.id,
        performerId: r.performerId,
        performer: {
          _id: r.performerId,
          name: p ? p.name || p.username || '' : '',
          username: p?.username ?? null,
          avatar: (p && this.deps.users.avatarUrls(p)?.thumb) || DEFAULT_AVATAR,
        },
        name: r.name,
        description: r.description,
        type: r.type,
        status: r.status,
        price: fromMinor(r.price),
        stock: r.type === 'physical' ? (r.stock ?? 0) : null,
        shippingFee: r.type === 'physical' ? fromMinor(r.shippingFee) : 0,
        images,
        image: first ? (first.thumbnails.at(-1) ?? first.url ?? null) : null,
        hasDigitalFile: r.type === 'digital' && r.digitalFileId !== null,
        digitalFile: digital ? { _id: digital.id, name: digital.originalName || 'file', size: digital.size, mimeType: digital.mimeType } : null,
        isBought: r.type === 'digital' && boughtIds.has(r.id),
        totalSold: r.totalSold,
        totalView: r.totalView,
        totalLike: r.totalLike,
        totalComment: r.totalComment,
        totalBookmark: r.totalBookmark,
        totalDownload: r.totalDownload,
        isLiked: liked.has(r.id),
        isBookmarked: bookmarked.has(r.id),
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        ...hiddenFlags(r),
      } satisfies Product;
    });
  }
}
