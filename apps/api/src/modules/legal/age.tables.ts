import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AgeProvider } from '@stagepass/shared';
import { idColumn } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * Age verification requests (issue 28 §1, README "Age assurance"): one row per attempt of a fan, by
 * provider. `manual`: the ID photo and the selfie (private media files, by id) an operator reviews;
 * they are deleted at `delete_files_at` (the decision, or N days after it: ageDocumentRetentionDays)
 * and `files_deleted_at` says so. `webhook`: `session_ref` is the provider's session, decided by its
 * signed call back. The account's current status is also carried on users.age_status (the session
 * lookup brings it to the per-request check without another query).
 */
export const ageVerifications = pgTable(
  'age_verifications',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<AgeProvider>().notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull(),
    sessionRef: text('session_ref'),
    idPhotoFileId: uuid('id_photo_file_id'),
    selfieFileId: uuid('selfie_file_id'),
    reason: text('reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    deleteFilesAt: timestamp('delete_files_at', { withTimezone: true }),
    filesDeletedAt: timestamp('files_deleted_at', { withTimezone: true }),
  },
  (t) => [
    // The console's queue (status filter, oldest first) and a fan's latest request.
    index('age_verifications_status_submitted_idx').on(t.status, t.submittedAt),
    index('age_verifications_user_submitted_idx').on(t.userId, t.submittedAt),
    // The provider's call back finds its session.
    uniqueIndex('age_verifications_provider_session_uq').on(t.provider, t.sessionRef),
    // The retention sweep: pictures due for deletion.
    index('age_verifications_delete_files_idx').on(t.deleteFilesAt),
  ],
);
export type AgeVerificationRow = typeof ageVerifications.$inferSelect;
