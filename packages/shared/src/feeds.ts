import './zod-config';
import { z } from 'zod';
import { hiddenFlagsShape } from './hidden';
import { idSchema, listQuerySchema, sortBySchema } from './api';
import { coPerformersInputSchema } from './releases';
import { mediaFileSchema } from './media';

/**
 * Feeds (spec §3 "Feed item media", §7 Feeds). Money is a decimal in the site currency here; the
 * database keeps integer minor units.
 */
export const FEED_TYPES = ['text', 'photo', 'video', 'audio', 'poll', 'mixed'] as const;
export type FeedType = (typeof FEED_TYPES)[number];
export const FEED_VISIBILITIES = ['free', 'subscribers', 'ppv'] as const;
export type FeedVisibility = (typeof FEED_VISIBILITIES)[number];
export const FEED_STATUSES = ['published', 'scheduled'] as const;
export type FeedStatus = (typeof FEED_STATUSES)[number];

/** Upload slots of the composer: POST /performer/feeds/{slot}/upload (multipart field `file`). */
export const FEED_UPLOAD_SLOTS = ['photo', 'video', 'audio', 'thumbnail', 'teaser'] as const;
export type FeedUploadSlot = (typeof FEED_UPLOAD_SLOTS)[number];
/** File `kind` each slot stores (the spec's "files typed feed-photo or feed-video"). */
export const FEED_FILE_KINDS: Record<FeedUploadSlot, string> = {
  photo: 'feed-photo',
  video: 'feed-video',
  audio: 'feed-audio',
  thumbnail: 'feed-thumbnail',
  teaser: 'feed-teaser',
};
/** Media type each slot accepts (checked by content). */
export const FEED_SLOT_MEDIA: Record<FeedUploadSlot, 'image' | 'video' | 'audio'> = {
  photo: 'image',
  video: 'video',
  audio: 'audio',
  thumbnail: 'image',
  teaser: 'video',
};

export const FEED_TEXT_MAX = 5000;
export const FEED_MAX_FILES = 20;
export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 10;

/**
 * Pay-per-view price rule: between the site's `minimumSubscriptionPrice` and `maximumTipPrice`
 * settings (defaults 2.95 … 10000), in cents. One helper so the web form and the API agree.
 */
export function ppvPriceLimits(s: { minimumSubscriptionPrice: number; maximumTipPrice: number }) {
  return { min: s.minimumSubscriptionPrice, max: s.maximumTipPrice };
}

const price = z.number().positive('Price must be greater than 0').max(1_000_000).multipleOf(0.01, 'Use at most two decimals');
const isoFuture = z.iso.datetime({ offset: true, message: 'Use an ISO date-time' });

/** POST /performer/feeds. `price` only counts for visibility `ppv` (ignored otherwise). */
export const createFeedSchema = z.object({
  /** The lowest subscription tier that opens it (subscribers-only content; null: any subscription). Absent = unchanged. */
  minTierId: idSchema.nullable().optional(),
  text: z.string().max(FEED_TEXT_MAX * 2, `Text must be at most ${FEED_TEXT_MAX} characters`).default(''),
  fileIds: z.array(idSchema).max(FEED_MAX_FILES, `At most ${FEED_MAX_FILES} files`).default([]),
  teaserId: idSchema.nullable().optional(),
  thumbnailId: idSchema.nullable().optional(),
  pollId: idSchema.nullable().optional(),
  visibility: z.enum(FEED_VISIBILITIES).default('free'),
  price: price.nullable().optional(),
  /** A future time to publish at; absent/null = now. */
  scheduleAt: isoFuture.nullable().optional(),
  /** When the post leaves every list (README "Expiring posts"): in the future and after its publish time; null/absent = never. */
  expiresAt: isoFuture.nullable().optional(),
  /** The people in it (releases.ts): saved with the item, checked when it publishes — 422 RELEASE_MESSAGES.publishBlocked. Absent = unchanged. */
  coPerformers: coPerformersInputSchema.optional(),
});
export type CreateFeedInput = z.infer<typeof createFeedSchema>;

/** PUT /performer/feeds/{id}: any subset of the create fields. `scheduleAt: null` publishes now. */
export const updateFeedSchema = z.object({
  /** The lowest subscription tier that opens it (subscribers-only content; null: any subscription). Absent = unchanged. */
  minTierId: idSchema.nullable().optional(),
  text: z.string().max(FEED_TEXT_MAX * 2).optional(),
  fileIds: z.array(idSchema).max(FEED_MAX_FILES).optional(),
  teaserId: idSchema.nullable().optional(),
  thumbnailId: idSchema.nullable().optional(),
  pollId: idSchema.nullable().optional(),
  visibility: z.enum(FEED_VISIBILITIES).optional(),
  price: price.nullable().optional(),
  scheduleAt: isoFuture.nullable().optional(),
  /** A new expiry time (future, after the publish time), null to keep it forever; absent = unchanged. */
  expiresAt: isoFuture.nullable().optional(),
  /** The people in it (releases.ts): saved with the item, checked when it publishes — 422 RELEASE_MESSAGES.publishBlocked. Absent = unchanged. */
  coPerformers: coPerformersInputSchema.optional(),
});
export type UpdateFeedInput = z.infer<typeof updateFeedSchema>;

/** POST /performer/feeds/polls. */
export const createPollSchema = z.object({
  question: z.string().trim().max(500).optional().default(''),
  options: z
    .array(z.string().trim().min(1, 'An option cannot be empty').max(200))
    .min(POLL_MIN_OPTIONS, `A poll needs at least ${POLL_MIN_OPTIONS} options`)
    .max(POLL_MAX_OPTIONS, `A poll has at most ${POLL_MAX_OPTIONS} options`),
  expiresAt: isoFuture,
});
export type CreatePollInput = z.infer<typeof createPollSchema>;

export const FEED_SORTS = ['publishAt', 'createdAt', 'updatedAt'] as const;
/** GET /performer/feeds, GET /user/feeds/search/{username}. `q` searches the text (full-text). */
export const feedListQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(FEED_SORTS, 'publishAt'),
  type: z.enum(FEED_TYPES).optional(),
  visibility: z.enum(FEED_VISIBILITIES).optional(),
  status: z.enum(FEED_STATUSES).optional(),
  /** Only posts carrying this label of the creator's (labels.ts). */
  label: idSchema.optional(),
});
export type FeedListQuery = z.infer<typeof feedListQuerySchema>;

/** GET /user/feeds (home timeline): newest first by publish time. */
/** Most post ids in one POST /user/feeds/views (the web sends what it saw in batches; README of feeds "Post views"). */
export const FEED_VIEWS_BATCH_MAX = 50;
/** A batch of posts the signed-in viewer saw (≥ 50 % visible for ≥ 1 s); each is counted at most once per viewer per UTC day. */
export const feedViewsSchema = z.object({
  ids: z.array(idSchema).min(1, { error: 'At least one post id' }).max(FEED_VIEWS_BATCH_MAX, { error: `At most ${FEED_VIEWS_BATCH_MAX} post ids at once` }),
});
export type FeedViewsInput = z.infer<typeof feedViewsSchema>;
/** How many of the batch's posts were counted as a new view (the others: seen today already, the viewer's own, or not visible to them). */
export const feedViewsResultSchema = z.object({ counted: z.number().int().min(0) });

export const timelineQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const feedPerformerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string(),
});

export const pollOptionSchema = z.object({ _id: z.string(), text: z.string(), votes: z.number().int() });
export const pollSchema = z.object({
  _id: z.string(),
  question: z.string(),
  options: z.array(pollOptionSchema),
  expiresAt: z.string(),
  isExpired: z.boolean(),
  totalVotes: z.number().int(),
  /** The option the viewer voted for, null when they have not (or are anonymous). */
  votedOptionId: z.string().nullable(),
});
export type Poll = z.infer<typeof pollSchema>;

/**
 * A feed as every read answers it. For a locked feed (`isLocked`) `files` carry no URL and no
 * thumbnails (only type, status and the blurred `preview`); teaser and thumbnail stay visible.
 */
export const feedSchema = z.object({
  /** The lowest subscription tier that opens it (null: any subscription). */
  minTierId: z.string().nullable().optional(),
  _id: z.string(),
  performerId: z.string(),
  performer: feedPerformerSchema,
  text: z.string(),
  type: z.enum(FEED_TYPES),
  visibility: z.enum(FEED_VISIBILITIES),
  /** Pay-per-view price (decimal), null for free and subscribers-only feeds. */
  price: z.number().nullable(),
  files: z.array(mediaFileSchema),
  teaser: mediaFileSchema.nullable(),
  thumbnail: mediaFileSchema.nullable(),
  poll: pollSchema.nullable(),
  isSubscribed: z.boolean(),
  isBought: z.boolean(),
  isLocked: z.boolean(),
  totalLike: z.number().int(),
  totalComment: z.number().int(),
  totalBookmark: z.number().int(),
  isLiked: z.boolean(),
  isBookmarked: z.boolean(),
  /** Derived from publishAt at read time: `scheduled` while publishAt is in the future. */
  status: z.enum(FEED_STATUSES),
  publishAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  previewImage: z.string(),
  /** When it leaves every list (null: never); `isExpired` once past — only its owner, admins and buyers still see it then. */
  expiresAt: z.string().nullable().optional(),
  isExpired: z.boolean().optional(),
  /** Pinned to the top of the creator's profile (pin time; null: not pinned). */
  pinnedAt: z.string().nullable().optional(),
  /** Owner and admins only: hidden by the operator (moderation; nobody else sees the item). */
  ...hiddenFlagsShape,
});
export type Feed = z.infer<typeof feedSchema>;

export const createdPollSchema = z.object({ _id: z.string(), poll: pollSchema });
export const voteResultSchema = z.object({ poll: pollSchema });


/** At most this many pinned posts per creator (a 4th pin → 409 FEED_PIN_LIMIT_MESSAGE). */
export const FEED_PIN_MAX = 3;
export const FEED_PIN_LIMIT_MESSAGE = `You can pin at most ${FEED_PIN_MAX} posts: unpin one first`;

/**
 * The expiry rule of a post (create and edit): a time in the future and after the post's publish
 * time. Answers the problem to show on the `expiresAt` field, or null when it is fine.
 */
export function feedExpiryProblem(expiresAt: Date, publishAt: Date, now: Date): string | null {
  if (Number.isNaN(expiresAt.getTime())) return 'Use an ISO date-time';
  if (expiresAt.getTime() <= now.getTime()) return 'Choose a time in the future';
  if (expiresAt.getTime() <= publishAt.getTime()) return 'Choose a time after the post is published';
  return null;
}
