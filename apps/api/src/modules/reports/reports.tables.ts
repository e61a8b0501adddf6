import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * A user's report of something (a feed, a creator, a comment, …) for the operator. At most one
 * open report per user and target (partial unique index); once the operator resolves or dismisses
 * it, the same user may report the target again.
 */
export const reports = pgTable(
  'reports',
  {
    id: idColumn(),
    reporterId: uuid('reporter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    target: text('target').notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull(),
    description: text('description').notNull().default(''),
    /** open | actioned (an operator acted on the target) | dismissed. */
    status: text('status').notNull().default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    /** The operator who closed it, and what they did (dismiss, hide, delete, warn, suspend). */
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    action: text('action'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('reports_open_uq').on(t.reporterId, t.target, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.target, t.targetId),
  ],
);
export type ReportRow = typeof reports.$inferSelect;
