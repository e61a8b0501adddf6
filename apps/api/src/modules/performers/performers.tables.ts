import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { VERIFICATION_STATUSES } from '@stagepass/shared';
import { sql } from 'drizzle-orm';
import { timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

/** Creator-only profile fields, one row per performer user. */
export const performerProfiles = pgTable('performer_profiles', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  bio: text('bio'),
  orientation: text('orientation'),
  dateOfBirth: text('date_of_birth'),
  city: text('city'),
  state: text('state'),
  address: text('address'),
  zipcode: text('zipcode'),
  languages: jsonb('languages').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  welcomeVideoKey: text('welcome_video_key'),
  /**
   * Verification (KYC, README "Verification"): pending from registration (and again after a
   * re-upload following a rejection), approved or rejected by an operator (`reviewedBy`), with
   * the reason shown to the creator in `verificationNote`. `verificationSubmittedAt` orders the queue.
   */
  verificationStatus: text('verification_status', { enum: VERIFICATION_STATUSES }).notNull().default('pending'),
  verificationNote: text('verification_note'),
  verificationSubmittedAt: timestamp('verification_submitted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
  reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps(),
}, (t) => [index('performer_profiles_verification_idx').on(t.verificationStatus, t.verificationSubmittedAt)]);
export type PerformerProfileRow = typeof performerProfiles.$inferSelect;

/**
 * A creator's selling terms: monthly subscription price (minor units, within the site's limits),
 * whether they offer a free trial and for how many days (null: the site's freeSubscriptionDuration),
 * and the commission override set by the operator (basis points; null: the site default, 0: none).
 */
export const performerPricing = pgTable('performer_pricing', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  monthlyPrice: bigint('monthly_price', { mode: 'number' }).notNull().default(995),
  freeSubscriptionEnabled: boolean('free_subscription_enabled').notNull().default(false),
  freeSubscriptionDays: integer('free_subscription_days'),
  commissionBps: integer('commission_bps'),
  ...timestamps(),
});
export type PerformerPricingRow = typeof performerPricing.$inferSelect;
