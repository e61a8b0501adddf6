import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';
import { subscriptionTiers } from './tiers.tables';

/**
 * A tier's bundle (issue 30 §2; README "Bundles"): `months` (3, 6 or 12) paid at once at
 * `discount_percent` off months × the tier's monthly price, offered while `enabled`. One row per
 * (tier, months). The percentage is checked against the operator's `bundleMaxDiscountPercent` when
 * set; a later lower limit caps it when sold. A subscription keeps the terms it was bought with
 * (subscriptions.bundle_*), so editing a bundle changes only new sales.
 */
export const subscriptionBundles = pgTable(
  'subscription_bundles',
  {
    id: idColumn(),
    tierId: uuid('tier_id').notNull().references(() => subscriptionTiers.id, { onDelete: 'cascade' }),
    /** The tier's creator (a creator's bundles in one query). */
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    months: integer('months').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('subscription_bundles_tier_months_uq').on(t.tierId, t.months),
    index('subscription_bundles_performer_idx').on(t.performerId),
    check('subscription_bundles_months_ck', sql`${t.months} in (3, 6, 12)`),
    check('subscription_bundles_discount_ck', sql`${t.discountPercent} between 1 and 100`),
  ],
);
export type SubscriptionBundleRow = typeof subscriptionBundles.$inferSelect;
