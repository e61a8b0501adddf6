import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FanChannel, SubscriptionStatus } from '@stagepass/shared';
import { subscriptionTiers } from '../subscriptions/tiers.tables';
import { users } from '../users/users.tables';

/**
 * A creator's fans (issue 31 §4; modules/fans README): one row per (creator, fan) kept by the fans
 * module's event handlers (exactly once), what the fan list reads — never the ledger. Money in minor
 * units: what the fan paid (gross + sales tax, reversals negative), in all and by channel. The
 * `*_key` columns are THE search keys (shared `fanSearchKey`: lower-cased), copied from the fan's
 * account each time a handler touches the row; `sort_name` is the name the list sorts by.
 * `custom_name` and `note` are the creator's own writes (PATCH /fans/:fanId), read only by them.
 */
export const creatorFans = pgTable(
  'creator_fans',
  {
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    fanId: uuid('fan_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    spentTotal: bigint('spent_total', { mode: 'number' }).notNull().default(0),
    spent: jsonb('spent').$type<Partial<Record<FanChannel, number>>>().notNull().default(sql`'{}'::jsonb`),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    firstSubscribedAt: timestamp('first_subscribed_at', { withTimezone: true, mode: 'date' }),
    followedAt: timestamp('followed_at', { withTimezone: true, mode: 'date' }),
    subscriptionStatus: text('subscription_status').$type<SubscriptionStatus>(),
    tierId: uuid('tier_id').references(() => subscriptionTiers.id, { onDelete: 'set null' }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true, mode: 'date' }).notNull(),
    usernameKey: text('username_key').notNull().default(''),
    nameKey: text('name_key').notNull().default(''),
    customName: text('custom_name'),
    customNameKey: text('custom_name_key').notNull().default(''),
    note: text('note'),
    sortName: text('sort_name')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(nullif(custom_name_key, ''), nullif(name_key, ''), username_key)`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'creator_fans_pk', columns: [t.performerId, t.fanId] }),
    // One index per sort (keyset: the sort value, then the fan id), and one per searched key (prefix LIKE).
    index('creator_fans_spent_idx').on(t.performerId, t.spentTotal, t.fanId),
    index('creator_fans_since_idx').on(t.performerId, t.firstSeenAt, t.fanId),
    index('creator_fans_activity_idx').on(t.performerId, t.lastActivityAt, t.fanId),
    index('creator_fans_name_idx').on(t.performerId, t.sortName, t.fanId),
    index('creator_fans_username_key_idx').on(t.performerId, t.usernameKey.op('text_pattern_ops')),
    index('creator_fans_name_key_idx').on(t.performerId, t.nameKey.op('text_pattern_ops')),
    index('creator_fans_custom_name_key_idx').on(t.performerId, t.customNameKey.op('text_pattern_ops')),
    index('creator_fans_fan_idx').on(t.fanId),
  ],
);
export type CreatorFanRow = typeof creatorFans.$inferSelect;
