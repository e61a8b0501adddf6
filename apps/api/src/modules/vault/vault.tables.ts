import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';
import { files } from '../media/media.tables';

/** A creator's vault folder. */
export const vaultFolders = pgTable(
  'vault_folders',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('vault_folders_performer_name_uq').on(t.performerId, sql`lower(${t.name})`)],
);
export type VaultFolderRow = typeof vaultFolders.$inferSelect;

/**
 * What the vault adds to a media file (the vault itself is the creator's rows in `files`): a
 * caption and a folder. A file without a row here is in the vault without either.
 */
export const vaultEntries = pgTable(
  'vault_entries',
  {
    fileId: uuid('file_id').primaryKey().references(() => files.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    caption: text('caption').notNull().default(''),
    folderId: uuid('folder_id').references(() => vaultFolders.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('vault_entries_folder_idx').on(t.folderId)],
);
