import '../zod-config';
import { z } from 'zod';
import { envelope, listEnvelope, okSchema, uuidParamSchema } from '../api';
import {
  adminReleaseSchema, coPerformerItemParamsSchema, coPerformerListSchema, coPerformersInputSchema, releaseDownloadQuerySchema, releaseExportSchema,
  releaseFileParamsSchema, releaseLinkSchema, releaseQuerySchema, releaseQueueItemSchema, releaseRejectSchema, releaseSchema, tagQuerySchema, tagRequestSchema,
} from '../releases';
import { defineRoutes } from './define';

const REASON =
  'An operator must send the reason header (`x-access-reason`, shared ACCESS_REASON_HEADER): without a valid one → 400 `reason_required`; with it, one audit row `release.read` naming the record\'s owner is written before the answer.';

/**
 * Issue 28 §2 Co-performer consent records (modules/releases README). Records are private: their
 * owner creator and operators only (another creator's record → 404).
 */
export const releases = {
  ...defineRoutes('releases', {
    list: {
      method: 'GET',
      path: '/releases',
      access: 'performer',
      description: "The caller's own releases, newest first (filter status). File presence only, never file URLs.",
      schema: { querystring: releaseQuerySchema, response: { 200: listEnvelope(releaseSchema) } },
    },
    create: {
      method: 'POST',
      path: '/releases',
      access: 'performer',
      description:
        'Adds a release (multipart/form-data): fields legalName, dateOfBirth (YYYY-MM-DD, after 1900, 18+ on the signing day), stageName?, signedAt (YYYY-MM-DD, not in the future); files idFront (picture), idBack? (picture), consent (PDF or picture), each ≤ 15 MB, checked by content. Bad input → 400 with field errors on those names. Stored encrypted; status pending (in the operator queue).',
      schema: { consumes: ['multipart/form-data'], response: { 201: envelope(releaseSchema) } },
    },
    get: {
      method: 'GET',
      path: '/releases/:id',
      access: 'performer',
      description: "One of the caller's own releases; anyone else's → 404.",
      schema: { params: uuidParamSchema, response: { 200: envelope(releaseSchema) } },
    },
    remove: {
      method: 'DELETE',
      path: '/releases/:id',
      access: 'performer',
      description:
        "Deletes one of the caller's own releases (its encrypted files too) while it is pending or rejected and named on no item. Approved → 409 (a legal record, kept); named on an item → 409. Another creator's → 404.",
      schema: { params: uuidParamSchema, response: { 200: envelope(okSchema) } },
    },
    file: {
      method: 'GET',
      path: '/releases/:id/files/:file',
      access: 'performer',
      description: "A 5-minute signed link to one decrypted file (idFront, idBack, consent) of the caller's own release; anyone else's or a missing file → 404.",
      schema: { params: releaseFileParamsSchema, response: { 200: envelope(releaseLinkSchema) } },
    },
    download: {
      method: 'GET',
      path: '/releases/download',
      access: 'anyone',
      description:
        'The bytes behind a signed link handed out by the file and export routes (decrypted on the fly; `private, no-store`). Expired or tampered → 403.',
      schema: { querystring: releaseDownloadQuerySchema, hide: true },
    },
    itemGet: {
      method: 'GET',
      path: '/releases/items/:kind/:id',
      access: 'performer',
      description: "The people named on the caller's own item (kind feed|video|gallery|stream) with each entry's status, and whether it is cleared for publication. Another creator's item → 404.",
      schema: { params: coPerformerItemParamsSchema, response: { 200: envelope(coPerformerListSchema) } },
    },
    itemSet: {
      method: 'PUT',
      path: '/releases/items/:kind/:id',
      access: 'performer',
      description:
        "Names the people on the caller's own item: `{creators, releases}` replaces the list (at most 20; entries already there keep their status). A creator must be a verified creator, not the caller, not blocked either way (400 on creators.N); a new tag is pending and the tagged creator is notified. A release must be the caller's own and not rejected (400 on releases.N). When the item is public (a published or scheduled post, an active video or gallery, a live stream) every entry must already be cleared, else 422 with the publish-blocked message and nothing changes. Another creator's item → 404.",
      schema: { params: coPerformerItemParamsSchema, body: coPerformersInputSchema, response: { 200: envelope(coPerformerListSchema) } },
    },
    tags: {
      method: 'GET',
      path: '/releases/tags',
      access: 'performer',
      description: 'Tag requests naming the caller (a verified creator tagged on another creator\'s item), newest first; filter status.',
      schema: { querystring: tagQuerySchema, response: { 200: listEnvelope(tagRequestSchema) } },
    },
    tagAccept: {
      method: 'POST',
      path: '/releases/tags/:id/accept',
      access: 'performer',
      description: 'The tagged creator accepts being named on the item; the item\'s owner is notified. Not a tag of the caller → 404; already accepted → 409.',
      schema: { params: uuidParamSchema, response: { 200: envelope(tagRequestSchema) } },
    },
    tagDecline: {
      method: 'POST',
      path: '/releases/tags/:id/decline',
      access: 'performer',
      description:
        "The tagged creator declines (or withdraws an earlier acceptance); the item's owner is notified. A published post, video or gallery naming them is hidden at once (hidden reason RELEASE_MESSAGES.hiddenWithdrawn). Not a tag of the caller → 404; already declined → 409.",
      schema: { params: uuidParamSchema, response: { 200: envelope(tagRequestSchema) } },
    },
  }),
  ...defineRoutes('admin', {
    releaseList: {
      method: 'GET',
      path: '/admin/releases',
      access: 'admin',
      description: 'Operator: the release queue, newest first (filter status; q matches the stage name or the owner\'s username). No personal fields: they load when one is opened.',
      schema: { querystring: releaseQuerySchema, response: { 200: listEnvelope(releaseQueueItemSchema) } },
    },
    releaseDetail: {
      method: 'GET',
      path: '/admin/releases/:id',
      access: 'admin',
      operatorRead: true,
      description: `Operator: one record with its personal fields, owner and the items naming it. ${REASON} Unknown → 404.`,
      schema: { params: uuidParamSchema, response: { 200: envelope(adminReleaseSchema) } },
    },
    releaseFile: {
      method: 'GET',
      path: '/admin/releases/:id/files/:file',
      access: 'admin',
      operatorRead: true,
      description: `Operator: a 5-minute signed link to one decrypted file of a record. ${REASON} Unknown record or missing file → 404.`,
      schema: { params: releaseFileParamsSchema, response: { 200: envelope(releaseLinkSchema) } },
    },
    releaseApprove: {
      method: 'POST',
      path: '/admin/releases/:id/approve',
      access: 'admin',
      description: 'Operator: approves a pending record (audited release.approve); the owner is notified. Not pending → 409.',
      schema: { params: uuidParamSchema, response: { 200: envelope(releaseQueueItemSchema) } },
    },
    releaseReject: {
      method: 'POST',
      path: '/admin/releases/:id/reject',
      access: 'admin',
      description:
        'Operator: rejects a pending or approved record `{reason}` (shown to the owner; audited release.reject); the owner is notified. A published post, video or gallery naming it is hidden at once. Already rejected → 409.',
      schema: { params: uuidParamSchema, body: releaseRejectSchema, response: { 200: envelope(releaseQueueItemSchema) } },
    },
    releaseExport: {
      method: 'POST',
      path: '/admin/releases/export',
      access: 'admin',
      operatorRead: true,
      description: `Operator: the records for the custodian of records (all, or one status) as a ZIP — index.csv plus each record's decrypted files — behind a 5-minute signed link. The reason header is required (400 \`reason_required\`); one audit row \`release.export\` with the reason naming every owner concerned.`,
      schema: { body: releaseExportSchema, response: { 200: envelope(releaseLinkSchema.extend({ count: z.number().int() })) } },
    },
  }),
};
