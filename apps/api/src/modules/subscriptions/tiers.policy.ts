import { inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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
export const subscriptionRankSql = (): SQL<string> =>
  sql<string>`coalesce((select ${subscriptionTiers.position} from ${subscriptionTiers} where ${subscriptionTiers.id} = ${subscriptions.tierId}), ${LOWEST_TIER_RANK})::text`;

/** The ranks of some items' minimum tiers, as `{kind: 'tier', id, action: rank}` fact rows (null when there is nothing to ask). */
export function tierRankFactQuery(db: DbOrTx, tierIds: Array<string | null | undefined>): SQLWrapper | null {
  const ids = [...new Set(tierIds.filter((t): t is string => Boolean(t)))];
  if (!ids.length) return null;
  return db
    .select({ kind: sql<string>`'tier'::text`.as('kind'), id: sql<string>`${subscriptionTiers.id}::text`.as('id'), action: sql<string | null>`${subscriptionTiers.position}::text`.as('action') })
    .from(subscriptionTiers)
    .where(inArray(subscriptionTiers.id, ids));
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
  return sql`(${minTierId} is null or coalesce((select ${subscriptionTiers.position} from ${subscriptionTiers} where ${subscriptionTiers.id} = ${subscriptions.tierId}), ${LOWEST_TIER_RANK}) >= coalesce((select t2.position from ${subscriptionTiers} t2 where t2.id = ${minTierId}), 2147483647))`;
}
