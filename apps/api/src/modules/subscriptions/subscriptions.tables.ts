import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * A fan's subscription to a creator — the minimal shape the feeds access rule reads; the money
 * issue extends it (prices, renewals, gateway ids). One row per (fan, creator): renewing or
 * re-subscribing updates it.
 *
 * Active for access: status `active`, or `cancelled` (paid until the end of the period), and
 * `expiresAt` in the future. `expired` never grants access.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'active' | 'cancelled' | 'expired'>().notNull().default('active'),
    type: text('type').$type<'monthly' | 'free'>().notNull().default('monthly'),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_performer_uq').on(t.userId, t.performerId),
    index('subscriptions_performer_idx').on(t.performerId, t.status, t.expiresAt),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;
