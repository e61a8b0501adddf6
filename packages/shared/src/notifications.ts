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

/** Types whose push is off unless the user turns it on (the welcome: the reader is on the site when it is made); every other type is pushed to devices with push on. */
export const PUSH_OFF_BY_DEFAULT: readonly NotificationType[] = ['welcome'];

/** One row of the preferences: in the app (bell, toast), by e-mail and by push (to the devices with push on), per type. */
export const notificationPreferenceSchema = z.object({ type: notificationTypeSchema, inApp: z.boolean(), email: z.boolean(), push: z.boolean() });
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;
/** A row to save: a channel left out keeps its value (older clients send no `push`). */
export const notificationPreferenceInputSchema = notificationPreferenceSchema.extend({ push: z.boolean().optional() });
export type NotificationPreferenceInput = z.infer<typeof notificationPreferenceInputSchema>;
export const notificationPreferencesBodySchema = z.object({ preferences: z.array(notificationPreferenceInputSchema).min(1).max(NOTIFICATION_TYPES.length) });

/** base64url (no padding) of exactly `bytes` bytes. */
const base64urlOf = (bytes: number, what: string) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `must be base64url (${what})`)
    .refine((v) => Math.floor((v.replace(/=+$/, '').length * 3) / 4) === bytes, `must be ${bytes} bytes (${what})`);

/**
 * A browser's push subscription (PushSubscription.toJSON()): the push service's endpoint and the
 * keys the payload is encrypted for. One per browser profile; the same endpoint sent again (or by
 * another account signed in on that browser) moves it to the caller.
 */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z.string().max(2000).url().refine((v) => /^https?:\/\//.test(v), 'must be an http(s) address'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64urlOf(65, 'a P-256 public key'), auth: base64urlOf(16, 'the auth secret') }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** One of the caller's devices with push on (never its endpoint: that address lets anyone push to it). */
export const pushDeviceSchema = z.object({
  _id: z.string(),
  /** Browser and system, from the User-Agent when it was turned on ("Chrome on Android"). */
  label: z.string(),
  createdAt: z.string(),
  /** When a push last reached its push service. */
  lastPushAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;
export const pushDeviceParamsSchema = z.object({ id: idSchema });
/** What a browser needs to subscribe: whether the site sends pushes, and its VAPID public key (applicationServerKey). */
export const pushKeySchema = z.object({ enabled: z.boolean(), publicKey: z.string().nullable() });

/**
 * What a push carries (encrypted for the device; the service worker shows it). Plain text written
 * for the reader and a site path — never a media URL, so a locked item cannot leak through a push.
 */
export const pushPayloadSchema = z.object({
  /** The notification's id: the shown notification's tag, so a repeated delivery replaces it. */
  id: z.string(),
  type: notificationTypeSchema,
  title: z.string(),
  body: z.string(),
  /** Site path opened on tap (the notification's link, else /notifications). */
  url: z.string().startsWith('/'),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
export const notificationIdParamsSchema = z.object({ id: idSchema });

/** The unsubscribe link of a notification e-mail: a signed token naming the user and the type. */
export const notificationUnsubscribeBodySchema = z.object({ token: z.string().min(1).max(1000) });
export const notificationUnsubscribeResultSchema = z.object({ type: notificationTypeSchema });
