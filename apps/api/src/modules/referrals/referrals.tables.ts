import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * Creator referrals (issue 30 §5; modules/referrals README). A creator's referral code (made on
 * first use, one per creator) and one row per creator who signed up through one — one referrer per
 * referred creator (unique), never themselves (CHECK).
 */
export const referralCodes = pgTable(
  'referral_codes',
  {
    userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referral_codes_code_uq').on(t.code)],
);

export const referrals = pgTable(
  'referrals',
  {
    id: idColumn(),
    referrerId: uuid('referrer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    referredId: uuid('referred_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The referred creator's sign-up: the window's start. */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** startsAt + the operator's `referralMonths` at sign-up: sales from then on pay nothing. */
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referrals_referred_uq').on(t.referredId),
    index('referrals_referrer_idx').on(t.referrerId, t.startsAt),
    index('referrals_created_idx').on(t.createdAt),
    check('referrals_not_self', sql`${t.referrerId} <> ${t.referredId}`),
  ],
);
export type ReferralRow = typeof referrals.$inferSelect;
