import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MassAudience, MassStatus, MessagePolicy } from '@stagepass/shared';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';
import { subscriptionTiers } from '../subscriptions/tiers.tables';

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
    // A sender's messages with media (the vault's "used in" counts).
    index('messages_sender_files_idx').on(t.senderId).where(sql`${t.fileIds} <> '[]'::jsonb and ${t.deletedAt} is null and ${t.massMessageId} is null`),
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

/**
 * A mass message: one text/media/price sent to an audience, each recipient getting their own copy
 * in `messages` (`mass_message_id`). Delivered by jobs a batch at a time: `cursor` is the last
 * recipient id delivered (keyset), moved in the batch's own transaction together with its copies,
 * so a retried or duplicated batch never delivers twice.
 */
export const massMessages = pgTable(
  'mass_messages',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    price: integer('price'),
    audience: text('audience').$type<MassAudience>().notNull(),
    listIds: jsonb('list_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status').$type<MassStatus>().notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    cursor: uuid('cursor'),
    delivered: integer('delivered').notNull().default(0),
    /** Lowest subscription tier that opens it (null: any subscription; subscriptions/tiers.policy.ts). */
    minTierId: uuid('min_tier_id').references(() => subscriptionTiers.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('mass_messages_performer_idx').on(t.performerId, t.createdAt.desc().nullsFirst()),
    // The creator's calendar (modules/calendar): their mass messages by send time over a range.
    index('mass_messages_performer_scheduled_idx').on(t.performerId, t.scheduledAt),
    // The recovery sweep: scheduled ones whose time came, and deliveries that stopped half way.
    index('mass_messages_pending_idx').on(t.scheduledAt).where(sql`${t.status} in ('scheduled', 'sending')`),
  ],
);
export type MassMessageRow = typeof massMessages.$inferSelect;

/** A creator's named list of fans (a mass-message audience). */
export const fanLists = pgTable(
  'fan_lists',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('fan_lists_performer_name_uq').on(t.performerId, sql`lower(${t.name})`)],
);
export type FanListRow = typeof fanLists.$inferSelect;

export const fanListMembers = pgTable(
  'fan_list_members',
  {
    listId: uuid('list_id').notNull().references(() => fanLists.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.userId] }), index('fan_list_members_list_created_idx').on(t.listId, t.createdAt)],
);
