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
  },
  (t) => [primaryKey({ name: 'notification_preferences_pk', columns: [t.userId, t.type] })],
);
