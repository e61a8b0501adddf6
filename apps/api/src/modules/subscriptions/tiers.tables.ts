import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * A creator's subscription tier (issue 30 §1; README "Tiers"): at most 5 unarchived per creator.
 * `position` is the tier's RANK (1 = lowest): a subscription to a tier reaches content whose
 * minimum tier has a rank at most its own (tiers.policy.ts, `tierReaches`). Exactly one
 * unarchived tier per creator is the default (new subscribers without a tier choice; migration 0052
 * made it from the creator's monthly price and moved every existing subscription to it).
 * Tiers are archived, never deleted (subscriptions and content keep pointing at them); an archived
 * tier names the live tier that took its place (`moved_to_id`), whose rank then stands for it.
 */
export const subscriptionTiers = pgTable(
  'subscription_tiers',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Monthly price, minor units. */
    price: bigint('price', { mode: 'number' }).notNull(),
    description: text('description').notNull().default(''),
    /** Badge colour, `#rrggbb`. */
    colour: text('colour').notNull().default('#8c8c8c'),
    /** Rank among the creator's tiers, 1 = lowest. */
    position: integer('position').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    /** Set when archived: the live tier its subscribers moved to, whose rank content requiring this one now asks (tiers.policy.ts). */
    movedToId: uuid('moved_to_id').references((): AnyPgColumn => subscriptionTiers.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('subscription_tiers_performer_idx').on(t.performerId, t.position),
    // One default among a creator's live tiers.
    uniqueIndex('subscription_tiers_default_uq').on(t.performerId).where(sql`${t.isDefault} and ${t.archivedAt} is null`),
  ],
);
export type SubscriptionTierRow = typeof subscriptionTiers.$inferSelect;
