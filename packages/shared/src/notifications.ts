import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema, sortBySchema } from './api';
import { CONTENT_KINDS } from './content-kinds';
import { queryBoolean } from './social';
import { NOTIFICATION_PAGE_SIZE } from './defaults';

/**
 * Notifications (spec §3 Notification state, §4 Notifications, §7 Notifications). Created by
 * domain-event handlers on the API, pushed on the socket at once, listed 12 a page.
 */
export const NOTIFICATION_TYPES = [
  'welcome',
  'new_subscriber',
  'subscription_renewed',
  'subscription_cancelled',
  'subscription_past_due',
  'tip',
  'purchase',
  'comment',
  'reply',
  'follow',
  'payout',
  'new_post',
  'message',
  'order',
  'verification',
  'moderation',
  /** A creator the reader follows or subscribes to went live. */
  'stream',
  /** The reader's personal data export is ready (modules/privacy). */
  'privacy',
  /** Co-performers (modules/releases): a tag request, a tag answered, a release approved or rejected, content hidden because consent ended. */
  'coperformer',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Types whose e-mail is off unless the user turns it on (noisy ones, and the welcome: sign-up already mails); every type is on in the app. */
export const EMAIL_OFF_BY_DEFAULT: readonly NotificationType[] = ['welcome', 'follow', 'new_post', 'comment', 'reply', 'message', 'stream'];

/** The user a notification is about (who tipped, followed, commented…), as a small card. */
export const notificationActorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string(),
  isPerformer: z.boolean(),
});

export const notificationSchema = z.object({
  _id: z.string(),
  type: notificationTypeSchema,
  /** Who caused it; null for the platform's own (welcome, payout). */
  actor: notificationActorSchema.nullable(),
  /** What it is about (a feed, a comment, a creator…), when anything. */
  objectKind: z.enum(CONTENT_KINDS).nullable(),
  objectId: z.string().nullable(),
  /** Plain text, already written for the reader ("Frankie tipped you $5.00"). Never a media URL. */
  text: z.string(),
  /** Where the web sends the reader on click (a site path). */
  link: z.string().nullable(),
  read: z.boolean(),
  /** How many like notifications it stands for (1, or more when repeated ones were grouped: "published 3 new videos"). */
  count: z.number().int().min(1),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * Repeated notifications of the same type, author and kind of item (a creator's new posts, new
 * videos) made within this many minutes of the previous one, while it is unread, are grouped into
 * one ("Luna Rivers published 3 new videos, the latest “Sunset session”").
 */
export const NOTIFICATION_GROUP_WINDOW_MINUTES = 60;

/** An item's name as a notification quotes it: its first line, at most `max` characters (… when cut). */
export function quotedTitle(title: string | null | undefined, max = 60): string | null {
  const t = (title ?? '').replace(/\s+/g, ' ').trim();
  if (!t) return null;
  return `“${t.length > max ? `${t.slice(0, max - 1).trimEnd()}…` : t}”`;
}

export const notificationListQuerySchema = listQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
  sortBy: sortBySchema(['updatedAt', 'createdAt'], 'updatedAt'),
  type: notificationTypeSchema.optional(),
  read: queryBoolean.optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationTotalUnreadSchema = z.object({ total: z.number().int() });

/** One row of the preferences: in the app (bell, toast) and by e-mail, per type. */
export const notificationPreferenceSchema = z.object({ type: notificationTypeSchema, inApp: z.boolean(), email: z.boolean() });
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;
export const notificationPreferencesBodySchema = z.object({ preferences: z.array(notificationPreferenceSchema).min(1).max(NOTIFICATION_TYPES.length) });
export const notificationIdParamsSchema = z.object({ id: idSchema });

/** The unsubscribe link of a notification e-mail: a signed token naming the user and the type. */
export const notificationUnsubscribeBodySchema = z.object({ token: z.string().min(1).max(1000) });
export const notificationUnsubscribeResultSchema = z.object({ type: notificationTypeSchema });
