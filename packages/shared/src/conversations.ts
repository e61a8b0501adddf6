import './zod-config';
import { z } from 'zod';
import { idSchema } from './api';
import { mediaFileSchema } from './media';
import { publicUserSchema } from './users';
import { tierBadgeSchema } from './tier-badge';
import { CONVERSATION_SOURCES, MESSAGE_FILES_MAX, MESSAGE_PAGE_SIZE, MESSAGE_POLICIES, MESSAGE_PRICE_MAX, MESSAGE_TEXT_MAX } from './message-defaults';

/**
 * Private conversations and their messages (spec §3 Conversation/Message, §4, §7 Conversations
 * and messages). One private conversation per pair of users. Rules (who may write to whom, paid
 * media, deletion, unread counts): apps/api/src/modules/messages/README.md.
 */

export const openConversationSchema = z.object({
  source: z.enum(CONVERSATION_SOURCES),
  sourceId: idSchema,
});
export type OpenConversationInput = z.infer<typeof openConversationSchema>;

/** The other party as a conversation shows them. */
export const conversationPartySchema = publicUserSchema.pick({ _id: true, name: true, username: true, avatar: true, isPerformer: true });
export type ConversationParty = z.infer<typeof conversationPartySchema>;

/** A conversation as one of its members sees it. */
export const conversationSchema = z.object({
  _id: z.string(),
  type: z.literal('private'),
  /** Messages the caller has not seen in it. */
  totalNotSeenMessages: z.number().int(),
  /** The last message's text ('' for media only; 'Message deleted!' is shown by the client for deleted ones). */
  lastMessage: z.string(),
  lastMessageCreatedAt: z.string().nullable(),
  lastSenderId: z.string().nullable(),
  /** The last message was deleted (the list shows 'Message deleted!'). */
  lastMessageDeleted: z.boolean(),
  /** The other member. */
  recipient: conversationPartySchema,
  /**
   * Only when the caller is a creator: the other member's subscription tier with them (a
   * subscription that grants access now), null when they have none — the badge beside the fan's
   * name (issue 30 §1). Absent for anyone else: fans never see tiers.
   */
  recipientTier: tierBadgeSchema.nullable().optional(),
  /** When the other member last read the conversation (read receipts: messages up to it are seen). */
  recipientSeenAt: z.string().nullable(),
  /** Either side blocked the other: nobody can write. */
  isBlocked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const conversationSearchQuerySchema = conversationListQuerySchema.extend({ q: z.string().trim().min(1, 'Required').max(100) });

export const messageListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGE_PAGE_SIZE),
});

/**
 * POST /messages/conversations/{id}. Text and/or media: `fileIds` (the sender's own uploads or
 * vault items), or `imageUrl` (the URL a message photo upload answered). `price` (a creator only,
 * with media) makes the media paid: the recipient sees a blurred preview until they buy it.
 */
export const sendMessageSchema = z
  .object({
    text: z.string().max(MESSAGE_TEXT_MAX, `At most ${MESSAGE_TEXT_MAX} characters`).default(''),
    fileIds: z.array(idSchema).max(MESSAGE_FILES_MAX).optional(),
    imageUrl: z.string().trim().max(2000).optional(),
    price: z.number().min(0, 'The price cannot be negative').max(MESSAGE_PRICE_MAX).multipleOf(0.01).optional(),
  })
  .refine((m) => m.text.trim() !== '' || (m.fileIds?.length ?? 0) > 0 || Boolean(m.imageUrl), { path: ['text'], message: 'Write something or attach a file' });
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** A message as one member sees it. Locked (paid, not bought, not the sender's) → files without URLs. */
export const messageSchema = z.object({
  _id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  text: z.string(),
  files: z.array(mediaFileSchema),
  /** Price of the media in the site currency; null when free. */
  price: z.number().nullable(),
  /** The caller bought it (a paid message they received). */
  isBought: z.boolean(),
  /** Paid media the caller may not open yet. */
  isLocked: z.boolean(),
  isDeleted: z.boolean(),
  /** Set when the message is a copy of a mass message. */
  massMessageId: z.string().nullable(),
  /** The sender of a paid message: whether its recipient bought it ("Bought" / "Not bought yet"); null for anyone else or a free message. */
  boughtByRecipient: z.boolean().nullable(),
  /** The sender of a paid mass message's copy: how many of its copies were bought so far; null otherwise. */
  massPurchases: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const totalUnreadSchema = z.object({ total: z.number().int() });

/** Upload slots of message media: private (the message's own media), public (previews that may be shown to anyone). */
export const MESSAGE_PUBLIC_SLOTS = ['photo', 'audio', 'video', 'thumbnail'] as const;
export type MessagePublicSlot = (typeof MESSAGE_PUBLIC_SLOTS)[number];

export const messagingSettingsSchema = z.object({
  whoCanMessage: z.enum(MESSAGE_POLICIES),
  /** A tip (site currency) a fan must have sent before their first message; 0 for none. */
  tipToOpen: z.number().min(0).max(MESSAGE_PRICE_MAX).multipleOf(0.01),
});
export type MessagingSettings = z.infer<typeof messagingSettingsSchema>;
