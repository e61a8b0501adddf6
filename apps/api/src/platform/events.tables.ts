import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idColumn } from '../db/columns';

/**
 * The outbox of domain events (platform/events.ts): a row is written in the SAME transaction as
 * the change it reports, so it exists exactly when the change does. `dispatched_at` is set once
 * the event's handler jobs are queued; the sweeper looks for rows still without it (partial index).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: idColumn(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }),
    /** Dispatch attempts (queueing its handler jobs), and the last handler failure seen. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('domain_events_undispatched_idx').on(t.occurredAt).where(sql`${t.dispatchedAt} IS NULL`)],
);
export type DomainEventRow = typeof domainEvents.$inferSelect;

/**
 * One row per (event, handler) that took effect: written in the handler's own transaction (or
 * right after a side effect such as an e-mail), so a redelivered job finds it and does nothing.
 */
export const domainEventHandled = pgTable(
  'domain_event_handled',
  {
    eventId: uuid('event_id').notNull().references(() => domainEvents.id, { onDelete: 'cascade' }),
    handler: text('handler').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'domain_event_handled_pk', columns: [t.eventId, t.handler] })],
);
