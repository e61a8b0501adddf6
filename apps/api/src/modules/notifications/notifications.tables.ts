import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONTENT_KINDS, NOTIFICATION_TYPES } from '@stagepass/shared';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * One notification for one user. `event_id` is the domain event that caused it: unique with the
 * user, so a redelivered event never notifies twice. The text is written for the reader when the
 * notification is made (it never carries a media URL).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    objectKind: text('object_kind', { enum: CONTENT_KINDS }),
    objectId: uuid('object_id'),
    text: text('text').notNull(),
    link: text('link'),
    eventId: uuid('event_id'),
    /** How many notifications this row stands for: a grouped one replaced its unread predecessor (README "Grouping"). */
    groupCount: integer('group_count').notNull().default(1),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    // The list: a user's notifications, newest activity first (also with a type filter).
    index('notifications_user_updated_idx').on(t.userId, t.updatedAt),
    // The unread count: only unread rows are in this index.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_event_user_uq').on(t.eventId, t.userId),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** A user's switch per type; a type without a row uses the defaults (shared EMAIL_OFF_BY_DEFAULT). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    /** Pushed to the user's devices with push on (migration 0070; off by default: shared PUSH_OFF_BY_DEFAULT). */
    push: boolean('push').notNull().default(true),
  },
  (t) => [primaryKey({ name: 'notification_preferences_pk', columns: [t.userId, t.type] })],
);

/**
 * A browser with push on (README "Web Push"): its push service's endpoint (unique: one browser
 * profile is one subscription, owned by whoever turned push on there last) and the keys a payload
 * is encrypted for. Removed when the push service answers 404/410, when the user turns it off, or
 * with the account.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** "Chrome on Android", from the User-Agent when it was turned on. */
    label: text('label').notNull(),
    lastPushAt: timestamp('last_push_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
