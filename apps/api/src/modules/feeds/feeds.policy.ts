import { and, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAdmin } from '../../platform/auth';
import type { UserRow } from '../users/users.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { purchases } from '../purchases/purchases.tables';
import { feeds, type FeedRow } from './feeds.tables';

/**
 * THE feeds access rule. Every read of a feed (single, lists, votes, file status, and the social
 * modules that act on a feed) goes through `feedAccess`, which answers a whole list with at most
 * one query on subscriptions and one on purchases:
 *
 * - hidden (the caller must answer 404, as if it did not exist):
 *     - scheduled and not yet published (`publishAt > now`) — except for the owner and admins;
 *     - the creator has blocked the viewer (`isBlocked`) — except for admins.
 * - canView (media URLs may be handed out):
 *     - the owner and admins: always;
 *     - `free`: everyone, anonymous included;
 *     - `subscribers`: viewers with a current subscription (status `active`, or `cancelled` but
 *       still paid up, and `expiresAt > now`);
 *     - `ppv`: viewers who bought it (a `purchases` row) — a subscription does NOT unlock it.
 *
 * `isSubscribed` / `isBought` are reported for every feed so the web can offer subscribe/unlock.
 */
export type FeedForPolicy = Pick<FeedRow, 'id' | 'performerId' | 'visibility' | 'publishAt'>;
export interface FeedAccess {
  /** False → answer 404. */
  visible: boolean;
  canView: boolean;
  isOwner: boolean;
  isSubscribed: boolean;
  isBought: boolean;
}

/** A subscription that currently grants access (SQL). */
export const currentSubscription = (now: Date): SQL =>
  and(or(eq(subscriptions.status, 'active'), eq(subscriptions.status, 'cancelled')), gt(subscriptions.expiresAt, now))!;

/**
 * Hook for the blocking issue: the creators (of `performerIds`) that have blocked `userId`. Until
 * the `blocks` table exists nobody is blocked. Replace the body with ONE query on blocks, e.g.
 * `select performer_id from blocks where user_id = $1 and performer_id = any($2)`.
 */
export async function blockedBy(_db: DbOrTx, _performerIds: string[], _userId: string): Promise<Set<string>> {
  return new Set();
}
/** Single-pair form of `blockedBy`. */
export async function isBlocked(db: DbOrTx, performerId: string, userId: string): Promise<boolean> {
  return (await blockedBy(db, [performerId], userId)).has(performerId);
}
/**
 * The same block rule as a SQL condition on `feeds`, for list queries (so pages are not shortened
 * by filtering afterwards). Until blocks exist: always true. With blocks:
 * `not exists (select 1 from blocks b where b.performer_id = feeds.performer_id and b.user_id = $viewer)`.
 */
export function notBlockedSql(_viewer: UserRow | null): SQL {
  return sql`true`;
}

/**
 * The SQL half of the rule for list queries: which rows a viewer may even see listed (published,
 * or their own / admin; not blocked). Which of those are locked is then `feedAccess`.
 */
export function listableSql(viewer: UserRow | null, now: Date = new Date()): SQL {
  if (viewer && isAdmin(viewer)) return sql`true`;
  const published = lte(feeds.publishAt, now);
  const visible = viewer ? or(published, eq(feeds.performerId, viewer.id))! : published;
  return and(visible, notBlockedSql(viewer))!;
}

export async function feedAccess(
  db: DbOrTx,
  viewer: UserRow | null,
  list: FeedForPolicy[],
  now: Date = new Date(),
): Promise<Map<string, FeedAccess>> {
  const out = new Map<string, FeedAccess>();
  if (list.length === 0) return out;
  const admin = isAdmin(viewer);
  const others = viewer ? list.filter((f) => f.performerId !== viewer.id) : [];

  let subscribedTo = new Set<string>();
  let bought = new Set<string>();
  let blocked = new Set<string>();
  if (viewer && others.length > 0) {
    const performerIds = [...new Set(others.map((f) => f.performerId))];
    const ppvIds = others.filter((f) => f.visibility === 'ppv').map((f) => f.id);
    const [subs, buys, blocks] = await Promise.all([
      db
        .select({ performerId: subscriptions.performerId })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, viewer.id), inArray(subscriptions.performerId, performerIds), currentSubscription(now))),
      ppvIds.length
        ? db
            .select({ itemId: purchases.itemId })
            .from(purchases)
            .where(and(eq(purchases.userId, viewer.id), eq(purchases.itemType, 'feed'), inArray(purchases.itemId, ppvIds)))
        : Promise.resolve([] as Array<{ itemId: string }>),
      admin ? Promise.resolve(new Set<string>()) : blockedBy(db, performerIds, viewer.id),
    ]);
    subscribedTo = new Set(subs.map((s) => s.performerId));
    bought = new Set(buys.map((b) => b.itemId));
    blocked = blocks;
  }

  for (const f of list) {
    const isOwner = Boolean(viewer && f.performerId === viewer.id);
    const privileged = isOwner || admin;
    const isSubscribed = subscribedTo.has(f.performerId);
    const isBought = bought.has(f.id);
    const published = f.publishAt.getTime() <= now.getTime();
    const visible = privileged || (published && !blocked.has(f.performerId));
    const canView =
      visible &&
      (privileged || f.visibility === 'free' || (f.visibility === 'subscribers' && isSubscribed) || (f.visibility === 'ppv' && isBought));
    out.set(f.id, { visible, canView, isOwner, isSubscribed, isBought });
  }
  return out;
}

/** One feed's access (same rule, same queries). */
export async function feedAccessOne(db: DbOrTx, viewer: UserRow | null, feed: FeedForPolicy, now?: Date): Promise<FeedAccess> {
  return (await feedAccess(db, viewer, [feed], now)).get(feed.id)!;
}
