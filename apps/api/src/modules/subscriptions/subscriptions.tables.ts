import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { GatewayName, SubscriptionStatus, SubscriptionType } from '@stagepass/shared';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';
import { subscriptionTiers } from './tiers.tables';


/**
 * A fan's subscription to a creator. One row per (fan, creator): renewing or re-subscribing
 * updates it. Lifecycle (see README): active ⇄ past_due → expired; active → cancelled → expired.
 *
 * Grants access (subscriptions.policy.ts, `grantsAccess`/`grantsAccessSql`): status `active` or `cancelled` (paid until
 * the end of the period) and `expiresAt` in the future. `past_due` and `expired` never do.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
    /** How it started: `free` is a trial that then renews monthly unless cancelled. */
    type: text('type').$type<SubscriptionType>().notNull().default('monthly'),
    /** Monthly price charged at each renewal (minor units), fixed when subscribing. */
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    /** The tier it is for (README "Tiers"); its rank decides which tier-locked content it opens. */
    tierId: uuid('tier_id').references(() => subscriptionTiers.id, { onDelete: 'set null' }),
    /** A downgrade chosen by the fan, applied at the next renewal (tier and its price). */
    pendingTierId: uuid('pending_tier_id').references(() => subscriptionTiers.id, { onDelete: 'set null' }),
    /**
     * A bundle (README "Bundles"): the current period was bought as `bundle_months` months at
     * `bundle_price` (minor units, before tax; `bundle_discount_percent` off). Null: a monthly period.
     * `renew_bundle`: the fan's choice — the renewal charges the bundle again (true) or `price`
     * monthly (false; the bundle columns are cleared by that renewal).
     */
    bundleMonths: integer('bundle_months'),
    bundleDiscountPercent: integer('bundle_discount_percent'),
    bundlePrice: bigint('bundle_price', { mode: 'number' }),
    renewBundle: boolean('renew_bundle').notNull().default(false),
    gateway: text('gateway').$type<GatewayName>(),
    /** Stripe Subscription id. */
    gatewayRef: text('gateway_ref'),
    cardId: uuid('card_id'),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** End of the paid (or trial) period. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /** Failed renewal attempts in the current grace period, and when to try next. */
    /**
     * Set while a dispute of the card payment that paid for it is open and the operator locks content
     * (disputeLocksContent): no access meanwhile (subscriptions.policy.ts). The dispute's id.
     */
    suspendedByDispute: uuid('suspended_by_dispute'),
    renewalAttempts: integer('renewal_attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_performer_uq').on(t.userId, t.performerId),
    index('subscriptions_performer_idx').on(t.performerId, t.status, t.expiresAt),
    // A creator's subscribers a batch at a time, by user id (new-post fan-out).
    index('subscriptions_performer_user_idx').on(t.performerId, t.userId),
    index('subscriptions_user_idx').on(t.userId, t.updatedAt),
    index('subscriptions_due_idx').on(t.status, t.expiresAt),
    // The operator's list of every subscription (GET /admin/subscriptions), newest first, ties by id.
    index('subscriptions_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('subscriptions_gateway_ref_uq').on(t.gateway, t.gatewayRef),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;
