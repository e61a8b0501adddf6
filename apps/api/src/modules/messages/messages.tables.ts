import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MessagePolicy } from '@stagepass/shared';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * A private conversation: ONE per pair of users, the pair stored ordered (`userLowId` <
 * `userHighId`) under a unique index, so two concurrent "open" calls find the same row. The last
 * message is denormalised for the list.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: idColumn(),
    type: text('type').$type<'private'>().notNull().default('private'),
    userLowId: uuid('user_low_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    userHighId: uuid('user_high_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: uuid('last_message_id'),
    lastMessageText: text('last_message_text').notNull().default(''),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }),
    lastSenderId: uuid('last_sender_id'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('conversations_pair_uq').on(t.userLowId, t.userHighId)],
);
export type ConversationRow = typeof conversations.$inferSelect;

/**
 * A member's side of a conversation: their unread count (changed only by single atomic UPDATEs:
 * `+1` for the receiver in the send's transaction, `= 0` on read — never read-modify-write), when
 * they last read it, and the activity time their list is ordered by (the index serves the list).
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The other member (the list shows them; search looks them up). */
    otherUserId: uuid('other_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    unreadCount: integer('unread_count').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    activityAt: timestamp('activity_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_activity_idx').on(t.userId, t.activityAt.desc().nullsFirst(), t.conversationId.desc().nullsFirst()),
    index('conversation_members_unread_idx').on(t.userId).where(sql`${t.unreadCount} > 0`),
  ],
);
export type ConversationMemberRow = typeof conversationMembers.$inferSelect;

/**
 * A message. `fileIds` are the sender's media files (rows in `files`); `price` (minor units) makes
 * them paid for the receiver. A deleted message keeps its row (the thread shows 'Message
 * deleted!') with its text and files cleared. `massMessageId` marks a mass message's copy.
 */
export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    price: integer('price'),
    massMessageId: uuid('mass_message_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('messages_mass_idx').on(t.massMessageId).where(sql`${t.massMessageId} is not null`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/** A creator's messaging settings: who may start a conversation with them, and a tip to open one. */
export const messagingSettings = pgTable('messaging_settings', {
  performerId: uuid('performer_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  whoCanMessage: text('who_can_message').$type<MessagePolicy>().notNull().default('followers'),
  /** Minor units a fan must have tipped before their first message (0: none). */
  tipToOpen: integer('tip_to_open').notNull().default(0),
  ...timestamps(),
});
