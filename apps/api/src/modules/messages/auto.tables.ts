import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AutoMessageKind } from '@stagepass/shared';
import { timestamps } from '../../db/columns';
import { users } from '../users/users.tables';
import { messages } from './messages.tables';

/**
 * A creator's automatic message of one kind (welcome, "we miss you"): what the next copy will be.
 * Editing it changes later copies only (each copy is its own `messages` row).
 */
export const autoMessages = pgTable(
  'auto_messages',
  {
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AutoMessageKind>().notNull(),
    enabled: boolean('enabled').notNull().default(false),
    text: text('text').notNull().default(''),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Minor units; null: free. */
    price: integer('price'),
    /** Welcome: new followers get it too. */
    toFollowers: boolean('to_followers').notNull().default(false),
    /** "We miss you": days after the expiry. */
    afterDays: integer('after_days').notNull().default(7),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.performerId, t.kind] })],
);
export type AutoMessageRow = typeof autoMessages.$inferSelect;

/**
 * THE once-per-fan record: one row per (creator, fan, kind), ever. `pending` until its time
 * (`due_at`: now for a welcome, expiry + N days for "we miss you"), then `sent` with the copy's
 * message id. The primary key makes a second subscribe, follow or expiry find the row and send
 * nothing; a pending "we miss you" is removed when the fan subscribes again before its time.
 */
export const autoMessageSends = pgTable(
  'auto_message_sends',
  {
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    fanId: uuid('fan_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AutoMessageKind>().notNull(),
    status: text('status').$type<'pending' | 'sent'>().notNull().default('pending'),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.performerId, t.fanId, t.kind] }),
    // The sweep: pending sends whose time came.
    index('auto_message_sends_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
    // The figures: a creator's sent copies of one kind.
    index('auto_message_sends_figures_idx').on(t.performerId, t.kind).where(sql`${t.status} = 'sent'`),
  ],
);
export type AutoMessageSendRow = typeof autoMessageSends.$inferSelect;
