import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema } from './api';

/**
 * Upload screening (issue 28 §4; apps/api/src/modules/media/README.md "Upload screening"): the
 * operator's blocklist of perceptual hashes and the uploads quarantined because they matched.
 */

/** At most this many characters per import (one request; about 35,000 lines). */
export const BLOCKLIST_IMPORT_MAX_CHARS = 1_000_000;
export const BLOCKLIST_LABEL_MAX = 200;

export const BLOCKLIST_KINDS = ['image', 'video-frame'] as const;
export const BLOCKLIST_SOURCES = ['import', 'removed'] as const;
export const QUARANTINE_STATUSES = ['quarantined', 'released', 'confirmed'] as const;

export const blocklistEntrySchema = z.object({
  _id: z.string(),
  /** 64-bit perceptual hash, 16 lower-case hex digits. */
  hash: z.string(),
  kind: z.enum(BLOCKLIST_KINDS),
  source: z.enum(BLOCKLIST_SOURCES),
  label: z.string(),
  addedBy: z.string().nullable(),
  fileId: z.string().nullable(),
  createdAt: z.string(),
});
export type BlocklistEntry = z.infer<typeof blocklistEntrySchema>;

export const blocklistQuerySchema = listQuerySchema.pick({ offset: true, limit: true, q: true });
export type BlocklistQuery = z.infer<typeof blocklistQuerySchema>;

/**
 * POST /admin/screening/blocklist/import: the text of a file, one entry per line:
 * `<16 hex digits>[,<label>]` (a label with commas may be quoted "…"); empty lines and lines
 * starting with # are skipped. `kind` applies to every line.
 */
export const importBlocklistSchema = z.object({
  text: z.string().min(1, 'The file is empty').max(BLOCKLIST_IMPORT_MAX_CHARS, `At most ${BLOCKLIST_IMPORT_MAX_CHARS} characters per import`),
  kind: z.enum(BLOCKLIST_KINDS).default('image'),
});
export type ImportBlocklistInput = z.infer<typeof importBlocklistSchema>;
export const importBlocklistResultSchema = z.object({ added: z.number().int(), duplicates: z.number().int() });

/** POST /admin/screening/blocklist/files: a removed item's media (its hashes) onto the blocklist in one click. */
export const blockFilesSchema = z.object({
  fileIds: z.array(idSchema).min(1, 'Pick at least one file').max(50),
  label: z.string().trim().max(BLOCKLIST_LABEL_MAX).default(''),
});
export type BlockFilesInput = z.infer<typeof blockFilesSchema>;

/** POST /admin/screening/blocklist/content/{kind}/{id}: a removed item's media, by the item. */
export const blockContentSchema = z.object({ label: z.string().trim().max(BLOCKLIST_LABEL_MAX).default('') });

export const quarantineQuerySchema = listQuerySchema.pick({ offset: true, limit: true }).extend({
  status: z.enum(QUARANTINE_STATUSES).default('quarantined'),
});
export type QuarantineQuery = z.infer<typeof quarantineQuerySchema>;

export const quarantinedUploadSchema = z.object({
  _id: z.string(),
  fileId: z.string(),
  fileKind: z.string(),
  mediaType: z.string(),
  ownerId: z.string().nullable(),
  ownerUsername: z.string().nullable(),
  status: z.enum(QUARANTINE_STATUSES),
  /** The blocklist entry that matched (null: the external scanner blocked it, or the entry was deleted since). */
  entryId: z.string().nullable(),
  entryLabel: z.string(),
  /** The upload's hash that matched and how many bits it is from the entry. */
  hash: z.string().nullable(),
  distance: z.number().int().nullable(),
  /** The external classifier's answer, when it was asked. */
  scanner: z.object({ verdict: z.string(), score: z.number().nullable() }).nullable(),
  /** The upload itself for the operator (a short-lived signed URL of the kept original; images only). */
  url: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type QuarantinedUpload = z.infer<typeof quarantinedUploadSchema>;

export const releaseQuarantineSchema = z.object({ note: z.string().trim().max(500).optional() });
export const confirmQuarantineSchema = z.object({ label: z.string().trim().max(BLOCKLIST_LABEL_MAX).optional() });
