import '../zod-config';
import { z } from 'zod';
import { envelope, idParams, listEnvelope } from '../api';
import {
  blockContentSchema, blockFilesSchema, blocklistEntrySchema, blocklistQuerySchema, confirmQuarantineSchema, importBlocklistResultSchema, importBlocklistSchema,
  quarantineQuerySchema, quarantinedUploadSchema, releaseQuarantineSchema,
} from '../screening';
import { hideableParamsSchema } from '../moderation';
import { defineRoutes } from './define';

/** Issue 28 §4 Upload screening (modules/media): the operator's hash blocklist and the quarantine. */
export const screening = defineRoutes('screening', {
  blocklist: {
    method: 'GET',
    path: '/admin/screening/blocklist',
    access: 'admin',
    description: 'The blocklist, newest first, a page at a time; `q` searches the labels.',
    schema: { querystring: blocklistQuerySchema, response: { 200: listEnvelope(blocklistEntrySchema) } },
  },
  importBlocklist: {
    method: 'POST',
    path: '/admin/screening/blocklist/import',
    access: 'admin',
    description:
      'Imports a list: one `<16 hex digits>[,<label>]` per line (# comments and empty lines skipped). Any bad line → 400 with each bad line number (`text.<line>`) and nothing written. Hashes already listed are counted as duplicates. Audited (`screening.import`).',
    schema: { body: importBlocklistSchema, response: { 200: envelope(importBlocklistResultSchema) } },
  },
  blockFiles: {
    method: 'POST',
    path: '/admin/screening/blocklist/files',
    access: 'admin',
    description: 'Adds the perceptual hashes of uploaded files (a removed item’s media) to the blocklist. A file without hashes (not a picture or video, or never processed) → 400 on `fileIds.N`. Audited (`screening.block-files`).',
    schema: { body: blockFilesSchema, response: { 200: envelope(importBlocklistResultSchema) } },
  },
  blockContent: {
    method: 'POST',
    path: '/admin/screening/blocklist/content/:kind/:id',
    access: 'admin',
    description: 'One click from the Content section: the screened media of a post (or another item of a kind that lists its media) join the blocklist (source `removed`). 404 unknown item; 422 a kind that cannot list its media; 400 when none of its files has a hash. Audited (`screening.block-files`).',
    schema: { params: hideableParamsSchema, body: blockContentSchema, response: { 200: envelope(importBlocklistResultSchema) } },
  },
  removeEntry: {
    method: 'DELETE',
    path: '/admin/screening/blocklist/:entryId',
    access: 'admin',
    description: 'Deletes a blocklist entry (uploads it quarantined stay as decided). Audited (`screening.remove`).',
    schema: { params: idParams('entryId'), response: { 200: envelope(z.object({ success: z.literal(true) })) } },
  },
  quarantine: {
    method: 'GET',
    path: '/admin/screening/quarantine',
    access: 'admin',
    description: 'Uploads stopped by screening (`status`, default quarantined), newest first, with their match.',
    schema: { querystring: quarantineQuerySchema, response: { 200: listEnvelope(quarantinedUploadSchema) } },
  },
  release: {
    method: 'POST',
    path: '/admin/screening/quarantine/:id/release',
    access: 'admin',
    description: 'A false positive: the upload goes on through processing (not screened again) and the posts it stopped are shown again. 409 when already decided. Audited (`screening.release`).',
    schema: { params: idParams('id'), body: releaseQuarantineSchema, response: { 200: envelope(quarantinedUploadSchema) } },
  },
  confirm: {
    method: 'POST',
    path: '/admin/screening/quarantine/:id/confirm',
    access: 'admin',
    description: 'The upload stays blocked for good and its own hashes join the blocklist (source `removed`). 409 when already decided. Audited (`screening.confirm`).',
    schema: { params: idParams('id'), body: confirmQuarantineSchema, response: { 200: envelope(quarantinedUploadSchema) } },
  },
});
