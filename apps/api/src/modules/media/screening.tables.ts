import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';
import { files } from './media.tables';

/**
 * Upload screening (README.md "Upload screening"). `screening_blocklist`: the operator's perceptual
 * hashes (64 bits as a signed bigint; the API shows 16 hex digits), one row per hash. Lookup is a
 * scan with bit_count over the whole (capped) list, so no index serves the match itself.
 */
export const screeningBlocklist = pgTable(
  'screening_blocklist',
  {
    id: idColumn(),
    hash: bigint('hash', { mode: 'bigint' }).notNull(),
    /** image | video-frame */
    kind: text('kind').notNull(),
    /** import | removed (a removed or confirmed upload's own hashes) */
    source: text('source').notNull(),
    label: text('label').notNull().default(''),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    /** The upload the hash was taken from (source removed). */
    fileId: uuid('file_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('screening_blocklist_hash_uq').on(t.hash),
    // The console's list: newest first.
    index('screening_blocklist_created_idx').on(t.createdAt, t.id),
  ],
);
export type BlocklistRow = typeof screeningBlocklist.$inferSelect;

/** An upload stopped by screening, its match, and the operator's decision. One row per file. */
export const screeningQuarantine = pgTable(
  'screening_quarantine',
  {
    id: idColumn(),
    fileId: uuid('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    entryId: uuid('entry_id').references(() => screeningBlocklist.id, { onDelete: 'set null' }),
    /** The entry's label when it matched (kept if the entry is deleted later). */
    entryLabel: text('entry_label').notNull().default(''),
    /** The upload's hash that matched (hex) and its distance in bits from the entry. */
    hash: text('hash'),
    distance: integer('distance'),
    /** The external classifier's answer ({verdict, score}), when it was asked. */
    scanner: jsonb('scanner').$type<{ verdict: string; score: number | null }>(),
    /** quarantined | released | confirmed */
    status: text('status').notNull().default('quarantined'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('screening_quarantine_file_uq').on(t.fileId),
    index('screening_quarantine_status_idx').on(t.status, t.createdAt, t.id),
  ],
);
export type QuarantineRow = typeof screeningQuarantine.$inferSelect;
