import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * Every stored file. `visibility` public → served at a stable URL; private → only through an
 * access-checked route or a short-lived signed URL. `variants` maps a rendition name to its key.
 */
export const files = pgTable(
  'files',
  {
    id: idColumn(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    visibility: text('visibility').$type<'public' | 'private'>().notNull(),
    originalName: text('original_name').notNull().default(''),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    status: text('status').$type<'uploaded' | 'processing' | 'ready' | 'failed'>().notNull().default('ready'),
    error: text('error'),
    variants: jsonb('variants').$type<Record<string, string>>().notNull().default({}),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [index('files_owner_kind_idx').on(t.ownerId, t.kind, t.createdAt)],
);
export type FileRow = typeof files.$inferSelect;
