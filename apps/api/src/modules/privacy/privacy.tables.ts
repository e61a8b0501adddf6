import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PrivacyExportStatus } from '@stagepass/shared';
import { idColumn } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * One row per personal data export (issue 28 §5): asked for by the user or by an operator on their
 * behalf (`requested_by`), prepared by the `privacy.export` job into private storage (`file_key`),
 * downloadable by its owner until `expires_at`, then its file is deleted by the sweep (status expired).
 * At most one pending export per user (the partial unique index).
 */
export const privacyExports = pgTable(
  'privacy_exports',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<PrivacyExportStatus>().notNull().default('pending'),
    fileKey: text('file_key'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('privacy_exports_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('privacy_exports_one_pending_uq').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('privacy_exports_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'ready'`),
  ],
);
export type PrivacyExportRow = typeof privacyExports.$inferSelect;
