import { boolean, index, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CounterStatus, HideableKind, TakedownStatus } from '@stagepass/shared';
import { idColumn } from '../../db/columns';
import { users } from '../users/users.tables';

/** One item a notice names: its kind and id (parsed from `url`) and its owner when the notice was filed. */
export interface TakedownItemRef { kind: HideableKind; id: string; url: string; ownerId: string | null }

/**
 * A takedown notice (issue 28 §3): the claimant's contact, the work, the items it names, the sworn
 * statements (both required, so always true here) and the typed signature; the operator's decision.
 */
export const takedownNotices = pgTable(
  'takedown_notices',
  {
    id: idColumn(),
    number: serial('number').notNull(),
    status: text('status').$type<TakedownStatus>().notNull().default('open'),
    filedBy: uuid('filed_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    address: text('address'),
    phone: text('phone'),
    work: text('work').notNull(),
    items: jsonb('items').$type<TakedownItemRef[]>().notNull(),
    sworn: boolean('sworn').notNull(),
    signature: text('signature').notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('takedown_notices_number_uq').on(t.number), index('takedown_notices_status_created_idx').on(t.status, t.createdAt)],
);
export type TakedownNoticeRow = typeof takedownNotices.$inferSelect;

/**
 * A strike: one per owner whose items a notice hid. `removedAt` is set when a counter-notice
 * restored them. Active strikes (removed_at null) count toward takedownStrikeLimit; the owner's
 * "my takedowns" list reads this table (one row per notice that hid their items).
 */
export const takedownStrikes = pgTable(
  'takedown_strikes',
  {
    id: idColumn(),
    noticeId: uuid('notice_id').notNull().references(() => takedownNotices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('takedown_strikes_notice_user_uq').on(t.noticeId, t.userId), index('takedown_strikes_user_created_idx').on(t.userId, t.createdAt)],
);
export type TakedownStrikeRow = typeof takedownStrikes.$inferSelect;

/** An owner's counter-notice on a notice: their items come back at `restore_at` unless upheld (the claimant answered). */
export const takedownCounters = pgTable(
  'takedown_counters',
  {
    id: idColumn(),
    noticeId: uuid('notice_id').notNull().references(() => takedownNotices.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    statement: text('statement').notNull(),
    signature: text('signature').notNull(),
    status: text('status').$type<CounterStatus>().notNull().default('pending'),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull(),
    restoreAt: timestamp('restore_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('takedown_counters_notice_owner_uq').on(t.noticeId, t.ownerId), index('takedown_counters_status_restore_idx').on(t.status, t.restoreAt)],
);
export type TakedownCounterRow = typeof takedownCounters.$inferSelect;
