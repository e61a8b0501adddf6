import './zod-config';
import { z } from 'zod';
import { hiddenFlagsShape } from './hidden';
import { idSchema, listQuerySchema, sortBySchema } from './api';
import { coPerformersInputSchema } from './releases';
import { ASSET_ACCESS, ASSET_STATUSES, VIDEO_FILE_TYPES, type VideoFileType } from './catalogue';
import { feedPerformerSchema } from './feeds';
import { mediaFileSchema } from './media';

/**
 * Videos (spec §7 Videos): a creator's catalogue videos — a main video file, an optional teaser
 * (a short clip everyone who may see the video listed can play) and thumbnail (a picture), a
 * status (draft / active / inactive), an access rule (free / subscribers / sale with a price),
 * tags and a publication time. Money is a decimal in the site currency here; the database keeps
 * integer minor units. Rules: apps/api/src/modules/videos/README.md.
 */

/** POST /performer/performer-assets/videos/{slot}/upload (multipart field `file`); `/videos/upload` = `video`. */
export const VIDEO_UPLOAD_SLOTS = VIDEO_FILE_TYPES;
export type VideoUploadSlot = VideoFileType;
/** File `kind` each slot stores (the media pipeline's kind; the vault lists them too). */
export const VIDEO_FILE_KINDS: Record<VideoUploadSlot, string> = { video: 'video', teaser: 'video-teaser', thumbnail: 'video-thumbnail' };
/** Media type each slot accepts (checked by content, not by name). */
export const VIDEO_SLOT_MEDIA: Record<VideoUploadSlot, 'video' | 'image'> = { video: 'video', teaser: 'video', thumbnail: 'image' };
/** The body field that holds each slot's file id (create, PUT …/update/{id}). */
export const VIDEO_FILE_FIELDS = { video: 'fileId', teaser: 'teaserFileId', thumbnail: 'thumbnailFileId' } as const satisfies Record<VideoUploadSlot, string>;

export const VIDEO_TITLE_MAX = 200;
export const VIDEO_DESCRIPTION_MAX = 5000;
export const VIDEO_TAGS_MAX = 20;
export const VIDEO_TAG_MAX = 40;

/** A tag: trimmed, lower case, 1–40 characters, no `,` `#` `<` `>` (duplicates are dropped on save). */
export const videoTagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'A tag cannot be empty')
  .max(VIDEO_TAG_MAX, `A tag has at most ${VIDEO_TAG_MAX} characters`)
  .regex(/^[^,#<>]+$/u, 'A tag cannot contain , # < or >');

const price = z.number().positive('Price must be greater than 0').max(1_000_000).multipleOf(0.01, 'Use at most two decimals');
const isoTime = z.iso.datetime({ offset: true, message: 'Use an ISO date-time' });
const title = z.string().trim().min(1, 'Required').max(VIDEO_TITLE_MAX, `A title has at most ${VIDEO_TITLE_MAX} characters`);
/** Plain text (shown as text, never as HTML). */
const description = z.string().trim().max(VIDEO_DESCRIPTION_MAX, `A description has at most ${VIDEO_DESCRIPTION_MAX} characters`);
const tags = z.array(videoTagSchema).max(VIDEO_TAGS_MAX, `At most ${VIDEO_TAGS_MAX} tags`);

/**
 * POST /performer/performer-assets/videos/create. `price` only for access `sale` (required there,
 * within the site's limits: `ppvPriceLimits`; ignored otherwise). File ids: the creator's own
 * uploads of the right media type or vault files. An `active` video needs `fileId`. `scheduleAt`
 * (future) publishes an active video at that time; absent/null = at once.
 */
export const createVideoSchema = z.object({
  /** The lowest subscription tier that opens it (subscribers-only content; null: any subscription). Absent = unchanged. */
  minTierId: idSchema.nullable().optional(),
  title,
  description: description.default(''),
  tags: tags.default([]),
  status: z.enum(ASSET_STATUSES).default('draft'),
  access: z.enum(ASSET_ACCESS).default('free'),
  price: price.nullable().optional(),
  fileId: idSchema.nullable().optional(),
  teaserFileId: idSchema.nullable().optional(),
  thumbnailFileId: idSchema.nullable().optional(),
  scheduleAt: isoTime.nullable().optional(),
  /** The people in it (releases.ts): saved with the item, checked when it publishes — 422 RELEASE_MESSAGES.publishBlocked. Absent = unchanged. */
  coPerformers: coPerformersInputSchema.optional(),
});
export type CreateVideoInput = z.infer<typeof createVideoSchema>;

/**
 * PUT /performer/performer-assets/videos/edit/{id}: the METADATA only (any subset). `scheduleAt`
 * moves the publication time of a video not yet published; `null` publishes it now.
 */
export const editVideoSchema = z.object({
  /** The lowest subscription tier that opens it (subscribers-only content; null: any subscription). Absent = unchanged. */
  minTierId: idSchema.nullable().optional(),
  title: title.optional(),
  description: description.optional(),
  tags: tags.optional(),
  status: z.enum(ASSET_STATUSES).optional(),
  access: z.enum(ASSET_ACCESS).optional(),
  price: price.nullable().optional(),
  scheduleAt: isoTime.nullable().optional(),
  /** The people in it (releases.ts): saved with the item, checked when it publishes — 422 RELEASE_MESSAGES.publishBlocked. Absent = unchanged. */
  coPerformers: coPerformersInputSchema.optional(),
});
export type EditVideoInput = z.infer<typeof editVideoSchema>;

/**
 * PUT /performer/performer-assets/videos/update/{id}: the FILES only (any subset): a new id
 * replaces the file, `null` detaches it (the video file of an active video cannot be detached: 422).
 */
export const updateVideoFilesSchema = z.object({
  fileId: idSchema.nullable().optional(),
  teaserFileId: idSchema.nullable().optional(),
  thumbnailFileId: idSchema.nullable().optional(),
});
export type UpdateVideoFilesInput = z.infer<typeof updateVideoFilesSchema>;

/** DELETE /performer/performer-assets/videos/remove-file/{id}. */
export const removeVideoFileSchema = z.object({ type: z.enum(VIDEO_FILE_TYPES) });

/** The creator's list: `status` filters the stored status; `scheduled` = active with publishAt still ahead. */
export const VIDEO_OWN_STATUSES = [...ASSET_STATUSES, 'scheduled'] as const;
export const VIDEO_SORTS = ['publishAt', 'createdAt', 'updatedAt'] as const;
/** GET /performer/performer-assets/videos/search. `q`: full text on title and description. */
export const ownVideoQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(VIDEO_SORTS, 'updatedAt'),
  status: z.enum(VIDEO_OWN_STATUSES).optional(),
  access: z.enum(ASSET_ACCESS).optional(),
});
export type OwnVideoQuery = z.infer<typeof ownVideoQuerySchema>;

/** The fans' list is newest published first (the index it reads); `sort: asc` turns it over. */
export const VIDEO_PUBLIC_SORTS = ['publishAt'] as const;
/**
 * GET /performer-assets/videos/search: active, published videos only. `performerId` (one
 * creator's), `tag` (exact, as stored: lower case), `q` (full text on title and description),
 * `access`, `excludeId` (e.g. "more videos" beside the one being watched).
 */
export const videoSearchQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(VIDEO_PUBLIC_SORTS, 'publishAt'),
  performerId: idSchema.optional(),
  tag: videoTagSchema.optional(),
  access: z.enum(ASSET_ACCESS).optional(),
  excludeId: idSchema.optional(),
  /** Only videos carrying this label of the creator's (labels.ts). */
  label: idSchema.optional(),
});
export type VideoSearchQuery = z.infer<typeof videoSearchQuerySchema>;

/**
 * A video as every read answers it (single, lists, bookmarks, search).
 * - `teaser` and `thumbnail`: shown in full to everyone who may see the video listed.
 * - `video`: the main file (player URL: a short-lived signed URL that supports Range) ONLY when
 *   `canView`; `null` otherwise — a locked video carries no URL of its main file anywhere (its
 *   `duration` and blurred `preview` are given on their own).
 */
export const videoSchema = z.object({
  /** The lowest subscription tier that opens it (null: any subscription). */
  minTierId: z.string().nullable().optional(),
  _id: z.string(),
  performerId: z.string(),
  performer: feedPerformerSchema,
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  /** As the creator set it: draft (only they see it), active, inactive (withdrawn). */
  status: z.enum(ASSET_STATUSES),
  access: z.enum(ASSET_ACCESS),
  /** For `sale` videos (decimal); null otherwise. */
  price: z.number().nullable(),
  /** The main file when the viewer may open it; null when locked (or when there is no file yet). */
  video: mediaFileSchema.nullable(),
  teaser: mediaFileSchema.nullable(),
  thumbnail: mediaFileSchema.nullable(),
  /** The main file's length in seconds (also when locked), once processed. */
  duration: z.number().nullable(),
  /** A picture for cards: the thumbnail, else the teaser's poster, else (when open) the video's poster, else the blurred preview; null when there is none. */
  previewImage: z.string().nullable(),
  /** The viewer may play the full video (owner, admin, free, subscriber of a subscribers video, buyer). */
  canView: z.boolean(),
  isBought: z.boolean(),
  isSubscribed: z.boolean(),
  isLiked: z.boolean(),
  isBookmarked: z.boolean(),
  totalView: z.number().int(),
  totalLike: z.number().int(),
  totalComment: z.number().int(),
  totalBookmark: z.number().int(),
  /** Units sold: the owner and admins only; null for everyone else. */
  totalSale: z.number().int().nullable(),
  /** When fans see it (if active). */
  publishAt: z.string(),
  /** An active video whose publishAt is still ahead. */
  isScheduled: z.boolean(),
  /** When it went live (the `video.published` event); null before. */
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Owner and admins only: hidden by the operator (moderation; nobody else sees the item). */
  ...hiddenFlagsShape,
});
export type Video = z.infer<typeof videoSchema>;
