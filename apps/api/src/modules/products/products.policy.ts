import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAdmin } from '../../platform/auth';
import type { UserRow } from '../users/users.tables';
import { isBlockedBetween, notBlockedWith } from '../blocks/blocks.policy';
import { products, type ProductRow } from './products.tables';
import { moderationSql, notWithheldSql, ownerWithheld } from '../users/moderation.policy';

/**
 * THE products access rule (README.md beside this file). A product is public shop stock, so once a
 * viewer may see it they may open it (like, bookmark, comment on it): there is no "locked" product.
 * What a buyer gets beyond the view — the digital file — is decided by the download rule
 * (products.downloads.ts), never by this one: the owner and buyers, and an operator only on the
 * audited path (`isAuditedOperator`, GET /admin/content/product/{id}; issue 28 §6) — an operator
 * sees every product here, but downloads only what they bought anywhere else.
 *
 * - the owner and admins: every product, every status;
 * - everyone else (anonymous included): `active` products only, and none of a creator with a block
 *   either way with the viewer (blocks.policy.ts, THE block rule). Draft and inactive products,
 *   and blocked ones, are hidden: the callers answer 404 as if they did not exist.
 * - moderation (users/moderation.policy.ts): a product hidden by an operator, or whose creator is
 *   suspended, is hidden from everyone but its owner and admins (buyers included).
 */
export type ProductForPolicy = Pick<ProductRow, 'performerId' | 'status' | 'hiddenAt'>;

/** One product, for one viewer: may they know it exists? */
export async function canSeeProduct(db: DbOrTx, viewer: UserRow | null, p: ProductForPolicy): Promise<boolean> {
  if (viewer && (viewer.id === p.performerId || isAdmin(viewer))) return true;
  if (p.status !== 'active' || p.hiddenAt) return false;
  if (viewer && (await isBlockedBetween(db, viewer.id, p.performerId))) return false;
  return !(await ownerWithheld(db, p.performerId));
}

/**
 * The same rule as a WHERE condition, for the public list (GET /performer-assets/products/search):
 * active and not blocked — for everyone, owners and admins included (their own list is the
 * creator route; the public shop shows what fans see).
 */
export function shopListableSql(viewer: UserRow | null): SQL {
  const active = and(eq(products.status, 'active'), notWithheldSql({ ownerId: products.performerId, hiddenAt: products.hiddenAt }))!;
  if (!viewer || isAdmin(viewer)) return active;
  return and(active, notBlockedWith(products.performerId, viewer.id))!;
}

/** What `viewer` may see at all (bookmarks, search through the content kind): `canSeeProduct` in SQL. */
export function visibleSql(viewer: UserRow | null): SQL {
  if (viewer && isAdmin(viewer)) return sql`true`;
  const shop = shopListableSql(viewer);
  return viewer ? or(eq(products.performerId, viewer.id), shop)! : shop;
}

/** Moderation alone, for a viewer (owners and admins keep theirs). */
export function productModerationSql(viewer: UserRow | null): SQL {
  return moderationSql({ ownerId: products.performerId, hiddenAt: products.hiddenAt }, viewer);
}
