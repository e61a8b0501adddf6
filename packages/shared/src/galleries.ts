import './zod-config';
import { z } from 'zod';
import { hiddenFlagsShape } from './hidden';
import { idSchema, listQuerySchema, sortBySchema } from './api';
import { coPerformersInputSchema } from './releases';
import { ASSET_ACCESS, ASSET_STATUSES } from './catalogue';
import { mediaFileSchema } from './media';

/**
 * Galleries and photos (spec §7 Galleries, Photos). A gallery is free, for subscribers, or for
 * sale (price within the site's pay-per-view limits: `ppvPriceLimits` in feeds.ts); its photos
 * share its access. Money is a decimal here, minor units in the database. Rules:
 * apps/api/src/modules/galleries/README.md.
 */
export const GALLERY_TITLE_MAX = 200;
export const GALLERY_DESCRIPTION_MAX = 2000;
export const GALLERY_TAGS_MAX = 20;
export const GALLERY_TAG_MAX = 40;
export const PHOTO_TITLE_MAX = 200;
export const PHOTO_DESCRIPTION_MAX = 1000;
/** POST …/photos/create: at most this many files in one request. */
export const PHOTOS_CREATE_MAX = 50;
/** The multipart field of POST /performer/performer-assets/photos/upload (spec §7: field `photo`). */
export const PHOTO_UPLOAD_FIELD = 'photo';
/** The file `kind` gallery photo uploads are stored as (private; renditions through signed URLs). */
export const PHOTO_FILE_KIND = 'gallery-photo';

const price = z.number().positive('Price must be greater than 0').max(1_000_000).multipleOf(0.01, 'Use at most two decimals');
const isoFuture = z.iso.datetime({ offset: true, message: 'Use an ISO date-time' });
/** A tag: trimmed, a leading `#` dropped; duplicates (any case) are removed by the API. */
const tag = z
  .string()
  .trim()
  .transform((s) => s.replace(/^#+/, '').trim())
  .pipe(z.string().min(1, 'A tag cannot be empty').max(GALLERY_TAG_MAX, `A tag has at most ${GALLERY_TAG_MAX} characters`));
const tags = z.array(tag).max(GALLERY_TAGS_MAX, `At most ${GALLERY_TAGS_MAX} tags`);
const title = z.string().trim().min(1, 'Give the gallery a title').max(GALLERY_TITLE_MAX, `At most ${GALLERY_TITLE_MAX} characters`);
const description = z.string().trim().max(GALLERY_DESCRIPTION_MAX, `At most ${GALLERY_DESCRIPTION_MAX} characters`);

/**
 * POST /performer/performer-assets/galleries. `price` is required for (and only kept with)
 * access `sale`. `scheduleAt` (future) publishes later; absent/null = now.
 */
export const createGallerySchema = z.object({
  /** The lowest subscription tier that opens it (subscribers-only content; null: any subscription). Absent = unchanged. */
  minTierId: idSchema.nullable().optional(),
  title,
  description: description.default(''),
  tags: tags.default([]),
  status: z.enum(ASSET_STATUSES).default('draft'),
  access: z.enum(ASSET_ACCESS).default('free'),
  price: price.nullable().optional(),
  scheduleAt: isoFuture.nullable().optional(),
  /** The people in it (releases.ts): saved with the item, checked when it publishes — 422 RELEASE_MESSAGES.publishBlocked. Absent = unchanged. */
  coPerformers: coPerformersInputSchema.optional(),
});
export type CreateGalleryInput = z.input<typeof createGallerySchema>;

/** PUT /performer/performer-assets/galleries/{id}: any subset of the create fields. `scheduleAt: null` publishes now. */
export const updateGallerySchema = z.object({
  /** The lowest subscription tier that opens it (subscribers-only content; null: any subscription). Absent = unchanged. */
  minTierId: idSchema.nullable().optional(),
  title: title.optional(),
  description: description.optional(),
  tags: tags.optional(),
  status: z.enum(ASSET_STATUSES).optional(),
  access: z.enum(ASSET_ACCESS).optional(),
  price: price.nullable().optional(),
  scheduleAt: isoFuture.nullable().optional(),
  /** The people in it (releases.ts): saved with the item, checked when it publishes — 422 RELEASE_MESSAGES.publishBlocked. Absent = unchanged. */
  coPerformers: coPerformersInputSchema.optional(),
});
export type UpdateGalleryInput = z.input<typeof updateGallerySchema>;

/** Lists sort by publish time by default (a like or a new photo must not move a gallery), ties by id. */
export const GALLERY_SORTS = ['publishAt', 'createdAt', 'updatedAt'] as const;
/** GET /performer/performer-assets/galleries/search: the creator's own, every status. `q`: full-text on title and description. */
export const ownGalleryQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(GALLERY_SORTS, 'publishAt'),
  status: z.enum(ASSET_STATUSES).optional(),
  access: z.enum(ASSET_ACCESS).optional(),
});
export type OwnGalleryQuery = z.infer<typeof ownGalleryQuerySchema>;

/** GET /performer-assets/galleries/search: active, published galleries (by a creator with `performerId`). */
export const galleryQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(GALLERY_SORTS, 'publishAt'),
  performerId: idSchema.optional(),
  access: z.enum(ASSET_ACCESS).optional(),
  tag: z.string().trim().max(GALLERY_TAG_MAX).optional(),
  /** Only galleries carrying this label of the creator's (labels.ts). */
  label: idSchema.optional(),
});
export type GalleryQuery = z.infer<typeof galleryQuerySchema>;

export const galleryPerformerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string(),
});

/**
 * A gallery as every read answers it (creator and fans alike). `cover` is the cover photo's file
 * (the chosen cover, else the first photo; null when there is none): for a locked gallery
 * (`isLocked`) it carries only the blurred `preview` — never a URL or thumbnails. Photos are not
 * inlined: they come from GET /performer-assets/photos?galleryId= (403 while locked).
 */
export const gallerySchema = z.object({
  /** The lowest subscription tier that opens it (null: any subscription). */
  minTierId: z.string().nullable().optional(),
  _id: z.string(),
  performerId: z.string(),
  performer: galleryPerformerSchema,
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  status: z.enum(ASSET_STATUSES),
  access: z.enum(ASSET_ACCESS),
  /** Decimal, for `sale` galleries; null otherwise. */
  price: z.number().nullable(),
  publishAt: z.string(),
  /** `publishAt` is still in the future (only the owner and admins see such a gallery). */
  isScheduled: z.boolean(),
  cover: mediaFileSchema.nullable(),
  /** The photo whose file is `cover` (null when there is none). */
  coverPhotoId: z.string().nullable(),
  /** Active photos in the gallery (what a viewer with access gets). */
  totalPhoto: z.number().int(),
  totalView: z.number().int(),
  totalLike: z.number().int(),
  totalComment: z.number().int(),
  totalBookmark: z.number().int(),
  /** Times bought: the owner and admins only. */
  totalSale: z.number().int().optional(),
  isSubscribed: z.boolean(),
  isBought: z.boolean(),
  isLocked: z.boolean(),
  isLiked: z.boolean(),
  isBookmarked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Owner and admins only: hidden by the operator (moderation; nobody else sees the item). */
  ...hiddenFlagsShape,
});
export type Gallery = z.infer<typeof gallerySchema>;

/**
 * A photo. `file` is the media view: `thumbnails` (320 and 960 px WebP, for grids) and `url` (the
 * ≤ 1920 px rendition, for the lightbox) — signed, short-lived, only with access to the gallery and
 * once processed; a locked photo (`isLocked`) has the blurred `preview` only.
 */
export const photoSchema = z.object({
  _id: z.string(),
  galleryId: z.string(),
  performerId: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(ASSET_STATUSES),
  isCover: z.boolean(),
  position: z.number().int(),
  isLocked: z.boolean(),
  file: mediaFileSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;

const photoTitle = z.string().trim().max(PHOTO_TITLE_MAX, `At most ${PHOTO_TITLE_MAX} characters`);

/**
 * POST /performer/performer-assets/photos/create: photos from files already uploaded — the
 * creator's own private images (a photo upload, or any image of their vault). `fileIds` and/or
 * `fileId`; each becomes one photo, in the order given.
 */
export const createPhotosSchema = z
  .object({
    galleryId: idSchema,
    fileIds: z.array(idSchema).max(PHOTOS_CREATE_MAX, `At most ${PHOTOS_CREATE_MAX} files at once`).optional(),
    fileId: idSchema.optional(),
    title: photoTitle.optional(),
  })
  .refine((v) => Boolean(v.fileId) || Boolean(v.fileIds?.length), { message: 'Choose at least one file', path: ['fileIds'] });
export type CreatePhotosInput = z.input<typeof createPhotosSchema>;

/** PUT /performer/performer-assets/photos/{id}: any subset; `galleryId` moves it to another own gallery (at the end). */
export const updatePhotoSchema = z.object({
  title: photoTitle.optional(),
  description: z.string().trim().max(PHOTO_DESCRIPTION_MAX, `At most ${PHOTO_DESCRIPTION_MAX} characters`).optional(),
  status: z.enum(ASSET_STATUSES).optional(),
  galleryId: idSchema.optional(),
});
export type UpdatePhotoInput = z.input<typeof updatePhotoSchema>;

/** Photos in a gallery come in their order (position, the upload order) unless asked otherwise. */
export const PHOTO_SORTS = ['position', 'createdAt', 'updatedAt'] as const;
const photoListBase = listQuerySchema.extend({
  sortBy: sortBySchema(PHOTO_SORTS, 'position'),
  sort: z.enum(['asc', 'desc']).default('asc'),
});
/** GET /performer/performer-assets/photos/search: the creator's own photos, every status (by gallery with `galleryId`). */
export const ownPhotoQuerySchema = photoListBase.extend({
  galleryId: idSchema.optional(),
  status: z.enum(ASSET_STATUSES).optional(),
});
export type OwnPhotoQuery = z.infer<typeof ownPhotoQuerySchema>;
/** GET /performer-assets/photos: one gallery's photos (required `galleryId`). */
export const galleryPhotoQuerySchema = photoListBase.extend({ galleryId: idSchema });
export type GalleryPhotoQuery = z.infer<typeof galleryPhotoQuerySchema>;
/** GET /performer-assets/photos/{performerId}: a creator's photos across their galleries, newest first. */
export const performerPhotoQuerySchema = listQuerySchema.extend({ sortBy: sortBySchema(['createdAt'] as const, 'createdAt') });
export type PerformerPhotoQuery = z.infer<typeof performerPhotoQuerySchema>;
