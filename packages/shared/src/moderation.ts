import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema, sortBySchema } from './api';
import { CONTENT_KINDS, type ContentKind } from './content-kinds';
import { ASSET_STATUSES } from './catalogue';
import { FEED_STATUSES } from './feeds';
export { hiddenFlagsShape } from './hidden';
import { queryBoolean, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS, reportSchema } from './social';

/**
 * Moderation (issue 14): hidden content, the reports queue and the Content section of the operator
 * console. Rules: apps/api/src/modules/reports/README.md ("Moderation") and users/README.md
 * ("Hidden content").
 */

/** Kinds an operator can hide (their tables carry hidden_at / hidden_by / hidden_reason). */
export const HIDEABLE_KINDS = ['feed', 'video', 'gallery', 'product'] as const satisfies readonly ContentKind[];
export type HideableKind = (typeof HIDEABLE_KINDS)[number];
export const isHideableKind = (v: string): v is HideableKind => (HIDEABLE_KINDS as readonly string[]).includes(v);

export const HIDDEN_REASON_MAX = 500;
export const WARNING_MAX = 2000;
const reasonSchema = z.string().trim().min(1, 'Required').max(HIDDEN_REASON_MAX, `At most ${HIDDEN_REASON_MAX} characters`);

/** The owner of an item, as the console shows them. */
export const moderationOwnerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string(),
  status: z.string(),
});
export type ModerationOwner = z.infer<typeof moderationOwnerSchema>;

/** Any item (or account) in the console: enough to recognise it, open it and act on it. */
export const contentSummarySchema = z.object({
  kind: z.enum([...CONTENT_KINDS, 'user']),
  _id: z.string(),
  /** Title, name or the first words of the text. */
  title: z.string(),
  /** A longer plain-text excerpt (description, comment text, message text). */
  excerpt: z.string(),
  /** A public picture (thumbnail, cover, product image, avatar) when there is one. */
  thumbnail: z.string().nullable(),
  /** The kind's own status (published|scheduled, draft|active|inactive, active|suspended, …). */
  status: z.string(),
  ownerId: z.string().nullable(),
  owner: moderationOwnerSchema.nullable(),
  hidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  /** The public page of the item in the web app, when it has one. */
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type ContentSummary = z.infer<typeof contentSummarySchema>;

// ── Content section ─────────────────────────────────────────────────────────────────────────
export const ADMIN_CONTENT_STATUSES = [...FEED_STATUSES, ...ASSET_STATUSES] as const;
export const ADMIN_CONTENT_SORTS = ['createdAt', 'updatedAt'] as const;
/** GET /admin/content: one kind at a time; `status` is the kind's own (feeds: published|scheduled; others: draft|active|inactive). */
export const adminContentQuerySchema = listQuerySchema.extend({
  kind: z.enum(HIDEABLE_KINDS).default('feed'),
  sortBy: sortBySchema(ADMIN_CONTENT_SORTS, 'createdAt'),
  performerId: idSchema.optional(),
  status: z.enum(ADMIN_CONTENT_STATUSES).optional(),
  hidden: queryBoolean.optional(),
});
export type AdminContentQuery = z.infer<typeof adminContentQuerySchema>;
export const hideableParamsSchema = z.object({ kind: z.enum(HIDEABLE_KINDS), id: idSchema });
export const hideContentBodySchema = z.object({ reason: reasonSchema });
export type HideContentInput = z.infer<typeof hideContentBodySchema>;

// ── Reports queue ───────────────────────────────────────────────────────────────────────────
export const REPORT_GROUP_SORTS = ['lastReportedAt', 'firstReportedAt', 'count'] as const;
/** GET /admin/reports: reports grouped by target. `status` open by default (the queue); `reason`: targets with at least one report for it. */
export const reportQueueQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(REPORT_GROUP_SORTS, 'lastReportedAt'),
  status: z.enum(REPORT_STATUSES).default('open'),
  target: z.enum(REPORT_TARGETS).optional(),
  reason: z.enum(REPORT_REASONS).optional(),
});
export type ReportQueueQuery = z.infer<typeof reportQueueQuerySchema>;

export const reportReasonCountSchema = z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() });

/**
 * One reported target: its reports in `status` counted and summed up. `status`: open while any
 * report on it is open; else what the last decision was (actioned or dismissed).
 */
export const reportGroupSchema = z.object({
  target: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  /** Null when the item no longer exists (deleted by its owner). */
  preview: contentSummarySchema.nullable(),
  owner: moderationOwnerSchema.nullable(),
  reasons: z.array(reportReasonCountSchema),
  /** The first reporters (up to 5), newest first. */
  reporters: z.array(moderationOwnerSchema),
  count: z.number().int(),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** The last action taken on the target (dismiss, hide, delete, warn, suspend), if any. */
  action: z.string().nullable(),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;
/** GET /admin/reports/{target}/{targetId}: the group and every report on the target (newest first, up to 100). */
export const reportTargetDetailSchema = z.object({ group: reportGroupSchema, reports: z.array(reportSchema) });
export type ReportTargetDetail = z.infer<typeof reportTargetDetailSchema>;
export const reportTargetParamsSchema = z.object({ target: z.enum(REPORT_TARGETS), targetId: idSchema });

export const REPORT_ACTIONS = ['dismiss', 'hide', 'delete', 'warn', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
/**
 * POST /admin/reports/{target}/{targetId}/actions. dismiss: close the reports, nothing else;
 * hide: hide the item (hideable kinds); delete: delete the comment (comments only); warn: a
 * notification with `message` to the owner; suspend: suspend the owner's account.
 */
export const reportActionBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('dismiss'), note: z.string().trim().max(HIDDEN_REASON_MAX).optional() }),
  z.object({ action: z.literal('hide'), reason: reasonSchema }),
  z.object({ action: z.literal('delete'), reason: z.string().trim().max(HIDDEN_REASON_MAX).optional() }),
  z.object({ action: z.literal('warn'), message: z.string().trim().min(1, 'Required').max(WARNING_MAX, `At most ${WARNING_MAX} characters`) }),
  z.object({ action: z.literal('suspend'), reason: reasonSchema }),
]);
export type ReportActionInput = z.infer<typeof reportActionBodySchema>;
