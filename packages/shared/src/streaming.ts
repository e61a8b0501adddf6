import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema } from './api';
import { coPerformersInputSchema } from './releases';
import { moneyAmountSchema } from './payments';
import { publicUserSchema } from './users';
import { tierBadgeSchema } from './tier-badge';

/**
 * Live streams (spec §7 Streaming and Stream chat, §3 Streaming state and Stream message state).
 * Rules (types, who may watch, billing, chat moderation): apps/api/src/modules/streaming/README.md.
 *
 * - public: free for the creator's followers (`access: 'followers'`) or active subscribers
 *   (`access: 'subscribers'`) — the creator's choice;
 * - group: ticketed, one ticket per stream bought with POST /wallet/charges/stream/{id};
 * - private: 1:1 with the fan whose private-show request the creator accepted, billed per started
 *   minute from the fan's wallet at the creator's rate.
 */
export const STREAM_TYPES = ['public', 'group', 'private'] as const;
export type StreamType = (typeof STREAM_TYPES)[number];
export const STREAM_ACCESS = ['followers', 'subscribers'] as const;
export type StreamAccess = (typeof STREAM_ACCESS)[number];
export const STREAM_STATUSES = ['live', 'ended'] as const;
export type StreamStatus = (typeof STREAM_STATUSES)[number];
/** Why a stream ended. */
/** `spending_paused`: a private show's fan has a card payment under dispute (payments README "Disputes"): the next minute is not charged and the show ends. */
export const STREAM_END_REASONS = ['creator', 'admin', 'balance', 'fan_left', 'publisher_lost', 'replaced', 'spending_paused'] as const;
export type StreamEndReason = (typeof STREAM_END_REASONS)[number];
export const LIVE_PROVIDERS = ['janus', 'agora'] as const;
export type LiveProviderName = (typeof LIVE_PROVIDERS)[number];
export const PRIVATE_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export type PrivateRequestStatus = (typeof PRIVATE_REQUEST_STATUSES)[number];

/** Limits. */
export const STREAM_TITLE_MAX = 100;
export const STREAM_DESCRIPTION_MAX = 1000;
export const STREAM_CHAT_TEXT_MAX = 500;
export const STREAM_SLOW_MODE_MAX_SECONDS = 300;
/** A viewer without a heartbeat for this long has left (billing stops, viewer count drops). */
export const STREAM_HEARTBEAT_SECONDS = 15;
export const STREAM_PRESENCE_TIMEOUT_SECONDS = 45;
// A Janus stream whose creator's camera stays off (browser closed, connection lost, not sent yet)
// for the operator's setting `liveReconnectGraceSeconds` (60 s by default) is ended ('publisher_lost').
/** Where a stream's replay is (modules/streaming/README.md "Replays"). */
export const REPLAY_STATUSES = ['none', 'recording', 'processing', 'ready', 'failed'] as const;
export type ReplayStatus = (typeof REPLAY_STATUSES)[number];
/** Join credentials and Agora tokens live this long; the client renews before they expire. */
export const STREAM_CREDENTIAL_SECONDS = 300;
/** A pending private-show request expires after this long without an answer. */
export const PRIVATE_REQUEST_TTL_SECONDS = 120;
/** Go-live notifications to the audience: at most one per creator per this many minutes. */
export const GO_LIVE_NOTIFY_THROTTLE_MINUTES = 30;

/** Body of POST /streaming/live (the creator goes live). */
export const goLiveSchema = z
  .object({
    /** Subscribers-only: the lowest subscription tier that may watch (null: any subscription). */
    minTierId: idSchema.nullable().optional(),
    type: z.enum(['public', 'group'], { error: 'Choose public or group' }),
    title: z.string().trim().min(1, 'Enter a title').max(STREAM_TITLE_MAX),
    description: z.string().trim().max(STREAM_DESCRIPTION_MAX).default(''),
    /** public: who may watch. */
    access: z.enum(STREAM_ACCESS).default('followers'),
    /** group: the ticket price (site currency). */
    price: moneyAmountSchema.optional(),
    /** An optional tip goal shown with a progress bar. */
    tipGoal: moneyAmountSchema.nullable().optional(),
    /** Record the stream: after it ends the recording becomes a draft video "Replay of …" in the creator's vault (Janus only; the operator's `liveRecordingEnabled`). */
    record: z.boolean().default(false),
    /** group: ticket holders watch the replay without paying again once it is sold as a video. */
    replayFreeForTicketHolders: z.boolean().default(true),
    /** The people in it (releases.ts): saved with the item, checked when it publishes — 422 RELEASE_MESSAGES.publishBlocked. Absent = unchanged. */
    coPerformers: coPerformersInputSchema.optional(),
  })
  .refine((b) => b.type !== 'group' || b.price !== undefined, { path: ['price'], message: 'Enter the ticket price' });
export type GoLiveInput = z.input<typeof goLiveSchema>;

/** Body of PUT /streaming/live/{id} (own stream: its title, description, tip goal). */
export const updateStreamSchema = z.object({
  /** The lowest subscription tier that opens it (subscribers-only content; null: any subscription). Absent = unchanged. */
  minTierId: idSchema.nullable().optional(),
  title: z.string().trim().min(1, 'Enter a title').max(STREAM_TITLE_MAX).optional(),
  description: z.string().trim().max(STREAM_DESCRIPTION_MAX).optional(),
  tipGoal: moneyAmountSchema.nullable().optional(),
});
export type UpdateStreamInput = z.input<typeof updateStreamSchema>;

/** Body of PUT /streaming/update: the creator's streaming settings (per-minute private rate, default type and prices). */
export const streamingSettingsSchema = z.object({
  /** Private shows: price per started minute; null = private shows off. */
  privateRate: moneyAmountSchema.nullable(),
  /** Default ticket price of group shows. */
  groupPrice: moneyAmountSchema.nullable(),
  /** Who may watch public streams by default. */
  publicAccess: z.enum(STREAM_ACCESS),
});
export type StreamingSettings = z.infer<typeof streamingSettingsSchema>;
export const updateStreamingSettingsSchema = streamingSettingsSchema.partial();

/** GET /streaming/available: whether live video works on this site now, and through which provider. */
export const liveAvailabilitySchema = z.object({ available: z.boolean(), provider: z.enum(LIVE_PROVIDERS).nullable() });
export type LiveAvailability = z.infer<typeof liveAvailabilitySchema>;

/** GET /streaming/private-offer/{performerId}: whether a creator offers private shows, and at what rate — public (the profile's request button). */
export const privateShowOfferSchema = z.object({
  /** Price per started minute; null when the creator offers no private shows. */
  privateRate: z.number().nullable(),
});
export type PrivateShowOffer = z.infer<typeof privateShowOfferSchema>;

/** Body of PUT /streaming/set-duration: a heartbeat of the caller in a stream. Durations are measured by the server; a client's `duration` is ignored. */
export const streamHeartbeatSchema = z.object({
  streamId: idSchema,
  duration: z.number().optional(),
  /** How the caller watches: an HLS player's heartbeat opens (and keeps) an 'hls' presence; WebRTC viewers are counted in by the relay's start. */
  path: z.enum(['webrtc', 'hls']).optional(),
});
export const streamHeartbeatResultSchema = z.object({
  /** Seconds the caller has been in the stream, as the server measured. */
  duration: z.number().int(),
  status: z.enum(STREAM_STATUSES),
});

/** The creator as a stream shows them. */
export const streamCreatorSchema = publicUserSchema.pick({ _id: true, name: true, username: true, avatar: true, isPerformer: true });

/** A stream as anyone may know it: no room, channel or secret. */
export const streamSchema = z.object({
  /** The lowest subscription tier that opens it (null: any subscription). */
  minTierId: z.string().nullable().optional(),
  _id: z.string(),
  performerId: z.string(),
  performer: streamCreatorSchema.nullable(),
  type: z.enum(STREAM_TYPES),
  access: z.enum(STREAM_ACCESS),
  title: z.string(),
  description: z.string(),
  /** group: ticket price; private: price per started minute. */
  price: z.number().nullable(),
  status: z.enum(STREAM_STATUSES),
  provider: z.enum(LIVE_PROVIDERS),
  viewerCount: z.number().int(),
  tipGoal: z.number().nullable(),
  tipsTotal: z.number(),
  slowModeSeconds: z.number().int(),
  /** The creator's camera is on (Janus: their media is arriving); viewers wait for it before watching. */
  publishing: z.boolean(),
  /** Since when the creator's connection is down after having been on air (null: on air, or not on air yet). */
  droppedAt: z.string().nullable(),
  /** While the camera is off: when the stream ends unless it is back (Janus; null otherwise). */
  reconnectBy: z.string().nullable(),
  /** The stream chat's conversation id (spec: the public-stream message call carries it). */
  conversationId: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  endReason: z.enum(STREAM_END_REASONS).nullable(),
  /** The owner (and operators) only: the stream is recorded (null for others). */
  record: z.boolean().nullable(),
  /** The owner (and operators) only: where its replay is — none, recording, processing, ready (replayVideoId), failed (replayError). Null for others. */
  replayStatus: z.enum(REPLAY_STATUSES).nullable(),
  replayError: z.string().nullable(),
  replayVideoId: z.string().nullable(),
  /** The owner (and operators) only: viewers now watching by path — WebRTC (Janus or Agora) and HLS. Null for others. */
  audience: z.object({ webrtc: z.number().int(), hls: z.number().int() }).nullable(),
  /** The caller may watch (entitled), as of this answer. */
  entitled: z.boolean(),
  /** The caller may moderate the chat (owner, appointed moderator, admin). */
  canModerate: z.boolean(),
});
export type Stream = z.infer<typeof streamSchema>;

/** GET /streaming/user/search: who is live now. */
export const liveSearchQuerySchema = listQuerySchema.extend({
  type: z.enum(STREAM_TYPES).optional(),
  performerId: idSchema.optional(),
});

/**
 * A stream's kind as people name it (the operator console's list of live streams): a free
 * `public` stream for followers, a `subscribers`-only one, a `ticket`ed group stream, a `private` show.
 */
export const LIVE_KINDS = ['public', 'subscribers', 'ticket', 'private'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];
export function liveKindOf(s: { type: StreamType; access: StreamAccess }): LiveKind {
  if (s.type === 'group') return 'ticket';
  if (s.type === 'private') return 'private';
  return s.access === 'subscribers' ? 'subscribers' : 'public';
}

/**
 * GET /admin/streams: the live streams now, private shows included (metadata only), newest first;
 * `kind` narrows it, `q` finds a creator (name, username) or a title.
 */
export const adminLiveQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.enum(LIVE_KINDS).optional(),
  q: z.string().trim().max(200).optional(),
});
export type AdminLiveQuery = z.infer<typeof adminLiveQuerySchema>;

/** What a caller who may not watch yet needs. */
export const STREAM_NEEDS = ['login', 'follow', 'subscribe', 'ticket', 'balance', 'upgrade'] as const;
export type StreamNeed = (typeof STREAM_NEEDS)[number];

/** A short-lived, per-user credential to watch (or publish into) one stream. */
export const janusCredentialSchema = z.object({
  provider: z.literal('janus'),
  role: z.enum(['publisher', 'subscriber']),
  /** Signed: user, stream, role, expiry. Presented to POST /streaming/janus/{id}/…. */
  token: z.string(),
  expiresAt: z.string(),
});
export const agoraCredentialSchema = z.object({
  provider: z.literal('agora'),
  role: z.enum(['publisher', 'subscriber']),
  appId: z.string(),
  channel: z.string(),
  uid: z.number().int(),
  token: z.string(),
  expiresAt: z.string(),
});
export const streamCredentialSchema = z.discriminatedUnion('provider', [janusCredentialSchema, agoraCredentialSchema]);
export type StreamCredential = z.infer<typeof streamCredentialSchema>;

/** How a viewer watches a Janus stream: WebRTC through a Janus server, or HLS (large audiences). */
export const STREAM_PATHS = ['webrtc', 'hls'] as const;
export type StreamPath = (typeof STREAM_PATHS)[number];

/** An entitled viewer sent to HLS: the signed playlist, bound to the viewer, short-lived (the player fetches it again and again; each answer signs the next segments). */
export const hlsAccessSchema = z.object({
  playlistUrl: z.string(),
  expiresAt: z.string(),
});
export type HlsAccess = z.infer<typeof hlsAccessSchema>;

/** GET /streaming/join/{id}: the entitlement check's answer. */
export const streamJoinSchema = z.object({
  stream: streamSchema,
  entitled: z.boolean(),
  /** Present when entitled. */
  credential: streamCredentialSchema.nullable(),
  /** When not entitled: what is needed. */
  need: z.enum(STREAM_NEEDS).nullable(),
  /** The ticket price (group) or per-minute rate (private) when money is needed. */
  price: z.number().nullable(),
  /** The caller's wallet balance. */
  balance: z.number().nullable(),
  /** Entitled viewers of a Janus stream sent to HLS (its WebRTC servers are full, or the operator's HLS default for public streams): the signed playlist. Null: watch over WebRTC with the credential. */
  hls: hlsAccessSchema.nullable(),
});
export type StreamJoin = z.infer<typeof streamJoinSchema>;

/** POST /streaming/agora/token body. */
export const agoraTokenBodySchema = z.object({ streamId: idSchema });

/** Janus signalling relayed by the API (POST /streaming/janus/{id}/…). */
export const jsepSchema = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().min(1).max(200_000) });
export const janusPublishBodySchema = z.object({ token: z.string().min(1).max(2000), jsep: jsepSchema });
export const janusWatchBodySchema = z.object({ token: z.string().min(1).max(2000) });
export const janusStartBodySchema = z.object({ peerId: z.string().min(1).max(100), jsep: jsepSchema });
export const janusLeaveBodySchema = z.object({ peerId: z.string().min(1).max(100) });
export const janusAnswerSchema = z.object({ peerId: z.string(), jsep: jsepSchema });

/** Private shows. */
export const privateRequestSchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  fan: streamCreatorSchema.nullable(),
  performer: streamCreatorSchema.nullable(),
  status: z.enum(PRIVATE_REQUEST_STATUSES),
  /** Price per started minute. */
  rate: z.number(),
  /** The private conversation between the two (spec: each request carries a conversationId). */
  conversationId: z.string(),
  streamId: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type PrivateRequest = z.infer<typeof privateRequestSchema>;
export const createPrivateRequestSchema = z.object({ performerId: idSchema });

/** Stream chat (spec §7 Stream chat). */
export const STREAM_MESSAGE_TYPES = ['text', 'tip', 'system'] as const;
export type StreamMessageType = (typeof STREAM_MESSAGE_TYPES)[number];
export const streamMessageSchema = z.object({
  _id: z.string(),
  conversationId: z.string(),
  streamId: z.string(),
  type: z.enum(STREAM_MESSAGE_TYPES),
  /** 'Message deleted' once deleted (isDeleted). */
  text: z.string(),
  /** Tip messages: the amount (written by the server only). */
  amount: z.number().nullable(),
  isDeleted: z.boolean(),
  senderId: z.string().nullable(),
  sender: streamCreatorSchema.nullable(),
  /**
   * Only in the stream's creator's view (their list, their copy of 'stream-message/created'): the
   * sender's subscription tier with them, null when none — the badge beside the fan's name (issue
   * 30 §1). Absent for every other viewer: fans never see other fans' tiers.
   */
  fanTier: tierBadgeSchema.nullable().optional(),
  createdAt: z.string(),
});
export type StreamMessage = z.infer<typeof streamMessageSchema>;
export const sendStreamMessageSchema = z.object({ text: z.string().trim().min(1, 'Write a message').max(STREAM_CHAT_TEXT_MAX) });
export const streamMessageListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** A stream chat's conversation (GET /conversations/stream/{streamId}). */
export const streamConversationSchema = z.object({
  _id: z.string(),
  type: z.literal('stream'),
  streamId: z.string(),
  performerId: z.string(),
  slowModeSeconds: z.number().int(),
  tipGoal: z.number().nullable(),
  tipsTotal: z.number(),
  /** The caller may moderate. */
  canModerate: z.boolean(),
});
export type StreamConversation = z.infer<typeof streamConversationSchema>;
/** PUT /conversations/stream/{id}/update: the chat's settings (moderators of the stream). */
export const updateStreamConversationSchema = z.object({
  slowModeSeconds: z.number().int().min(0).max(STREAM_SLOW_MODE_MAX_SECONDS).optional(),
  tipGoal: moneyAmountSchema.nullable().optional(),
});

/** Moderation: bans/time-outs from a creator's streams, and the moderators they appoint. */
export const streamBanBodySchema = z.object({
  userId: idSchema,
  /** Minutes of a time-out; absent or null = banned until lifted. */
  minutes: z.number().int().min(1).max(60 * 24 * 30).nullable().optional(),
  reason: z.string().trim().max(200).default(''),
  /** The stream it happened in (the viewer is removed from it at once). */
  streamId: idSchema.optional(),
});
export const streamBanSchema = z.object({
  user: streamCreatorSchema.nullable(),
  userId: z.string(),
  until: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
});
export type StreamBan = z.infer<typeof streamBanSchema>;
export const streamModeratorBodySchema = z.object({ userId: idSchema });
export const streamModeratorSchema = z.object({ userId: z.string(), user: streamCreatorSchema.nullable(), createdAt: z.string() });
