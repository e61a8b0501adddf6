import '../zod-config';
import { z } from 'zod';
import { envelope, idParams, idSchema, listEnvelope, listQuerySchema, okSchema, uuidParamSchema } from '../api';
import {
  MESSAGE_PUBLIC_SLOTS,
  conversationListQuerySchema,
  conversationSchema,
  conversationSearchQuerySchema,
  messageListQuerySchema,
  messageSchema,
  messagingSettingsSchema,
  openConversationSchema,
  sendMessageSchema,
  totalUnreadSchema,
} from '../conversations';
import { fileStatusSchema, mediaFileSchema } from '../media';
import { createMassMessageSchema, fanListInputSchema, fanListMemberSchema, fanListMembersInputSchema, fanListSchema, massMessageListQuerySchema, massMessageSchema } from '../mass-messages';
import { adminConversationListQuerySchema, adminConversationMessagesSchema, adminConversationSchema } from '../operator-reads';
import { defineRoutes } from './define';

const fileUpload = (description: string) => ({
  method: 'POST' as const,
  access: 'user' as const,
  description,
  schema: { consumes: ['multipart/form-data'], response: { 200: envelope(mediaFileSchema) } },
});

/**
 * Spec §7 Conversations and messages (private ones; stream chat arrives with live video).
 * Members only: a conversation or message of others answers 404. Rules:
 * apps/api/src/modules/messages/README.md.
 */
export const messages = {
  ...defineRoutes('messages', {
    // ----------------------------------------------------------- conversations
    list: {
      method: 'GET',
      path: '/conversations',
      access: 'user',
      description: "The caller's conversations, newest activity first, with their unread count, last message and the other party's card.",
      schema: { querystring: conversationListQuerySchema, response: { 200: listEnvelope(conversationSchema) } },
    },
    search: {
      method: 'GET',
      path: '/conversations/search',
      access: 'user',
      description: "The caller's conversations whose other party's name or username contains `q`.",
      schema: { querystring: conversationSearchQuerySchema, response: { 200: listEnvelope(conversationSchema) } },
    },
    open: {
      method: 'POST',
      path: '/conversations',
      access: 'user',
      description:
        'Finds or creates the private conversation between the caller and `sourceId` (one per pair, safe under concurrency). Refused (403) when the caller may not write to them (blocked, their messaging settings, fans to fans unless the site allows it); unknown → 404.',
      schema: { body: openConversationSchema, response: { 200: envelope(conversationSchema) } },
    },
    get: {
      method: 'GET',
      path: '/conversations/:id',
      access: 'user',
      description: 'One conversation of the caller (404 for anyone else).',
      schema: { params: uuidParamSchema, response: { 200: envelope(conversationSchema) } },
    },
    // ----------------------------------------------------------- messages
    messages: {
      method: 'GET',
      path: '/messages/conversations/:id',
      access: 'user',
      description: 'Messages of a conversation of the caller, newest first (the web loads 25 and reverses them). Paid media the caller has not bought comes without URLs.',
      schema: { params: uuidParamSchema, querystring: messageListQuerySchema, response: { 200: listEnvelope(messageSchema) } },
    },
    send: {
      method: 'POST',
      path: '/messages/conversations/:id',
      access: 'user',
      description:
        "Sends a message: text and/or media (`fileIds` of the sender's own ready uploads or vault items, or `imageUrl` as a message photo upload answered). `price` (creators only, with media, within the site's message price limits) makes the media paid. Members only (404); 403 when the caller may not write (block, settings). Rate limited per sender.",
      schema: { params: uuidParamSchema, body: sendMessageSchema, response: { 200: envelope(messageSchema) } },
    },
    remove: {
      method: 'DELETE',
      path: '/messages/:id',
      access: 'user',
      description: "Deletes a message: its sender, or an admin (others' → 403; not a member → 404). The text and media are gone; the other side is told at once. A paid message someone bought cannot be deleted (409).",
      schema: { params: uuidParamSchema, response: { 200: envelope(messageSchema) } },
    },
    totalUnread: {
      method: 'GET',
      path: '/messages/total-unread-messages',
      access: 'user',
      description: 'How many messages (not conversations) the caller has not seen.',
      schema: { response: { 200: envelope(totalUnreadSchema) } },
    },
    readAll: {
      method: 'POST',
      path: '/messages/read-all/:id',
      access: 'user',
      description: "Marks the conversation read for the caller (its unread count becomes 0; the other side sees 'seen'). Answers the caller's new total unread.",
      schema: { params: uuidParamSchema, response: { 200: envelope(totalUnreadSchema) } },
    },
    fileStatus: {
      method: 'GET',
      path: '/messages/:id/file/:fileId/status',
      access: 'user',
      description: 'Processing status of a file of a message of the caller (the uploader may use `new` as the message id for a file not yet sent).',
      schema: {
        params: z.object({ id: z.union([z.literal('new'), idSchema], { error: 'A message id or `new`' }), fileId: idSchema }),
        response: { 200: envelope(fileStatusSchema) },
      },
    },
    // ----------------------------------------------------------- uploads
    uploadFile: { ...fileUpload('Multipart field `file`: a photo, video or audio file for a message (private: delivered only through checked, signed URLs). Answers the file with its processing status.'), path: '/messages/private/file' },
    uploadPhoto: { ...fileUpload('Multipart field `message-photo`: a photo for a message (private). Its `url` (once ready) may be sent as `imageUrl`.'), path: '/messages/private/file/photo' },
    uploadVideo: { ...fileUpload('Multipart field `file`: a video for a message (private).'), path: '/messages/private/file/video' },
    uploadPublic: {
      method: 'POST',
      path: '/messages/public/file/:slot',
      access: 'performer',
      description: 'Multipart field `file`: media whose preview may be shown to anyone (teasers, thumbnails): photo, audio, video or thumbnail.',
      schema: { consumes: ['multipart/form-data'], params: z.object({ slot: z.enum(MESSAGE_PUBLIC_SLOTS) }), response: { 200: envelope(mediaFileSchema) } },
    },
    // ----------------------------------------------------------- creator settings
    settings: {
      method: 'GET',
      path: '/messages/settings',
      access: 'performer',
      description: "The creator's messaging settings: who may start a conversation with them, and a tip required first.",
      schema: { response: { 200: envelope(messagingSettingsSchema) } },
    },
    updateSettings: {
      method: 'PUT',
      path: '/messages/settings',
      access: 'performer',
      description: "Sets the creator's messaging settings.",
      schema: { body: messagingSettingsSchema, response: { 200: envelope(messagingSettingsSchema) } },
    },
    // ----------------------------------------------------------- mass messages
    broadcast: {
      method: 'POST',
      path: '/messages/broadcast-message',
      access: 'performer',
      description:
        'Sends one message (text, media, optional price) to an audience — all subscribers, free-trial subscribers, followers, or chosen lists — now or at `scheduleAt`. Delivered by jobs in batches: each recipient gets their own copy (their own purchase state) and one notification. Blocked users are left out.',
      schema: { body: createMassMessageSchema, response: { 200: envelope(massMessageSchema) } },
    },
    broadcasts: {
      method: 'GET',
      path: '/messages/broadcast-message',
      access: 'performer',
      description: "The creator's mass messages, newest first, with their status and figures (recipients, views, purchases, revenue).",
      schema: { querystring: massMessageListQuerySchema, response: { 200: listEnvelope(massMessageSchema) } },
    },
    broadcastOne: {
      method: 'GET',
      path: '/messages/broadcast-message/:id',
      access: 'performer',
      description: "One of the creator's mass messages (others' → 404).",
      schema: { params: uuidParamSchema, response: { 200: envelope(massMessageSchema) } },
    },
    unsend: {
      method: 'DELETE',
      path: '/messages/broadcast-message/:id',
      access: 'performer',
      description: 'Unsends a mass message: a scheduled one is cancelled; a sent one stops and its unread, unbought copies are removed (by a job). Copies read or bought stay.',
      schema: { params: uuidParamSchema, response: { 200: envelope(massMessageSchema) } },
    },
    // ----------------------------------------------------------- fan lists
    lists: {
      method: 'GET',
      path: '/messages/lists',
      access: 'performer',
      description: "The creator's fan lists (mass-message audiences) with their sizes, by name.",
      schema: { response: { 200: envelope(fanListSchema.array()) } },
    },
    createList: {
      method: 'POST',
      path: '/messages/lists',
      access: 'performer',
      description: 'Makes a list (names unique per creator, any case: 409).',
      schema: { body: fanListInputSchema, response: { 200: envelope(fanListSchema) } },
    },
    renameList: {
      method: 'PUT',
      path: '/messages/lists/:id',
      access: 'performer',
      description: 'Renames an own list.',
      schema: { params: uuidParamSchema, body: fanListInputSchema, response: { 200: envelope(fanListSchema) } },
    },
    removeList: {
      method: 'DELETE',
      path: '/messages/lists/:id',
      access: 'performer',
      description: 'Deletes an own list (its members stay fans).',
      schema: { params: uuidParamSchema, response: { 200: envelope(okSchema) } },
    },
    listMembers: {
      method: 'GET',
      path: '/messages/lists/:id/members',
      access: 'performer',
      description: 'Members of an own list, newest first.',
      schema: { params: uuidParamSchema, querystring: listQuerySchema, response: { 200: listEnvelope(fanListMemberSchema) } },
    },
    addListMembers: {
      method: 'POST',
      path: '/messages/lists/:id/members',
      access: 'performer',
      description: "Adds fans to an own list: users who follow or subscribe (or subscribed) to the creator; anyone else → 422 naming them. Idempotent.",
      schema: { params: uuidParamSchema, body: fanListMembersInputSchema, response: { 200: envelope(fanListSchema) } },
    },
    removeListMember: {
      method: 'DELETE',
      path: '/messages/lists/:id/members/:userId',
      access: 'performer',
      description: 'Takes a user off an own list. Idempotent.',
      schema: { params: idParams('id', 'userId'), response: { 200: envelope(fanListSchema) } },
    },
  }),
  // ----------------------------------------------------------- operator console (issue 28 §6)
  ...defineRoutes('admin', {
    adminConversations: {
      method: 'GET',
      path: '/admin/users/:id/conversations',
      access: 'admin',
      description:
        "Operator: a page of one user's private conversations, newest activity first — the other member, the number of messages, the last message's time; never a message's text. An audited read (`conversations.read`, subjects: the user and the other members on the page). 404 unknown user.",
      operatorRead: true,
      schema: { params: uuidParamSchema, querystring: adminConversationListQuerySchema, response: { 200: listEnvelope(adminConversationSchema) } },
    },
    adminMessages: {
      method: 'GET',
      path: '/admin/conversations/:id/messages',
      access: 'admin',
      description:
        "Operator: a page of one private conversation's messages, newest first, with their full text and media — paid media unlocked — and the two members. An audited read (`conversation.read`, subjects: both members). Read only: nothing is marked seen. 404 unknown conversation.",
      operatorRead: true,
      schema: { params: uuidParamSchema, querystring: messageListQuerySchema, response: { 200: envelope(adminConversationMessagesSchema) } },
    },
  }),
};
