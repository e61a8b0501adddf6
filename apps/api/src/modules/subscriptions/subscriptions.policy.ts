import { and, eq, gt, inArray, isNull, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { TierBadgeInfo } from '@stagepass/shared';
import type { DbOrTx } from '../../db/client';
import { subscriptions, type SubscriptionRow } from './subscriptions.tables';
import { subscriptionTiers } from './tiers.tables';

/**
 * THE rule "a subscription grants access" (one home, two forms of the same rule): status `active`,
 * or `cancelled` but still paid up, and `expiresAt` after now, and not suspended by an open dispute
 * of the payment that paid for it (`suspended_by_dispute`, set only when the operator's
 * disputeLocksContent is on: payments README "Disputes"). `past_due` and `expired` grant nothing. Used by feeds (who may see subscriber posts, the timeline), the Stripe webhooks and
 * the subscriptions service. This file imports only its table and drizzle (a leaf, like a
 * `*.tables.ts`), so lower layers may use it without importing the subscriptions service.
 */
export const GRANTING_STATUSES = ['active', 'cancelled'] as const satisfies ReadonlyArray<SubscriptionRow['status']>;

/** The SQL form, over the `subscriptions` table. `now` may be a placeholder (prepared statements). */
export const grantsAccessSql = (now: Date | SQLWrapper): SQL =>
  and(inArray(subscriptions.status, [...GRANTING_STATUSES]), gt(subscriptions.expiresAt, now), isNull(subscriptions.suspendedByDispute))!;

/** The JS form, for a row already loaded. */
export function grantsAccess(r: Pick<SubscriptionRow, 'status' | 'expiresAt' | 'suspendedByDispute'>, now: Date): boolean {
  return (GRANTING_STATUSES as readonly string[]).includes(r.status) && r.expiresAt.getTime() > now.getTime() && r.suspendedByDispute === null;
}

/** Within a paid period by status (a new period extends it rather than starting over): the JS form without the date. */
export const isRunning = (r: Pick<SubscriptionRow, 'status'>): boolean => (GRANTING_STATUSES as readonly string[]).includes(r.status);

/**
 * The tier badge of each of `userIds` whose subscription to `performerId` grants access now (THE
 * rule above), in one query — what a creator sees beside their fans' names (comments, issue 30 §1).
 */
export async function tierBadgesFor(db: DbOrTx, performerId: string, userIds: string[], now: Date): Promise<Map<string, TierBadgeInfo>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: subscriptions.userId, _id: subscriptionTiers.id, name: subscriptionTiers.name, colour: subscriptionTiers.colour, position: subscriptionTiers.position })
    .from(subscriptions)
    .innerJoin(subscriptionTiers, eq(subscriptionTiers.id, subscriptions.tierId))
    .where(and(eq(subscriptions.performerId, performerId), inArray(subscriptions.userId, [...new Set(userIds)]), grantsAccessSql(now)));
  return new Map(rows.map(({ userId, ...badge }) => [userId, badge]));
}
