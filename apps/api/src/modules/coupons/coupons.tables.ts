import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * A discount code made by the operator: a percentage off, optionally for one creator only, until
 * an expiry, up to a number of uses in total (and once per fan).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull().default(''),
    /** 1–100. */
    percentage: integer('percentage').notNull(),
    /** Null: site-wide. */
    performerId: uuid('performer_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** Null: unlimited. */
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('coupons_code_uq').on(sql`lower(${t.code})`), index('coupons_updated_idx').on(t.updatedAt)],
);
export type CouponRow = typeof coupons.$inferSelect;

/** One use of a coupon by a fan (once per fan), with the record it discounted. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: idColumn(),
    couponId: uuid('coupon_id').notNull().references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** `wallet_charge:<id>` or `payment:<id>`. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_redemptions_user_uq').on(t.couponId, t.userId)],
);
