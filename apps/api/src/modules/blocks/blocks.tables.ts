import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * One row per block: `blockerId` blocked `targetId`. The effect is mutual (blocks.policy.ts reads
 * both directions); the row records who may lift it (only the blocker).
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    id: idColumn(),
    blockerId: uuid('blocker_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    targetId: uuid('target_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // The blocker's list (newest first) and the pair lookup blocker → target.
    uniqueIndex('user_blocks_pair_uq').on(t.blockerId, t.targetId),
    index('user_blocks_blocker_created_idx').on(t.blockerId, t.createdAt),
    // The other direction: who blocked this user.
    index('user_blocks_target_idx').on(t.targetId, t.blockerId),
  ],
);
export type UserBlockRow = typeof userBlocks.$inferSelect;

/** The countries (ISO 3166-1 alpha-2) a creator hides from. */
export const performerBlockedCountries = pgTable(
  'performer_blocked_countries',
  {
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
  },
  (t) => [primaryKey({ columns: [t.performerId, t.country] }), index('performer_blocked_countries_country_idx').on(t.country, t.performerId)],
);
