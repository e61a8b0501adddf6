import { and, eq, gt, inArray, isNull, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAdmin, isAuditedOperator } from '../../platform/auth';
import type { UserRow } from '../users/users.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { purchases } from '../purchases/purchases.tables';
import { feeds, type FeedRow } from './feeds.tables';
import { grantsAccessSql } from '../subscriptions/subscriptions.policy';
import { rankOf, reachesByFacts, subscriptionRankSql, tierFactsFrom, tierRankFactQuery, type TierFacts } from '../subscriptions/tiers.policy';
import { userBlocks } from '../blocks/blocks.tables';
import { blockedOtherSql, blocksBetweenSql, notBlockedWith } from '../blocks/blocks.policy';
import { moderationSql, notWithheldForSql } from '../users/moderation.policy';

/**
 * THE feeds access rule. Every read of a feed (single, lists, votes, file status, and the social
 * modules that act on a feed) goes through `feedAccess`, which answers a whole list with one
 * round trip (subscriptions and purchases as one UNION ALL; lists batch the viewer's reactions in
 * too) and then applies `decideAccess`, the rule itself:
 *
 * - hidden (the caller must answer 404, as if it did not exist):
 *     - withheld by moderation — hidden by an operator or its creator suspended
 *       (users/moderation.policy.ts) — except for the owner and admins: `feedModerationSql`, in the
 *       WHERE of every query that lists or loads feeds for a viewer;
 *     - scheduled and not yet published (`publishAt > now`) — except for the owner and admins;
 *     - expired (`expiresAt <= now`, README "Expiring posts") — except for the owner, admins and,
 *       on its own page only (never in a list), the buyers of a pay-per-view post;
 *     - a block between the creator and the viewer, either way (blocks.policy.ts, THE block rule:
 *       `notBlockedWith` in list queries, a `blk` fact row otherwise) — except for admins.
 * - canView (media URLs may be handed out):
 *     - the owner: always;
 *     - an operator on the audited path only (`isAuditedOperator`: GET /admin/content/feed/{id},
 *       which writes the read to the audit log with their reason first — issue 28 §6). An operator
 *       anywhere else sees every feed (above) but opens only what any viewer would;
 *     - `free`: everyone, anonymous included;
 *     - `subscribers`: viewers with a current subscription (status `active`, or `cancelled` but
 *       still paid up, and `expiresAt > now`) whose tier reaches the post's minimum tier
 *       (`min_tier_id`, THE tier rule: subscriptions/tiers.policy.ts `tierReaches`);
 *     - `ppv`: viewers who bought it (a `purchases` row) — a subscription does NOT unlock it.
 *
 * `isSubscribed` / `isBought` are reported for every feed so the web can offer subscribe/unlock.
 */
export type FeedForPolicy = Pick<FeedRow, 'id' | 'performerId' | 'visibility' | 'publishAt' | 'expiresAt'> & { minTierId: string | null };
export interface FeedAccess {
  /** False → answer 404. */
  visible: boolean;
  canView: boolean;
  isOwner: boolean;
  isSubscribed: boolean;
  isBought: boolean;
}


/** Moderation (users/moderation.policy.ts): feeds withheld from `viewer` (hidden, or the creator suspended) are left out; owners and admins keep theirs. */
export function feedModerationSql(viewer: UserRow | null): SQL {
  return moderationSql({ ownerId: feeds.performerId, hiddenAt: feeds.hiddenAt }, viewer);
}
/** The same for a viewer id that may be a prepared statement's placeholder (the timeline), with the age rule's state as one too (`ageRestricted`). */
export function feedModerationForSql(viewerId: string | SQLWrapper, ageRestricted?: SQLWrapper): SQL {
  return notWithheldForSql({ ownerId: feeds.performerId, hiddenAt: feeds.hiddenAt }, viewerId, ageRestricted);
}

/** Not expired at `now` (README "Expiring posts"): a query-time rule like publish_at, no job. */
export function notExpiredSql(now: Date = new Date()): SQL {
  return or(isNull(feeds.expiresAt), gt(feeds.expiresAt, now))!;
}

/** Whether a feed has expired at `now` (the same rule on a row). */
export function isExpired(f: { expiresAt: Date | null }, now: Date = new Date()): boolean {
  return f.expiresAt !== null && f.expiresAt.getTime() <= now.getTime();
}

/**
 * The SQL half of the rule for list queries: which rows a viewer may even see listed (published,
 * and not expired — or their own / admin; not blocked; not withheld by moderation). Buyers of an
 * expired post open it from their purchases, never from a list. Which of those are locked is then `feedAccess`.
 */
export function listableSql(viewer: UserRow | null, now: Date = new Date()): SQL {
  if (viewer && isAdmin(viewer)) return sql`true`;
  const published = and(lte(feeds.publishAt, now), notExpiredSql(now))!;
  const visible = viewer ? or(published, eq(feeds.performerId, viewer.id))! : published;
  return and(visible, notBlockedWith(feeds.performerId, viewer?.id), feedModerationSql(viewer))!;
}

/** What the rule needs to know about a viewer and a list of feeds (from the database). */
export interface AccessFacts {
  /** Creators the viewer has a current subscription to. */
  subscribedTo: Set<string>;
  /** Feeds the viewer bought. */
  bought: Set<string>;
  /** Creators with a block either way with the viewer (blocks.policy.ts). */
  blocked: Set<string>;
  /** The viewer's subscription rank per creator and the posts' minimum tiers' ranks (tiers.policy.ts). */
  tiers: TierFacts;
}

/**
 * The fact queries, one row shape `{kind, id, action}` so a caller can batch them with its own
 * (e.g. the viewer's reactions) into ONE round trip with `unionAll`. Null when nothing is to ask.
 */
export function accessFactQueries(db: DbOrTx, viewer: UserRow | null, list: FeedForPolicy[], now: Date = new Date()) {
  if (!viewer) return [];
  const others = list.filter((f) => f.performerId !== viewer.id);
  if (others.length === 0) return [];
  const performerIds = [...new Set(others.map((f) => f.performerId))];
  const ppvIds = others.filter((f) => f.visibility === 'ppv').map((f) => f.id);
  const queries: SQLWrapper[] = [
    db
      .select({ kind: sql<string>`'sub'`.as('kind'), id: sql<string>`${subscriptions.performerId}`.as('id'), action: sql<string | null>`${subscriptionRankSql()}`.as('action') })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, viewer.id), inArray(subscriptions.performerId, performerIds), grantsAccessSql(now))),
  ];
  const tiers = tierRankFactQuery(db, others.map((f) => f.minTierId));
  if (tiers) queries.push(tiers);
  if (!isAdmin(viewer)) {
    queries.push(
      db
        .select({ kind: sql<string>`'blk'`.as('kind'), id: sql<string>`${blockedOtherSql(viewer.id)}`.as('id'), action: sql<string | null>`null::text`.as('action') })
        .from(userBlocks)
        .where(blocksBetweenSql(viewer.id, performerIds)),
    );
  }
  if (ppvIds.length) {
    queries.push(
      db
        .select({ kind: sql<string>`'buy'`.as('kind'), id: sql<string>`${purchases.itemId}`.as('id'), action: sql<string | null>`null::text`.as('action') })
        .from(purchases)
        .where(and(eq(purchases.userId, viewer.id), eq(purchases.itemType, 'feed'), inArray(purchases.itemId, ppvIds))),
    );
  }
  return queries;
}

/**
 * The same facts as `accessFactQueries`, as two boolean columns of a list query over feeds (so a
 * list can fetch its rows and their facts in ONE statement, e.g. the home timeline). `feed` names
 * the feed columns of that query; `viewerId` and `now` may be placeholders of a prepared statement.
 * Read the columns back with `factRowsFromColumns`, then `accessFactsFrom` + `decideAccess` as usual.
 */
export function accessFactColumns(
  viewerId: SQLWrapper | string,
  feed: { id: SQLWrapper; performerId: SQLWrapper; visibility: SQLWrapper; minTierId: SQLWrapper },
  now: Date | SQLWrapper,
) {
  return {
    factRank: sql<string | null>`(SELECT ${subscriptionRankSql()} FROM ${subscriptions} WHERE ${feed.performerId} <> ${viewerId} AND ${subscriptions.userId} = ${viewerId} AND ${subscriptions.performerId} = ${feed.performerId} AND ${grantsAccessSql(now)})`,
    factMinRank: sql<string | null>`${rankOf(feed.minTierId)}::text`,
    factSub: sql<boolean>`(${feed.performerId} <> ${viewerId} AND EXISTS (SELECT 1 FROM ${subscriptions} WHERE ${subscriptions.userId} = ${viewerId} AND ${subscriptions.performerId} = ${feed.performerId} AND ${grantsAccessSql(now)}))`,
    factBuy: sql<boolean>`(${feed.performerId} <> ${viewerId} AND ${feed.visibility} = 'ppv' AND EXISTS (SELECT 1 FROM ${purchases} WHERE ${purchases.userId} = ${viewerId} AND ${purchases.itemType} = 'feed' AND ${purchases.itemId} = ${feed.id}))`,
  };
}
/** `accessFactColumns` values of a list, as the fact rows `accessFactsFrom` reads. */
export function factRowsFromColumns(rows: Array<FeedForPolicy & { factSub: boolean; factBuy: boolean; factRank: string | null; factMinRank: string | null }>): FactRow[] {
  const out: FactRow[] = [];
  for (const r of rows) {
    if (r.factSub) out.push({ kind: 'sub', id: r.performerId, action: r.factRank });
    if (r.minTierId && r.factMinRank !== null) out.push({ kind: 'tier', id: r.minTierId, action: r.factMinRank });
    if (r.factBuy) out.push({ kind: 'buy', id: r.id, action: null });
  }
  return out;
}

/**
 * Reads fact rows (from `accessFactQueries`, possibly batched with others, or `factRowsFromColumns`)
 * into AccessFacts. No I/O: the block facts come as `blk` rows of the same round trip (a list query
 * that filtered blocks in SQL, like the timeline, simply has none).
 */
export function accessFactsFrom(rows: Array<{ kind: string; id: string; action?: string | null }>): AccessFacts {
  const facts: AccessFacts = { subscribedTo: new Set(), bought: new Set(), blocked: new Set(), tiers: tierFactsFrom(rows) };
  for (const r of rows) {
    if (r.kind === 'sub') facts.subscribedTo.add(r.id);
    else if (r.kind === 'buy') facts.bought.add(r.id);
    else if (r.kind === 'blk') facts.blocked.add(r.id);
  }
  return facts;
}

/** The rule itself, on known facts (no I/O). */
export function decideAccess(viewer: UserRow | null, list: FeedForPolicy[], facts: AccessFacts, now: Date = new Date()): Map<string, FeedAccess> {
  const out = new Map<string, FeedAccess>();
  const admin = isAdmin(viewer);
  const audited = isAuditedOperator(viewer);
  for (const f of list) {
    const isOwner = Boolean(viewer && f.performerId === viewer.id);
    const isSubscribed = facts.subscribedTo.has(f.performerId);
    const isBought = facts.bought.has(f.id);
    const published = f.publishAt.getTime() <= now.getTime();
    // An expired post stays visible to its buyers (their purchases page links to it): README "Expiring posts".
    const visible = isOwner || admin || (published && !facts.blocked.has(f.performerId) && (!isExpired(f, now) || isBought));
    const canView =
      visible &&
      (isOwner || audited || f.visibility === 'free' || (f.visibility === 'subscribers' && isSubscribed && reachesByFacts(facts.tiers, f.performerId, f.minTierId)) || (f.visibility === 'ppv' && isBought));
    out.set(f.id, { visible, canView, isOwner, isSubscribed, isBought });
  }
  return out;
}

export async function feedAccess(
  db: DbOrTx,
  viewer: UserRow | null,
  list: FeedForPolicy[],
  now: Date = new Date(),
): Promise<Map<string, FeedAccess>> {
  if (list.length === 0) return new Map();
  const rows = await runUnion(db, accessFactQueries(db, viewer, list, now));
  return decideAccess(viewer, list, accessFactsFrom(rows), now);
}

export type FactRow = { kind: string; id: string; action: string | null };
/** Runs fact queries of the `{kind, id, action}` shape as one UNION ALL (one round trip). */
export async function runUnion(db: DbOrTx, queries: SQLWrapper[]): Promise<FactRow[]> {
  if (queries.length === 0) return [];
  const res = await db.execute<FactRow>(sql.join(queries, sql` UNION ALL `));
  return res.rows.map((r) => ({ kind: String(r.kind), id: String(r.id), action: r.action === null ? null : String(r.action) }));
}

/** One feed's access (same rule, same queries). */
export async function feedAccessOne(db: DbOrTx, viewer: UserRow | null, feed: FeedForPolicy, now?: Date): Promise<FeedAccess> {
  return (await feedAccess(db, viewer, [feed], now)).get(feed.id)!;
}
