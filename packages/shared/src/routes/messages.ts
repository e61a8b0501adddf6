import '../zod-config';
import { z } from 'zod';
import { envelope, idSchema, listEnvelope, uuidParamSchema } from '../api';
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
export const messages = defineRoutes('messages', {
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
});
