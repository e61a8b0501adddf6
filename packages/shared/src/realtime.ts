import type { FileStatus } from './message-defaults';
import type { Notification } from './notifications';
import type { Message } from './conversations';
import type { PrivateRequest, Stream, StreamEndReason, StreamMessage } from './streaming';

/**
 * The realtime gateway's contract (socket.io; ARCHITECTURE.md "Realtime"): the events the server
 * sends, the events a client may send, and the room names. Both the API (platform/realtime.ts)
 * and the web (lib/socket.tsx) type their socket with these maps, so an event name or payload
 * cannot drift between them.
 */

/** Processing status of an uploaded file, sent to its uploader only. No URL: the client asks the status route for its view. */
export interface MediaStatusEvent {
  fileId: string;
  status: FileStatus;
  /** Why processing failed (status `failed`). */
  error?: string;
}

/** A new notification of the receiver, with their unread total after it (spec §3 Notification state). */
export interface NotificationCreatedEvent {
  notification: Notification;
  totalUnread: number;
}

/** A creator the receiver subscribes to or follows published a post (home feeds offer to show it). No media, no text. */
export interface FeedPublishedEvent {
  feedId: string;
  performerId: string;
}

/** A new message, shaped for its receiver (paid media locked unless theirs or bought), with their counts after it. */
export interface MessageCreatedEvent {
  message: Message;
  conversation: { _id: string; lastMessage: string; lastMessageCreatedAt: string; lastSenderId: string; totalNotSeenMessages: number };
  /** The receiver's unread messages in all conversations. */
  totalUnread: number;
}

/** Server → client. */
export interface ServerToClientEvents {
  'media/status': (e: MediaStatusEvent) => void;
  'notification/created': (e: NotificationCreatedEvent) => void;
  /** The receiver's unread total changed without a new notification (read on another tab or device). */
  'notification/total-unread': (e: { total: number }) => void;
  /** The receiver's wallet balance changed (same unit as the user view's `balance`). */
  'wallet/balance': (e: { balance: number }) => void;
  'feed/published': (e: FeedPublishedEvent) => void;
  /** A message in one of the receiver's conversations (to `user:<id>` of each member, each shaped for them). */
  'message/created': (e: MessageCreatedEvent) => void;
  /** A message was deleted (to both members): show 'Message deleted!'. */
  'message/deleted': (e: { conversationId: string; messageId: string }) => void;
  /** A member read the conversation up to `seenAt` (to `conversation:<id>`). */
  'message/seen': (e: { conversationId: string; userId: string; seenAt: string }) => void;
  /** A member is typing (to `conversation:<id>`, not back to the typist). */
  'message/typing': (e: { conversationId: string; userId: string }) => void;
  /** The receiver's unread message total changed without a new message (read on another tab). */
  'message/total-unread': (e: { total: number }) => void;
  /** A block between the receiver and `userId` began or ended (either side's): conversations with them open or close. `isBlocked`: a block either way stands now. */
  'block/changed': (e: { userId: string; isBlocked: boolean }) => void;
  /** A creator went live or their stream ended (to every socket: live badges and the live list). Public info only. */
  'stream/status': (e: { streamId: string; performerId: string; status: 'live' | 'ended'; type: Stream['type'] }) => void;
  /** Viewers now watching (to `stream:<id>`). */
  'stream/viewers': (e: { streamId: string; count: number; audience: { webrtc: number; hls: number } }) => void;
  /** The stream's title, tip goal, slow mode… changed (to `stream:<id>`). */
  'stream/updated': (e: { stream: Stream }) => void;
  /** The stream ended (to `stream:<id>` and the private show's fan). */
  'stream/ended': (e: { streamId: string; reason: StreamEndReason }) => void;
  /** The receiver was removed from a creator's streams (ban or time-out; `until` null = until lifted). */
  'stream/kicked': (e: { streamId: string | null; performerId: string; until: string | null }) => void;
  /** A private show's fan: their balance covers at most one more minute. */
  'stream/balance-low': (e: { streamId: string; balance: number; rate: number }) => void;
  /** A private-show request to the creator, or its new state to the fan (spec §3 Streaming privateRequests). */
  'stream/private-request': (e: { request: PrivateRequest }) => void;
  /** A chat message in a stream the receiver joined (`stream:<id>`); tip messages carry `amount`; a tip-menu order's also `menuItem` (the item's name, shown on screen a few seconds). */
  'stream-message/created': (e: { message: StreamMessage; tipsTotal?: number; menuItem?: string }) => void;
  /** A stream chat message was deleted: show 'Message deleted'. */
  'stream-message/deleted': (e: { streamId: string; conversationId: string; messageId: string }) => void;
  /** The creator cleared the chat (the spec's reset). */
  'stream-message/cleared': (e: { streamId: string; conversationId: string }) => void;
  /**
   * This API node is shutting down (SIGTERM: a restart or an upgrade), sent just before it closes
   * the socket: the session is fine, connect again after about `reconnectAfterMs` (with some
   * jitter) — the proxy sends the client to another node.
   */
  'server/restarting': (e: { reconnectAfterMs: number }) => void;
  /** The answer to a client's 'auth/login': ok, or why the token was refused (the socket is then closed). */
  'auth/result': (e: { ok: boolean; message?: string }) => void;
}

/** Client → server. */
export interface ClientToServerEvents {
  /** Sent after every reconnect (spec §7): re-checks the token of the connection. */
  'auth/login': (e: { token: string }) => void;
  /**
   * Watch a conversation (typing, seen): joins `conversation:<id>` when the caller is a member. The
   * optional acknowledgement answers whether the socket is now in the room.
   */
  'conversation/join': (e: { conversationId: string }, ack?: (joined: boolean) => void) => void;
  'conversation/leave': (e: { conversationId: string }) => void;
  /**
   * Watch a stream's chat and events: joins `stream:<id>` when the caller is entitled (checked by the
   * streaming policy). The optional acknowledgement answers whether the socket is now in the room.
   */
  'stream/join': (e: { streamId: string }, ack?: (joined: boolean) => void) => void;
  'stream/leave': (e: { streamId: string }) => void;
  /** The caller is typing in a conversation they joined. */
  'message/typing': (e: { conversationId: string }) => void;
}

/** Rooms. `conversation:` and `stream:` are reserved for messages and live streams. */
export type RealtimeRoom = `user:${string}` | `conversation:${string}` | `stream:${string}`;
export const userRoom = (userId: string): RealtimeRoom => `user:${userId}`;
export const conversationRoom = (conversationId: string): RealtimeRoom => `conversation:${conversationId}`;
export const streamRoom = (streamId: string): RealtimeRoom => `stream:${streamId}`;

/** Connection refusal texts (the handshake's error message). */
export const REALTIME_ERRORS = {
  noToken: 'A token is required',
  badToken: 'Your session has expired, please log in again',
} as const;

/** Socket connection status (spec §4). */
export const SOCKET_STATUSES = ['initialized', 'connected', 'disconnect', 'reconnecting', 'failed'] as const;
export type SocketStatus = (typeof SOCKET_STATUSES)[number];
