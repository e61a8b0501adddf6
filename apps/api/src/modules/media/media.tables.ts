import { bigint, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

export type MediaType = 'image' | 'video' | 'audio';
export type FileStatus = 'uploaded' | 'processing' | 'ready' | 'failed';
export type HlsStatus = 'ready' | 'failed';
/** One HLS rendition: its folder name (`360p`…), size and peak/average bits per second. */
export interface HlsRendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  averageBandwidth: number;
  /** Segments `seg-00000.ts` … in the rendition's folder. */
  segments: number;
}
export interface HlsInfo {
  /** Storage folder of the package: `<dir>/master.m3u8`, `<dir>/<rendition>/index.m3u8` and segments. */
  dir?: string;
  renditions?: HlsRendition[];
  /** The AES-128 key, sealed (platform/encryption.ts, AAD `hls-key:<fileId>`), base64. Never served as it is. */
  key?: string;
  /** Seconds of packaging (figures). */
  seconds?: number;
  /** Why packaging failed (hlsStatus 'failed'). */
  error?: string;
  /** Packaging attempts (the backfill stops after HLS_MAX_ATTEMPTS). */
  attempts?: number;
  /**
   * Forensic A/B variants (README "Forensic A/B variants"): the pattern's version; every segment
   * `seg-NNNNN.ts` (A) has a twin `seg-NNNNNb.ts` (B). Absent: one variant (packaged before).
   */
  variants?: number;
  /** The creator's mark burned into the renditions: where (source pixels) and the stored picture (`{dir}/mark.png`). */
  burnIn?: { left: number; top: number; width: number; height: number };
}

/**
 * Every stored file. `visibility` public → served at a stable URL; private → only through an
 * access-checked route or a short-lived signed URL. `variants` maps a rendition name to its key.
 * Files of the media pipeline (`mediaType` set) go uploaded → processing → ready | failed; while
 * not ready `storageKey` is the original, once ready the main rendition (the original is deleted).
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
    status: text('status').$type<FileStatus>().notNull().default('ready'),
    error: text('error'),
    /** image | video | audio for files of the media pipeline; null for avatars, documents… */
    mediaType: text('media_type').$type<MediaType>(),
    /** Processing attempts started so far. */
    attempts: integer('attempts').notNull().default(0),
    width: integer('width'),
    height: integer('height'),
    /** Seconds (video, audio). */
    duration: doublePrecision('duration'),
    /** Key of the small blurred preview (always public: it shows nothing). */
    preview: text('preview'),
    variants: jsonb('variants').$type<Record<string, string>>().notNull().default({}),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    /** Private videos: 'ready' once packaged as encrypted HLS, 'failed' when packaging gave up; null otherwise (README "HLS"). */
    hlsStatus: text('hls_status').$type<HlsStatus>(),
    /** The HLS package: renditions, the sealed AES-128 key, or the packaging error. */
    hls: jsonb('hls').$type<HlsInfo>(),
    ...timestamps(),
  },
  (t) => [
    index('files_owner_kind_idx').on(t.ownerId, t.kind, t.createdAt),
    // A creator's vault: their media files, newest first.
    index('files_owner_media_idx').on(t.ownerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.mediaType} is not null`),
    // The recovery sweep looks for pipeline files that are not finished (a few rows, never the bulk).
    // The HLS backfill's queue and its progress counts (private, ready videos by packaging state).
    index('files_video_hls_idx').on(t.hlsStatus, t.id).where(sql`${t.mediaType} = 'video' and ${t.visibility} = 'private' and ${t.status} = 'ready'`),
    index('files_unfinished_idx').on(t.updatedAt).where(sql`${t.status} in ('uploaded', 'processing')`),
  ],
);
export type FileRow = typeof files.$inferSelect;
