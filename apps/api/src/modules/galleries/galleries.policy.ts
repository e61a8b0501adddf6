import { and, eq, inArray, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAdmin, isAuditedOperator } from '../../platform/auth';
import type { UserRow } from '../users/users.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { purchases } from '../purchases/purchases.tables';
import { grantsAccessSql } from '../subscriptions/subscriptions.policy';
import { reachesByFacts, subscriptionRankSql, tierFactsFrom, tierRankFactQuery, type TierFacts } from '../subscriptions/tiers.policy';
import { userBlocks } from '../blocks/blocks.tables';
import { blockedOtherSql, blocksBetweenSql, notBlockedWith } from '../blocks/blocks.policy';
import { galleries, type GalleryRow } from './galleries.tables';
import { moderationSql } from '../users/moderation.policy';

/**
 * THE access rule of a gallery and its photos (a photo's access is its gallery's). Every read —
 * the gallery, its photos, a creator's photos, the ZIP download, bookmarks, search, likes,
 * comments, reports and the wallet's sale through the `gallery` content kind — goes through
 * `galleryAccess` (a whole list in ONE round trip: subscriptions, purchases and blocks as one
 * UNION ALL) and `decideAccess`, the rule itself:
 *
 * - listed (fans may find it): status `active` and `publishAt <= now`.
 * - hidden (answer 404, as if it did not exist) — except for the owner and admins:
 *     - not listed (draft, inactive, scheduled), unless the viewer BOUGHT it: buyers keep what
 *       they paid for whatever the creator changes later;
 *     - a block between the creator and the viewer, either way (blocks.policy.ts), buyers too.
 * - canView (photo URLs may be handed out):
 *     - the owner: always;
 *     - an operator on the audited path only (`isAuditedOperator`: GET /admin/content/gallery/{id},
 *       which writes the read to the audit log with their reason first — issue 28 §6). An operator
 *       anywhere else sees every gallery (above) but opens only what any viewer would;
 *     - `free`: everyone, anonymous included;
 *     - `subscribers`: viewers with a current subscription (subscriptions.policy.ts) whose tier
 *       reaches the gallery's minimum tier (`min_tier_id`; THE tier rule, subscriptions/tiers.policy.ts);
 *     - `sale`: buyers (a `purchases` row, item type 'gallery') — a subscription does NOT unlock it;
 *     - whatever the access, a buyer of the gallery (it was for sale when they bought it).
 *
 * Before all of that, moderation: a gallery withheld (hidden by an operator, or its creator
 * suspended; users/moderation.policy.ts) exists only for its owner and admins, buyers included —
 * `galleryModerationSql` in the WHERE of every query that lists or loads galleries (or photos) for a viewer.
 *
 * The purchase fact is awaited like every other fact before the rule runs (the seed system's
 * missing `await` on it opened pay-per-view photos to everyone).
 */
export type GalleryForPolicy = Pick<GalleryRow, 'id' | 'performerId' | 'status' | 'access' | 'publishAt'> & { minTierId: string | null };
export interface GalleryAccess {
  /** False → answer 404. */
  visible: boolean;
  /** Photo URLs may be given (false on a visible gallery: listed but locked). */
  canView: boolean;
  isOwner: boolean;
  isSubscribed: boolean;
  isBought: boolean;
}

/** What the rule needs to know about a viewer and a list of galleries (from the database). */
export interface GalleryFacts {
  subscribedTo: Set<string>;
  bought: Set<string>;
  blocked: Set<string>;
  /** Subscription ranks per creator and the galleries' minimum tiers' ranks (tiers.policy.ts). */
  tiers: TierFacts;
}
export type FactRow = { kind: string; id: string; action: string | null };

export const isListed = (g: Pick<GalleryRow, 'status' | 'publishAt'>, now: Date) => g.status === 'active' && g.publishAt.getTime() <= now.getTime();

/**
 * The SQL form of "listed" for the fans' lists (search, a creator's galleries, text search,
 * profile totals): active and published, not blocked either way with the viewer (admins: no
 * block applies). The owner finds their drafts in their own list, not here.
 */
export function listedSql(viewer: UserRow | null, now: Date = new Date()): SQL {
  const listed = and(eq(galleries.status, 'active'), lte(galleries.publishAt, now), galleryModerationSql(viewer))!;
  return viewer && isAdmin(viewer) ? listed : and(listed, notBlockedWith(galleries.performerId, viewer?.id))!;
}

/**
 * `visible` of `decideAccess` as SQL on the galleries table, for a signed-in viewer (lists of
 * references such as bookmarks): the owner and admins; else not withheld, no block, and listed or bought.
 */
export function visibleToSql(viewer: UserRow, now: Date = new Date()): SQL {
  if (isAdmin(viewer)) return sql`true`;
  const listed = and(eq(galleries.status, 'active'), lte(galleries.publishAt, now));
  const bought = sql`exists (select 1 from ${purchases} where ${purchases.userId} = ${viewer.id} and ${purchases.itemType} = 'gallery' and ${purchases.itemId} = ${galleries.id})`;
  return and(galleryModerationSql(viewer), or(eq(galleries.performerId, viewer.id), and(notBlockedWith(galleries.performerId, viewer.id), or(listed, bought))))!;
}

/** Moderation (users/moderation.policy.ts): galleries withheld from `viewer` are left out; owners and admins keep theirs. */
export function galleryModerationSql(viewer: UserRow | null): SQL {
  return moderationSql({ ownerId: galleries.performerId, hiddenAt: galleries.hiddenAt }, viewer);
}

/** The fact queries as `{kind, id, action}` rows, so a caller can batch its own (reactions) into the same UNION ALL. */
export function accessFactQueries(db: DbOrTx, viewer: UserRow | null, list: GalleryForPolicy[], now: Date = new Date()): SQLWrapper[] {
  if (!viewer) return [];
  const others = list.filter((g) => g.performerId !== viewer.id);
  if (others.length === 0) return [];
  const performerIds = [...new Set(others.map((g) => g.performerId))];
  const row = (kind: string, id: SQL) => ({ kind: sql<string>`${kind}::text`.as('kind'), id: sql<string>`${id}::text`.as('id'), action: sql<string | null>`null::text`.as('action') });
  const queries: SQLWrapper[] = [
    db.select({ ...row('sub', sql`${subscriptions.performerId}`), action: sql<string | null>`${subscriptionRankSql()}`.as('action') }).from(subscriptions)
      .where(and(eq(subscriptions.userId, viewer.id), inArray(subscriptions.performerId, performerIds), grantsAccessSql(now))),
    // Every gallery, not only `sale` ones: a buyer keeps access if the creator changes the access later.
    db.select(row('buy', sql`${purchases.itemId}`)).from(purchases)
      .where(and(eq(purchases.userId, viewer.id), eq(purchases.itemType, 'gallery'), inArray(purchases.itemId, others.map((g) => g.id)))),
  ];
  if (!isAdmin(viewer)) queries.push(db.select(row('blk', blockedOtherSql(viewer.id))).from(userBlocks).where(blocksBetweenSql(viewer.id, performerIds)));
  const tiers = tierRankFactQuery(db, others.map((g) => g.minTierId), { idAsText: true });
  if (tiers) queries.push(tiers);
  return queries;
}

/** Runs `{kind, id, action}` queries as one UNION ALL (one round trip). */
export async function runUnion(db: DbOrTx, queries: SQLWrapper[]): Promise<FactRow[]> {
  if (queries.length === 0) return [];
  const res = await db.execute<FactRow>(sql.join(queries.map((q) => sql`(${q})`), sql` UNION ALL `));
  return res.rows.map((r) => ({ kind: String(r.kind), id: String(r.id), action: r.action === null ? null : String(r.action) }));
}

export function factsFrom(rows: FactRow[]): GalleryFacts {
  const facts: GalleryFacts = { subscribedTo: new Set(), bought: new Set(), blocked: new Set(), tiers: tierFactsFrom(rows) };
  for (const r of rows) {
    if (r.kind === 'sub') facts.subscribedTo.add(r.id);
    else if (r.kind === 'buy') facts.bought.add(r.id);
    else if (r.kind === 'blk') facts.blocked.add(r.id);
  }
  return facts;
}

/** The rule itself, on known facts (no I/O). */
export function decideAccess(viewer: UserRow | null, list: GalleryForPolicy[], facts: GalleryFacts, now: Date = new Date()): Map<string, GalleryAccess> {
  const out = new Map<string, GalleryAccess>();
  const admin = isAdmin(viewer);
  const audited = isAuditedOperator(viewer);
  for (const g of list) {
    const isOwner = Boolean(viewer && g.performerId === viewer.id);
    const isSubscribed = !isOwner && facts.subscribedTo.has(g.performerId);
    const isBought = !isOwner && facts.bought.has(g.id);
    const visible = isOwner || admin || (!facts.blocked.has(g.performerId) && (isListed(g, now) || isBought));
    const canView =
      visible && (isOwner || audited || isBought || g.access === 'free' || (g.access === 'subscribers' && isSubscribed && reachesByFacts(facts.tiers, g.performerId, g.minTierId)));
    out.set(g.id, { visible, canView, isOwner, isSubscribed, isBought });
  }
  return out;
}

export async function galleryAccess(db: DbOrTx, viewer: UserRow | null, list: GalleryForPolicy[], now: Date = new Date()): Promise<Map<string, GalleryAccess>> {
  if (list.length === 0) return new Map();
  const rows = await runUnion(db, accessFactQueries(db, viewer, list, now));
  return decideAccess(viewer, list, factsFrom(rows), now);
}

export async function galleryAccessOne(db: DbOrTx, viewer: UserRow | null, gallery: GalleryForPolicy, now?: Date): Promise<GalleryAccess> {
  return (await galleryAccess(db, viewer, [gallery], now)).get(gallery.id)!;
}
