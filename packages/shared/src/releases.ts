import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema } from './api';
import type { ContentKind } from './content-kinds';

/**
 * Issue 28 §2 Co-performer consent records (apps/api/src/modules/releases/README.md).
 *
 * A post (feed), video, gallery or live stream with other people in it names them. Each
 * co-performer is either a verified creator of the site, TAGGED (they accept or decline), or a
 * person with a RELEASE on record (legal name, date of birth, ID pictures and a signed consent,
 * uploaded by the creator, reviewed by an operator). Content naming anyone without an accepted tag
 * or an approved release cannot be published (422 `RELEASE_MESSAGES.publishBlocked`); drafts save.
 *
 * How a client names them:
 * - on an existing item: PUT /releases/items/{kind}/{id} `{creators, releases}` (replaces the list);
 * - or in the same request that creates/updates/publishes the item: the optional `coPerformers`
 *   field (`coPerformersInputSchema`) of POST/PUT /performer/feeds, the video and gallery
 *   create/edit bodies and POST /streaming/… start — needed where saving IS publishing (a feed
 *   always publishes or schedules, a stream is live when started): the list is saved and checked in
 *   the item's own transaction, so a refused publish saves nothing.
 * Records are private (their owner creator and operators only), encrypted at rest, never listed
 * with file URLs; an operator's every view of personal fields or files is audited with a reason.
 *
 * Contract shape frozen at commit "releases: contracts" (issue 28 §2); later changes are noted here.
 */

/** The kinds that can name co-performers (the content-kind names of content-kinds.ts). */
export const COPERFORMER_KINDS = ['feed', 'video', 'gallery', 'stream'] as const satisfies readonly ContentKind[];
export type CoPerformerKind = (typeof COPERFORMER_KINDS)[number];

export const RELEASE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];
export const TAG_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type TagStatus = (typeof TAG_STATUSES)[number];
/** The files of a release (multipart field names too). */
export const RELEASE_FILES = ['idFront', 'idBack', 'consent'] as const;
export type ReleaseFile = (typeof RELEASE_FILES)[number];
/** ID pictures: images; the consent: an image or a PDF. Checked by content (magic bytes). */
export const RELEASE_ID_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const RELEASE_CONSENT_TYPES = [...RELEASE_ID_TYPES, 'application/pdf'] as const;
/** Per file. */
export const RELEASE_FILE_MAX_BYTES = 15 * 1024 * 1024;
/** Most people one item may name (creators + releases). */
export const MAX_COPERFORMERS = 20;
export const RELEASE_MIN_AGE = 18;
/** Dates of birth before this are refused (typos). */
export const RELEASE_MIN_BIRTH_DATE = '1900-01-01';

/** Exact texts the API answers (422 messages and field errors); the web shows them as they are. */
export const RELEASE_MESSAGES = {
  publishBlocked: 'Everyone in this content needs an accepted tag or an approved release before it can be published',
  underage: 'The co-performer must be 18 or older on the day the release was signed',
  birthDateInvalid: 'Enter a real date of birth',
  birthDateTooOld: 'Enter a date of birth after 1900',
  signedInFuture: 'The signing date cannot be in the future',
  signedDateInvalid: 'Enter the date the release was signed',
  idFrontRequired: 'Upload the front of the ID',
  consentRequired: 'Upload the signed consent',
  idFileType: 'Upload a JPEG, PNG or WebP picture',
  consentFileType: 'Upload a PDF or a JPEG, PNG or WebP picture',
  fileTooLarge: 'This file is larger than 15 MB',
  tagSelf: 'You cannot tag yourself',
  tagNotVerified: 'Only verified creators can be tagged',
  tagBlocked: 'You cannot tag this creator',
  releaseUnknown: 'Unknown release',
  releaseRejected: 'This release was rejected: add a new one',
  tooMany: 'Name at most 20 people',
  releaseInUse: 'This release is named on content: remove it from there first',
  releaseApprovedKept: 'An approved release is a legal record and cannot be deleted',
  /** Reason given when an item is hidden because a tag was declined or a release rejected after publication. */
  hiddenWithdrawn: 'A co-performer is no longer cleared (tag declined or release rejected)',
} as const;

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** Whole years between two YYYY-MM-DD dates (someone born 29 February turns a year older on 1 March in common years). */
export function ageOn(dateOfBirth: string, on: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [oy, om, od] = on.split('-').map(Number) as [number, number, number];
  let age = oy - by;
  if (om < bm || (om === bm && od < bd)) age -= 1;
  return age;
}

/**
 * THE date rules of a release, as field errors: a real date of birth after 1900, a real signing
 * date not after `today` (YYYY-MM-DD, from the API's clock), and 18 or older on the day of signing.
 */
export function releaseDateErrors(input: { dateOfBirth: string; signedAt: string }, today: string): { field: 'dateOfBirth' | 'signedAt'; message: string }[] {
  const out: { field: 'dateOfBirth' | 'signedAt'; message: string }[] = [];
  const dobOk = isRealDate(input.dateOfBirth);
  if (!dobOk) out.push({ field: 'dateOfBirth', message: RELEASE_MESSAGES.birthDateInvalid });
  else if (input.dateOfBirth < RELEASE_MIN_BIRTH_DATE) out.push({ field: 'dateOfBirth', message: RELEASE_MESSAGES.birthDateTooOld });
  const signedOk = isRealDate(input.signedAt);
  if (!signedOk) out.push({ field: 'signedAt', message: RELEASE_MESSAGES.signedDateInvalid });
  else if (input.signedAt > today) out.push({ field: 'signedAt', message: RELEASE_MESSAGES.signedInFuture });
  if (dobOk && signedOk && input.dateOfBirth >= RELEASE_MIN_BIRTH_DATE && ageOn(input.dateOfBirth, input.signedAt) < RELEASE_MIN_AGE) {
    out.push({ field: 'dateOfBirth', message: RELEASE_MESSAGES.underage });
  }
  return out;
}

const dateField = (message: string) => z.string({ error: message }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, message);

/**
 * POST /releases (multipart/form-data): these text fields plus the files `idFront` (required),
 * `idBack` (optional) and `consent` (required). Dates are YYYY-MM-DD; the date rules
 * (`releaseDateErrors`, with the API's today) are checked too, as 400 field errors.
 */
export const releaseFieldsSchema = z.object({
  legalName: z.string().trim().min(2, 'Enter the legal name').max(200),
  dateOfBirth: dateField(RELEASE_MESSAGES.birthDateInvalid),
  stageName: z.string().trim().max(120).optional().transform((v) => v || undefined),
  signedAt: dateField(RELEASE_MESSAGES.signedDateInvalid),
});
export type ReleaseFieldsInput = z.infer<typeof releaseFieldsSchema>;

/** Which files a record holds — never their URLs in a list. */
export const releaseFilesSchema = z.object({ idFront: z.boolean(), idBack: z.boolean(), consent: z.boolean() });

/** A release as its owner creator sees it (GET /releases, /releases/{id}) and as an operator opens it (audited). */
export const releaseSchema = z.object({
  _id: z.string(),
  status: z.enum(RELEASE_STATUSES),
  stageName: z.string().nullable(),
  legalName: z.string(),
  /** YYYY-MM-DD */
  dateOfBirth: z.string(),
  /** YYYY-MM-DD: the day the consent was signed. */
  signedAt: z.string(),
  rejectionReason: z.string().nullable(),
  files: releaseFilesSchema,
  /** How many items name it. */
  usedOn: z.number().int(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type Release = z.infer<typeof releaseSchema>;

export const releaseOwnerSchema = z.object({ _id: z.string(), name: z.string(), username: z.string().nullable() });

/** A line of the operator's queue: NO personal fields (legal name, date of birth) — they load when one is opened, audited. */
export const releaseQueueItemSchema = z.object({
  _id: z.string(),
  status: z.enum(RELEASE_STATUSES),
  stageName: z.string().nullable(),
  owner: releaseOwnerSchema,
  files: releaseFilesSchema,
  usedOn: z.number().int(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type ReleaseQueueItem = z.infer<typeof releaseQueueItemSchema>;

/** An item naming co-performers, as lists show it. */
export const coPerformerItemSchema = z.object({
  kind: z.enum(COPERFORMER_KINDS),
  id: z.string(),
  /** The item's title or the start of its text; null when it no longer exists. */
  title: z.string().nullable(),
  /** The web path of the item (null: a stream, or gone). */
  link: z.string().nullable(),
});
export type CoPerformerItem = z.infer<typeof coPerformerItemSchema>;

/** GET /admin/releases/{id} (audited read): the record with its owner and the items naming it. */
export const adminReleaseSchema = releaseSchema.extend({
  owner: releaseOwnerSchema,
  items: z.array(coPerformerItemSchema),
  reviewedBy: z.string().nullable(),
});
export type AdminRelease = z.infer<typeof adminReleaseSchema>;

export const releaseQuerySchema = listQuerySchema.extend({ status: z.enum(RELEASE_STATUSES).optional() });
export type ReleaseQuery = z.infer<typeof releaseQuerySchema>;
export const releaseRejectSchema = z.object({ reason: z.string().trim().min(3, 'Say why').max(2000) });

/** A signed, short-lived link to one decrypted file (or the export ZIP). */
export const releaseLinkSchema = z.object({ url: z.string(), expiresAt: z.string(), mimeType: z.string() });
export type ReleaseLink = z.infer<typeof releaseLinkSchema>;
export const releaseFileParamsSchema = z.object({ id: idSchema, file: z.enum(RELEASE_FILES) });
/** The query of the signed download route (the token says what and until when). */
export const releaseDownloadQuerySchema = z.object({ t: z.string().min(10).max(2000) });

/** POST /admin/releases/export: which records (all by default). */
export const releaseExportSchema = z.object({ status: z.enum(RELEASE_STATUSES).optional() });

/** A person named on an item, as the item's owner sees it. */
export const coPerformerSchema = z.discriminatedUnion('kind', [
  z.object({
    _id: z.string(),
    kind: z.literal('creator'),
    performerId: z.string(),
    performer: z.object({ _id: z.string(), name: z.string(), username: z.string().nullable(), avatar: z.string() }),
    status: z.enum(TAG_STATUSES),
  }),
  z.object({
    _id: z.string(),
    kind: z.literal('release'),
    releaseId: z.string(),
    /** The release's stage name (the legal name is never shown on items). */
    stageName: z.string().nullable(),
    status: z.enum(RELEASE_STATUSES),
  }),
]);
export type CoPerformer = z.infer<typeof coPerformerSchema>;

/** GET/PUT /releases/items/{kind}/{id}: the item's list; `cleared` = every entry accepted or approved (publishable). */
export const coPerformerListSchema = z.object({ entries: z.array(coPerformerSchema), cleared: z.boolean() });
export type CoPerformerList = z.infer<typeof coPerformerListSchema>;

/**
 * The people an item names: creator ids (performers) and release ids (the caller's own), at most
 * 20 together. Replaces the list (existing entries keep their status). Field errors name
 * `creators.N` / `releases.N` (`coPerformers.creators.N` inside a content body).
 */
export const coPerformersInputSchema = z
  .object({
    creators: z.array(idSchema).max(MAX_COPERFORMERS, RELEASE_MESSAGES.tooMany).default([]),
    releases: z.array(idSchema).max(MAX_COPERFORMERS, RELEASE_MESSAGES.tooMany).default([]),
  })
  .refine((v) => v.creators.length + v.releases.length <= MAX_COPERFORMERS, { message: RELEASE_MESSAGES.tooMany, path: ['creators'] });
export type CoPerformersInput = z.infer<typeof coPerformersInputSchema>;

export const coPerformerItemParamsSchema = z.object({ kind: z.enum(COPERFORMER_KINDS), id: idSchema });

/** A tag request as the tagged creator sees it (GET /releases/tags). */
export const tagRequestSchema = z.object({
  _id: z.string(),
  status: z.enum(TAG_STATUSES),
  item: coPerformerItemSchema,
  /** The creator who tagged them. */
  owner: z.object({ _id: z.string(), name: z.string(), username: z.string().nullable(), avatar: z.string() }),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type TagRequest = z.infer<typeof tagRequestSchema>;
export const tagQuerySchema = listQuerySchema.extend({ status: z.enum(TAG_STATUSES).optional() });
