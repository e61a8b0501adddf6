import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CoPerformerKind, ReleaseFile, ReleaseStatus, TagStatus } from '@stagepass/shared';
import { idColumn } from '../../db/columns';
import { users } from '../users/users.tables';

/** Where one encrypted file of a release lives (platform storage, private) and what it was. */
export interface StoredReleaseFile { key: string; mime: string; size: number }
export type ReleaseFiles = Partial<Record<ReleaseFile, StoredReleaseFile>>;

/**
 * A co-performer's release (issue 28 §2, README): uploaded by a creator (`owner_id`), reviewed by an
 * operator. The legal name and date of birth are AES-256-GCM ciphertexts (releases.crypto.ts,
 * base64); the files are stored encrypted (`files`: storage keys). Kept when the owner's account is
 * deleted (a legal record): the owner reference has no cascade.
 */
export const coperformerReleases = pgTable(
  'coperformer_releases',
  {
    id: idColumn(),
    ownerId: uuid('owner_id').notNull().references(() => users.id),
    status: text('status').$type<ReleaseStatus>().notNull().default('pending'),
    stageName: text('stage_name'),
    legalNameEnc: text('legal_name_enc').notNull(),
    dateOfBirthEnc: text('date_of_birth_enc').notNull(),
    /** YYYY-MM-DD: the day the consent was signed. */
    signedAt: text('signed_at').notNull(),
    files: jsonb('files').$type<ReleaseFiles>().notNull(),
    rejectionReason: text('rejection_reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('coperformer_releases_owner_created_idx').on(t.ownerId, t.createdAt), index('coperformer_releases_status_created_idx').on(t.status, t.createdAt)],
);
export type ReleaseRow = typeof coperformerReleases.$inferSelect;

/**
 * A person named on an item (kind + item id, owned by `owner_id`): either a tagged creator
 * (`performer_id`, with `tag_status`) or a release on record (`release_id`; its status is the
 * release's). Exactly one of the two is set (the service writes them).
 */
export const contentCoperformers = pgTable(
  'content_coperformers',
  {
    id: idColumn(),
    kind: text('kind').$type<CoPerformerKind>().notNull(),
    itemId: uuid('item_id').notNull(),
    ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').references(() => users.id, { onDelete: 'cascade' }),
    releaseId: uuid('release_id').references(() => coperformerReleases.id),
    tagStatus: text('tag_status').$type<TagStatus>(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('content_coperformers_item_performer_uq').on(t.kind, t.itemId, t.performerId),
    uniqueIndex('content_coperformers_item_release_uq').on(t.kind, t.itemId, t.releaseId),
    index('content_coperformers_performer_status_idx').on(t.performerId, t.tagStatus, t.createdAt),
    index('content_coperformers_release_idx').on(t.releaseId),
  ],
);
export type CoPerformerRow = typeof contentCoperformers.$inferSelect;
