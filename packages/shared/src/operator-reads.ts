import './zod-config';
import { z } from 'zod';
import { conversationPartySchema, messageSchema } from './conversations';
import { feedSchema } from './feeds';
import { gallerySchema, photoSchema } from './galleries';
import { contentSummarySchema } from './moderation';
import { productDownloadLinkSchema, productSchema } from './products';
import { videoSchema } from './videos';

/**
 * The operator console's audited reads of locked media and private conversations (issue 28 §6;
 * the rule: apps/api/README.md "Audit log", access-reason.ts). Everywhere else an operator SEES
 * every item (drafts, hidden ones) but gets media URLs only for what any viewer would (owner,
 * bought, subscribed, free); these routes open the rest — each call carries the operator's reason
 * (`x-access-reason`) and writes one audit row naming the users whose data it was.
 */

/** GET /admin/content/{kind}/{id}: the page of a gallery's photos answered with it (48 by default, in their order). */
export const ADMIN_CONTENT_PHOTOS_PAGE = 48;
export const adminContentItemQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_CONTENT_PHOTOS_PAGE),
});
export type AdminContentItemQuery = z.input<typeof adminContentItemQuerySchema>;

/**
 * One item opened by an operator: the console's summary of it (state, hidden or not, owner) and
 * the view its public page answers — media URLs included — with what that page loads beside it
 * (a gallery's photos, a digital product's download link).
 */
export const adminContentItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('feed'), summary: contentSummarySchema, item: feedSchema }),
  z.object({ kind: z.literal('video'), summary: contentSummarySchema, item: videoSchema }),
  z.object({
    kind: z.literal('gallery'),
    summary: contentSummarySchema,
    item: gallerySchema,
    /** A page of the gallery's photos (every status), with URLs. */
    photos: z.object({ data: z.array(photoSchema), total: z.number().int() }),
  }),
  z.object({
    kind: z.literal('product'),
    summary: contentSummarySchema,
    item: productSchema,
    /** A digital product's file (a link valid 5 minutes); null for a physical product or one without a file yet. */
    download: productDownloadLinkSchema.nullable(),
  }),
]);
export type AdminContentItem = z.infer<typeof adminContentItemSchema>;

/** GET /admin/users/{id}/conversations: a page of one user's private conversations, newest activity first. */
export const adminConversationListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** One conversation of a user as the console lists it: who with, how many messages, when last — never their text. */
export const adminConversationSchema = z.object({
  _id: z.string(),
  /** The other member (the user's side is the page's user). */
  other: conversationPartySchema,
  messageCount: z.number().int(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminConversation = z.infer<typeof adminConversationSchema>;

/** GET /admin/conversations/{id}/messages: the conversation's two members and a page of its messages, newest first. */
export const adminConversationMessagesSchema = z.object({
  conversation: z.object({
    _id: z.string(),
    members: z.array(conversationPartySchema),
    createdAt: z.string(),
  }),
  data: z.array(messageSchema),
  total: z.number().int(),
});
export type AdminConversationMessages = z.infer<typeof adminConversationMessagesSchema>;
