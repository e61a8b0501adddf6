import { bigint, boolean, index, integer, pgTable, real, text, timestamp, uuid, primaryKey } from 'drizzle-orm/pg-core';
import type { ProtectedMediaKind, TraceStatus, WatermarkPosition } from '@stagepass/shared';
import { idColumn } from '../../db/columns';
import { users } from '../users/users.tables';
import { files } from '../media/media.tables';

/**
 * Content protection (issue 32, modules/protection README). Images and videos (A/B segment
 * variants) share the viewer code; tables that hold either say which in `media_kind`.
 */

/** Each viewer's code: a random unsigned 32-bit number, unique, made the first time a mark is served to them. */
export const viewerCodes = pgTable('protection_viewer_codes', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  code: bigint('code', { mode: 'number' }).notNull().unique('protection_viewer_codes_code_uq'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A creator's own watermark settings; no row → the operator's defaults (site settings). */
export const protectionSettings = pgTable('protection_settings', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  visible: boolean('visible').notNull(),
  position: text('position').$type<WatermarkPosition>().notNull(),
  opacity: integer('opacity').notNull(),
  forensic: boolean('forensic').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One item's forensic-mark choice (images: the file); no row → the creator's setting. */
export const protectionFiles = pgTable('protection_files', {
  fileId: uuid('file_id').primaryKey().references(() => files.id, { onDelete: 'cascade' }),
  ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  mediaKind: text('media_kind').$type<ProtectedMediaKind>().notNull().default('image'),
  forensic: boolean('forensic').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The tracer's index: the perceptual hash (media/screening.hash.ts) of every private image served
 * marked, one row per file. Filled when a file is first served marked and by the backfill job.
 * Videos will add rows of kind `video` (one per key frame: `frame` > 0).
 */
export const protectionHashes = pgTable(
  'protection_hashes',
  {
    fileId: uuid('file_id').notNull().references(() => files.id, { onDelete: 'cascade' }),
    frame: integer('frame').notNull().default(0),
    mediaKind: text('media_kind').$type<ProtectedMediaKind>().notNull().default('image'),
    ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    hash: bigint('hash', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'protection_hashes_pk', columns: [t.fileId, t.frame] }), index('protection_hashes_owner_idx').on(t.ownerId)],
);

/** One tracer run and its result (audited too). */
export const protectionTraces = pgTable(
  'protection_traces',
  {
    id: idColumn(),
    actorId: uuid('actor_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** admin | creator: what the actor could search (operators: every item; creators: their own). */
    scope: text('scope').$type<'admin' | 'creator'>().notNull(),
    mediaKind: text('media_kind').$type<ProtectedMediaKind>().notNull().default('image'),
    status: text('status').$type<TraceStatus>().notNull(),
    source: text('source').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    rendition: text('rendition'),
    distance: integer('distance'),
    viewerId: uuid('viewer_id').references(() => users.id, { onDelete: 'set null' }),
    code: bigint('code', { mode: 'number' }),
    confidence: real('confidence'),
    /** Videos: A/B segments read from the clip, distinct payload bits among them, where the clip starts (s). */
    segments: integer('segments'),
    bitsRead: integer('bits_read'),
    offsetSeconds: real('offset_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('protection_traces_actor_created_idx').on(t.actorId, t.createdAt), index('protection_traces_created_idx').on(t.createdAt)],
);
export type TraceRow = typeof protectionTraces.$inferSelect;

/**
 * The marked-image cache (`marks/…` keys in storage): when each entry was last served, so the
 * sweep can remove entries nobody fetched for MARK_CACHE_DAYS (deleted files, old settings, fans
 * gone). No foreign key: an entry outlives its file until the sweep removes it.
 */
export const markCache = pgTable(
  'protection_mark_cache',
  {
    key: text('key').primaryKey(),
    fileId: uuid('file_id').notNull(),
    servedAt: timestamp('served_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('protection_mark_cache_served_idx').on(t.servedAt)],
);
