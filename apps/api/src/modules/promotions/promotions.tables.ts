import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PromotionAudience, PromotionKind } from '@stagepass/shared';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';
import { subscriptionTiers } from '../subscriptions/tiers.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';

/**
 * Promotions and free-trial links (issue 30 §3; modules/promotions README). One row per campaign:
 * a discount (`percentage` off for the first `months` paid periods), a free trial (`days`), or a
 * free-trial link (`days`, reached only through its `code`). `claimed` counts the claims and never
 * passes `max_claims` (CHECK; taken by a conditional UPDATE in the subscribe transaction).
 */
export const promotions = pgTable(
  'promotions',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PromotionKind>().notNull(),
    percentage: integer('percentage'),
    months: integer('months'),
    days: integer('days'),
    audience: text('audience').$type<PromotionAudience>().notNull().default('new'),
    /** Only subscriptions to this tier; null = every tier. */
    tierId: uuid('tier_id').references(() => subscriptionTiers.id, { onDelete: 'set null' }),
    maxClaims: integer('max_claims').notNull(),
    claimed: integer('claimed').notNull().default(0),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Ended early by the creator. */
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    /** A free-trial link's code (`/trial/<code>`), only for kind `trial_link`. */
    code: text('code'),
    ...timestamps(),
  },
  (t) => [
    index('promotions_performer_idx').on(t.performerId, t.createdAt),
    index('promotions_running_idx').on(t.performerId, t.endsAt).where(sql`${t.endedAt} is null`),
    uniqueIndex('promotions_code_uq').on(t.code),
    check('promotions_kind_ck', sql`${t.kind} in ('discount', 'trial', 'trial_link')`),
    check('promotions_audience_ck', sql`${t.audience} in ('new', 'expired', 'both')`),
    check('promotions_shape_ck', sql`(${t.kind} = 'discount' and ${t.percentage} between 1 and 99 and ${t.months} between 1 and 12 and ${t.days} is null) or (${t.kind} <> 'discount' and ${t.days} between 1 and 90 and ${t.percentage} is null and ${t.months} is null)`),
    check('promotions_code_ck', sql`(${t.kind} = 'trial_link') = (${t.code} is not null)`),
    check('promotions_claims_ck', sql`${t.claimed} >= 0 and ${t.claimed} <= ${t.maxClaims}`),
  ],
);
export type PromotionRow = typeof promotions.$inferSelect;

/**
 * One claim per (promotion, fan): the subscription it started, the payment (or trial) it was taken
 * for (`source`, unique: given back when that payment fails), the discounted periods still to come
 * and what the subscription has paid since (the campaign's figures).
 */
export const promotionClaims = pgTable(
  'promotion_claims',
  {
    id: idColumn(),
    promotionId: uuid('promotion_id').notNull().references(() => promotions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').notNull().references(() => subscriptions.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    periodsLeft: integer('periods_left').notNull().default(0),
    paidPeriods: integer('paid_periods').notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    /** The claim of the subscription's current run; a later subscribe (after it expired) ends it (its periods and figures). */
    current: boolean('current').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotion_claims_promotion_user_uq').on(t.promotionId, t.userId),
    index('promotion_claims_subscription_idx').on(t.subscriptionId, t.createdAt),
    uniqueIndex('promotion_claims_source_uq').on(t.source),
  ],
);
export type PromotionClaimRow = typeof promotionClaims.$inferSelect;
