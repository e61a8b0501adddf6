import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema, sortBySchema } from './api';
import { GENDERS } from './genders';
import { publicUserSchema } from './users';
import { COMMENTABLE_KINDS, REACTABLE_KINDS, type REPORTABLE_KINDS } from './content-kinds';
import { tierBadgeSchema } from './tier-badge';

/**
 * Social and discovery contracts: follows, reactions, comments, reports, creator search and
 * search keywords (spec §7 Follows, Comments, Reactions and reports, Search, Performers).
 */

/** Query booleans arrive as text: 'true'/'1' → true, 'false'/'0' → false. */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

// ── Follows ────────────────────────────────────────────────────────────────────────────────
/** A creator in a list: the public profile plus social figures for the caller. */
export const performerListItemSchema = publicUserSchema.extend({
  totalFollowers: z.number().int(),
  isFollowed: z.boolean(),
});
export type PerformerListItem = z.infer<typeof performerListItemSchema>;

/** One entry of GET /follows/followers or /follows/following. */
export const followItemSchema = publicUserSchema.extend({
  totalFollowers: z.number().int(),
  isFollowed: z.boolean(),
  followedAt: z.string(),
});
export type FollowItem = z.infer<typeof followItemSchema>;

/** Answer of POST/DELETE /follows/{id}. */
export const followStateSchema = z.object({
  performerId: z.string(),
  isFollowed: z.boolean(),
  totalFollowers: z.number().int(),
});
export type FollowState = z.infer<typeof followStateSchema>;

/** Follow lists sort by when the follow happened (`createdAt`) or by the other person's name. */
export const FOLLOW_SORTS = ['createdAt', 'name'] as const;
export const followingQuerySchema = listQuerySchema.extend({ sortBy: sortBySchema(FOLLOW_SORTS, 'createdAt') });
export const followersQuerySchema = followingQuerySchema.extend({ performerId: idSchema.optional() });
export type FollowListQuery = z.infer<typeof followingQuerySchema>;

/** GET /performers/{id}/stats. */
export const performerStatsSchema = z.object({
  totalFeeds: z.number().int(),
  /** Published videos, galleries and active products the viewer may see listed (the profile's tabs). */
  totalVideos: z.number().int(),
  totalGalleries: z.number().int(),
  totalProducts: z.number().int(),
  totalFollowers: z.number().int(),
  totalLikes: z.number().int(),
  isFollowed: z.boolean(),
});
export type PerformerStats = z.infer<typeof performerStatsSchema>;

// ── Reactions ──────────────────────────────────────────────────────────────────────────────
export const REACTION_OBJECT_TYPES = REACTABLE_KINDS;
export type ReactionObjectType = (typeof REACTION_OBJECT_TYPES)[number];
export const REACTION_ACTIONS = ['like', 'bookmark'] as const;
export type ReactionAction = (typeof REACTION_ACTIONS)[number];

/** POST /reactions and DELETE /reactions body. */
export const reactionInputSchema = z.object({
  objectId: idSchema,
  objectType: z.enum(REACTION_OBJECT_TYPES),
  action: z.enum(REACTION_ACTIONS),
});
export type ReactionInput = z.infer<typeof reactionInputSchema>;

/** Answer of POST/DELETE /reactions: the caller's state and the item's count for that action. */
export const reactionStateSchema = z.object({
  objectId: z.string(),
  objectType: z.enum(REACTION_OBJECT_TYPES),
  action: z.enum(REACTION_ACTIONS),
  reacted: z.boolean(),
  total: z.number().int(),
});
export type ReactionState = z.infer<typeof reactionStateSchema>;

/** The `{type}` of GET /reactions/{type}/bookmark (plural, as the spec's paths spell it). */
export const BOOKMARK_LIST_TYPES = { feeds: 'feed', performers: 'performer', videos: 'video', galleries: 'gallery', products: 'product' } as const satisfies Record<string, (typeof REACTABLE_KINDS)[number]>;
export type BookmarkListType = keyof typeof BOOKMARK_LIST_TYPES;
/** GET /reactions/{type}/bookmark: by when the bookmark was made. */
export const BOOKMARK_SORTS = ['createdAt'] as const;
export const bookmarkListQuerySchema = listQuerySchema.extend({ sortBy: sortBySchema(BOOKMARK_SORTS, 'createdAt') });

/** One bookmark: when it was made and the object (shape depends on the type; null when gone). */
export const bookmarkItemSchema = z.object({
  _id: z.string(),
  objectId: z.string(),
  objectType: z.enum(REACTION_OBJECT_TYPES),
  createdAt: z.string(),
  /** feeds: the feed as GET /user/feeds/{id} shows it; performers: PerformerListItem. */
  object: z.unknown().nullable(),
});
export type BookmarkItem = z.infer<typeof bookmarkItemSchema>;

// ── Comments ───────────────────────────────────────────────────────────────────────────────
export const COMMENT_OBJECT_TYPES = COMMENTABLE_KINDS;
export type CommentObjectType = (typeof COMMENT_OBJECT_TYPES)[number];
export const COMMENT_MAX_LENGTH = 2000;

const commentContent = z.string().trim().min(1, 'Write a comment').max(COMMENT_MAX_LENGTH, `At most ${COMMENT_MAX_LENGTH} characters`);

export const createCommentSchema = z.object({
  objectId: idSchema,
  objectType: z.enum(COMMENT_OBJECT_TYPES),
  content: commentContent,
  parentId: idSchema.optional().nullable(),
});
export type CreateCommentInput = z.infer<typeof createCommentSchema>;
export const updateCommentSchema = z.object({ content: commentContent });
export type UpdateCommentInput = z.infer<typeof updateCommentSchema>;

export const COMMENT_SORTS = ['createdAt'] as const;
export const commentsQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(COMMENT_SORTS, 'createdAt'),
  objectId: idSchema,
  objectType: z.enum(COMMENT_OBJECT_TYPES),
  /** Replies of this comment; absent → top-level comments. */
  parentId: idSchema.optional(),
});
export type CommentsQuery = z.infer<typeof commentsQuerySchema>;

export const commentAuthorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string(),
  isPerformer: z.boolean(),
});
export const commentSchema = z.object({
  _id: z.string(),
  objectId: z.string(),
  objectType: z.enum(COMMENT_OBJECT_TYPES),
  parentId: z.string().nullable(),
  content: z.string(),
  createdBy: z.string(),
  creator: commentAuthorSchema.nullable(),
  /** The author's subscription tier with the item's creator — told to that creator only (issue 30 §1). */
  tier: tierBadgeSchema.nullable().optional(),
  totalReply: z.number().int(),
  totalLike: z.number().int(),
  isLiked: z.boolean(),
  /** The caller may delete it (author or the item's creator). */
  canDelete: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

// ── Reports ────────────────────────────────────────────────────────────────────────────────
/** Reportable content kinds, and `user` (an account). Order kept as published in the OpenAPI document. */
export const REPORT_TARGETS = ['feed', 'performer', 'comment', 'video', 'gallery', 'product', 'user', 'message'] as const satisfies ReadonlyArray<(typeof REPORTABLE_KINDS)[number] | 'user'>;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_REASONS = ['spam', 'abuse', 'copyright', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** open: waiting for the operator; actioned: the operator acted on the target (hid, deleted, warned, suspended); dismissed: nothing to do. */
export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const createReportSchema = z.object({
  target: z.enum(REPORT_TARGETS),
  targetId: idSchema,
  reason: z.enum(REPORT_REASONS),
  description: z.string().trim().max(1000, 'At most 1000 characters').optional().default(''),
});
export type CreateReportInput = z.infer<typeof createReportSchema>;

export const reportSchema = z.object({
  _id: z.string(),
  target: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  reason: z.enum(REPORT_REASONS),
  description: z.string(),
  status: z.enum(REPORT_STATUSES),
  reporterId: z.string(),
  reporter: commentAuthorSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

// ── Creator discovery and search ───────────────────────────────────────────────────────────
export const PERFORMER_SORTS = ['popular', 'newest', 'name', 'createdAt', 'updatedAt'] as const;
export const performerSearchQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(PERFORMER_SORTS, 'popular'),
  /** Default: asc for `name`, desc otherwise. */
  sort: z.enum(['asc', 'desc']).optional(),
  gender: z.enum(GENDERS).optional(),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'A two-letter country code').optional(),
  isFreeSubscription: queryBoolean.optional(),
});
export type PerformerSearchQuery = z.infer<typeof performerSearchQuerySchema>;
export const RANDOM_PERFORMERS_MAX = 20;
export const randomPerformersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(RANDOM_PERFORMERS_MAX).default(12),
  gender: z.enum(GENDERS).optional(),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/).optional(),
});
export const topPerformersQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const KEYWORD_MAX_LENGTH = 100;
export const searchKeywordInputSchema = z.object({
  keyword: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(KEYWORD_MAX_LENGTH, `At most ${KEYWORD_MAX_LENGTH} characters`)
    .transform((k) => k.replace(/\s+/g, ' ').toLowerCase()),
});
export const searchKeywordSchema = z.object({ keyword: z.string(), count: z.number().int(), updatedAt: z.string() });
export type SearchKeyword = z.infer<typeof searchKeywordSchema>;
export const keywordsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });

/** GET /search/feeds: newest published first. */
export const FEED_SEARCH_SORTS = ['publishAt'] as const;
export const feedSearchQuerySchema = listQuerySchema.extend({ sortBy: sortBySchema(FEED_SEARCH_SORTS, 'publishAt'), q: z.string().trim().min(1, 'Required').max(200) });
