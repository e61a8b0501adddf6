import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idColumn } from '../../db/columns';
import { auditLog } from '../../platform/audit.tables';
import { users } from '../users/users.tables';
import { streams } from './streaming.tables';

/**
 * An operator's audited watch of a live stream (issue 28 §6; README.md beside this file, "Operators
 * watching"): written by `POST /admin/streams/{id}/watch` in the transaction of its audit row
 * (`stream.watch`, with the reason). THE entitlement rule (streaming.policy.ts) reads it as one more
 * fact: the operator is entitled to that stream while it is live — a stream never goes live again,
 * so the row is spent when the stream ends. One row per audited watch (a second watch is a second
 * read, with its own reason and audit row).
 */
export const operatorStreamWatches = pgTable(
  'operator_stream_watches',
  {
    id: idColumn(),
    operatorId: uuid('operator_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    streamId: uuid('stream_id').notNull().references(() => streams.id, { onDelete: 'cascade' }),
    /** What the operator typed (`x-access-reason`), as in the audit row. */
    reason: text('reason').notNull(),
    /** The audit row of the read (append-only, never deleted). */
    auditId: uuid('audit_id').notNull().references(() => auditLog.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // The policy's lookup: (operator, streams of a page).
  (t) => [index('operator_stream_watches_lookup_idx').on(t.operatorId, t.streamId)],
);
export type OperatorStreamWatchRow = typeof operatorStreamWatches.$inferSelect;
