import { and, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { subscriptions } from './subscriptions.tables';
import { subscriptionTiers } from './tiers.tables';

/**
 * THE tier rule (issue 30 §1, README "Tiers"): "does this viewer's tier reach this item's tier?"
 * Asked by the access rule of every content kind with a minimum tier (posts, videos, galleries,
 * streams; a mass message's audience) AFTER their own "is subscribed" — a tier never opens content
 * by itself. Ranks are the tiers' `position` (1 = lowest). An item without a minimum tier is
 * reached by any subscription; a subscription without a tier (none since migration 0052) counts
 * as the lowest rank. A leaf rule like subscriptions.policy.ts: imports only tables and drizzle.
 */
export const LOWEST_TIER_RANK = 1;

export function tierReaches(viewer: { tierRank: number | null | undefined }, item: { minTierRank: number | null | undefined }): boolean {
  if (item.minTierRank === null || item.minTierRank === undefined) return true;
  return (viewer.tierRank ?? LOWEST_TIER_RANK) >= item.minTierRank;
}

/** The rank of the `subscriptions` row in scope, as text: the `action` of a kind's `sub` fact row. */
export const subscriptionRankSql = (): SQL<string> => sql<string>`coalesce(${rankOf(subscriptions.tierId)}, ${LOWEST_TIER_RANK})::text`;

/**
 * A tier's rank: its position, or — archived — the position of the live tier that took its place
 * (`moved_to_id`), so content that required an archived tier asks its successor's rank.
 */
export const rankOf = (tierId: SQLWrapper): SQL<number | null> =>
  sql<number | null>`(select coalesce(rank_m.position, rank_t.position) from ${subscriptionTiers} rank_t left join ${subscriptionTiers} rank_m on rank_m.id = rank_t.moved_to_id where rank_t.id = ${tierId})`;

/**
 * The ranks of some items' minimum tiers, as `{kind: 'tier', id, action: rank}` fact rows (null when
 * there is nothing to ask). `id` is a uuid like the other fact rows of a kind's union, or text (`idAsText`).
 */
export function tierRankFactQuery(db: DbOrTx, tierIds: Array<string | null | undefined>, o: { idAsText?: boolean } = {}): SQLWrapper | null {
  const ids = [...new Set(tierIds.filter((t): t is string => Boolean(t)))];
  if (!ids.length) return null;
  return db
    .select({ kind: sql<string>`'tier'`.as('kind'), id: (o.idAsText ? sql<string>`${subscriptionTiers.id}::text` : sql<string>`${subscriptionTiers.id}`).as('id'), action: sql<string | null>`${rankOf(subscriptionTiers.id)}::text`.as('action') })
    .from(subscriptionTiers)
    .where(inArray(subscriptionTiers.id, ids));
}

/** Content modules' check of a minimum tier on create/update: one of the creator's live tiers. */
export async function isLiveTierOf(db: DbOrTx, performerId: string, tierId: string): Promise<boolean> {
  const [row] = await db.select({ id: subscriptionTiers.id }).from(subscriptionTiers).where(and(eq(subscriptionTiers.id, tierId), eq(subscriptionTiers.performerId, performerId), isNull(subscriptionTiers.archivedAt)));
  return Boolean(row);
}

/** Ranks read back from fact rows: the viewer's subscription per creator (`sub`, action = rank) and each minimum tier (`tier`). */
export interface TierFacts {
  subRank: Map<string, number>;
  tierRank: Map<string, number>;
}
export function tierFactsFrom(rows: Array<{ kind: string; id: string; action?: string | null }>): TierFacts {
  const f: TierFacts = { subRank: new Map(), tierRank: new Map() };
  for (const r of rows) {
    if (r.kind === 'sub' && r.action != null) f.subRank.set(r.id, Number(r.action));
    else if (r.kind === 'tier' && r.action != null) f.tierRank.set(r.id, Number(r.action));
  }
  return f;
}

/** `tierReaches` on fact rows for one item of creator `performerId` with minimum tier `minTierId`. */
export function reachesByFacts(f: TierFacts, performerId: string, minTierId: string | null | undefined): boolean {
  if (!minTierId) return true;
  // A minimum tier that is gone (never: tiers are archived) or unknown locks it for everyone but the owner.
  return tierReaches({ tierRank: f.subRank.get(performerId) }, { minTierRank: f.tierRank.get(minTierId) ?? Number.MAX_SAFE_INTEGER });
}

/** The SQL form over the `subscriptions` row in scope: it reaches the minimum tier `minTierId` (a column or a value; null reaches). */
export function tierReachesSql(minTierId: SQLWrapper | string | null): SQL {
  if (minTierId === null) return sql`true`;
  if (typeof minTierId === 'string') minTierId = sql`${minTierId}::uuid`;
  return sql`(${minTierId} is null or coalesce(${rankOf(subscriptions.tierId)}, ${LOWEST_TIER_RANK}) >= coalesce(${rankOf(minTierId)}, 2147483647))`;
}
