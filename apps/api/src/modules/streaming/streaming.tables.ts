import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LiveProviderName, PrivateRequestStatus, ReplayStatus, StreamAccess, StreamEndReason, StreamMessageType, StreamPath, StreamStatus, StreamType } from '@stagepass/shared';
import { idColumn, timestamps, uuidv7 } from '../../db/columns';
import { users } from '../users/users.tables';
import { subscriptionTiers } from '../subscriptions/tiers.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A live stream (modules/streaming/README.md). A creator has at most ONE live stream (partial
 * unique index). `channel`, `room*` are the media side's secrets: never in an API answer. `price`
 * (minor units) is the group ticket or, for a private show, the rate per started minute.
 */
export const streams = pgTable(
  'streams',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<StreamType>().notNull(),
    access: text('access').$type<StreamAccess>().notNull().default('followers'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    price: bigint('price', { mode: 'number' }),
    status: text('status').$type<StreamStatus>().notNull().default('live'),
    provider: text('provider').$type<LiveProviderName>().notNull(),
    /** Agora channel name: random, unguessable. */
    channel: text('channel').notNull(),
    /** Janus VideoRoom room id / secret / pin (null with Agora). */
    roomId: bigint('room_id', { mode: 'number' }),
    roomSecret: text('room_secret'),
    roomPin: text('room_pin'),
    /** The Janus server (its JANUS_URL entry) holding the stream's origin room, where the creator publishes (null with Agora). */
    mediaServer: text('media_server'),
    /**
     * HLS for large audiences (README "Audiences larger than one media server"): 'off' until a
     * viewer is sent to HLS, 'starting' while the packager claimed by `hlsNode` waits for its first
     * segments, 'live', or 'failed'.
     */
    hlsStatus: text('hls_status').$type<'off' | 'starting' | 'live' | 'failed'>().notNull().default('off'),
    /** The API node running the stream's HLS packager (its claim). */
    hlsNode: text('hls_node'),
    hlsStartedAt: ts('hls_started_at'),
    /** Private shows: the one fan, and the request accepted. */
    privateFanId: uuid('private_fan_id').references(() => users.id, { onDelete: 'set null' }),
    privateRequestId: uuid('private_request_id'),
    /** The stream chat's conversation id (spec: the public-stream message call carries it). */
    conversationId: uuid('conversation_id').notNull().$defaultFn(() => uuidv7()),
    viewerCount: integer('viewer_count').notNull().default(0),
    /** Of `viewerCount`, those watching over HLS (the rest: WebRTC). */
    hlsViewerCount: integer('hls_viewer_count').notNull().default(0),
    tipGoal: bigint('tip_goal', { mode: 'number' }),
    tipsTotal: bigint('tips_total', { mode: 'number' }).notNull().default(0),
    slowModeSeconds: integer('slow_mode_seconds').notNull().default(0),
    /** The creator's camera is on: their publisher joined and Janus receives their media. */
    publishing: boolean('publishing').notNull().default(false),
    /** Since when the camera is off (null while publishing): a Janus stream whose camera stays off past the grace ends ('publisher_lost'). */
    cameraOffAt: ts('camera_off_at').defaultNow(),
    /** When the camera first came on (null: never yet) — a camera off after it is a dropped connection. */
    firstOnAirAt: ts('first_on_air_at'),
    /**
     * The billable clock of a private show: it runs while the creator's camera is on AND the fan is
     * in (streaming.billing.ts). `billableMs` holds the finished stretches, `billableSince` the
     * start of the running one (null: stopped).
     */
    billableMs: bigint('billable_ms', { mode: 'number' }).notNull().default(0),
    billableSince: ts('billable_since'),
    /** Go-live notifications were sent for this stream (throttle: one per creator per 30 min). */
    notified: boolean('notified').notNull().default(false),
    /** Replays (README "Replays"): the creator asked to record it (Janus only). */
    record: boolean('record').notNull().default(false),
    /** group: ticket holders watch the replay video without paying again. */
    replayFreeForTicketHolders: boolean('replay_free_for_ticket_holders').notNull().default(true),
    replayStatus: text('replay_status').$type<ReplayStatus>().notNull().default('none'),
    /** Why no replay was made (one line, shown to the creator). */
    replayError: text('replay_error'),
    /** The draft video the recording became (set when `replayStatus` is 'ready'). */
    replayVideoId: uuid('replay_video_id'),
    startedAt: ts('started_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
    endReason: text('end_reason').$type<StreamEndReason>(),
    endedBy: uuid('ended_by'),
    /** Lowest subscription tier that opens it (null: any subscription; subscriptions/tiers.policy.ts). */
    minTierId: uuid('min_tier_id').references(() => subscriptionTiers.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('streams_one_live_uq').on(t.performerId).where(sql`${t.status} = 'live'`),
    uniqueIndex('streams_conversation_uq').on(t.conversationId),
    index('streams_live_idx').on(t.status, t.startedAt.desc()),
    index('streams_performer_idx').on(t.performerId, t.startedAt.desc()),
    index('streams_replay_video_idx').on(t.replayVideoId).where(sql`${t.replayVideoId} IS NOT NULL`),
  ],
);
export type StreamRow = typeof streams.$inferSelect;

/** The stream's origin Janus room (null with Agora). A row from before several servers names none: the first of `servers`. */
export function originRoom(row: StreamRow, servers: string[]): { roomId: number; secret: string; pin: string; server: string } | null {
  if (row.roomId === null || row.roomSecret === null || row.roomPin === null) return null;
  const server = row.mediaServer ?? servers[0];
  return server === undefined ? null : { roomId: row.roomId, secret: row.roomSecret, pin: row.roomPin, server };
}

/**
 * A viewer's presence in a stream, measured by the server: opened when their media starts (or
 * their first heartbeat), kept by heartbeats, closed on leave, kick, the stream's end, or a
 * missed heartbeat (sweep). One open row per (stream, user).
 */
export const streamViewers = pgTable(
  'stream_viewers',
  {
    id: idColumn(),
    streamId: uuid('stream_id').notNull().references(() => streams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    leftAt: ts('left_at'),
    /** How they watch: WebRTC (a Janus server or Agora) or HLS. */
    path: text('path').$type<StreamPath>().notNull().default('webrtc'),
    /** The Janus server their WebRTC peer is on (null for HLS and Agora): the servers' load. */
    mediaServer: text('media_server'),
  },
  (t) => [
    uniqueIndex('stream_viewers_open_uq').on(t.streamId, t.userId).where(sql`${t.leftAt} IS NULL`),
    index('stream_viewers_seen_idx').on(t.lastSeenAt).where(sql`${t.leftAt} IS NULL`),
    index('stream_viewers_server_idx').on(t.mediaServer).where(sql`${t.leftAt} IS NULL`),
  ],
);
export type StreamViewerRow = typeof streamViewers.$inferSelect;

/**
 * An edge room of a stream on another Janus server (README "Audiences larger than one media
 * server"): the origin's camera forwarded there as a remote publisher, for viewers past the origin
 * server's WebRTC limit. One per (stream, server); secrets never in an API answer.
 */
export const streamEdges = pgTable(
  'stream_edges',
  {
    streamId: uuid('stream_id').notNull().references(() => streams.id, { onDelete: 'cascade' }),
    server: text('server').notNull(),
    roomId: bigint('room_id', { mode: 'number' }).notNull(),
    roomSecret: text('room_secret').notNull(),
    roomPin: text('room_pin').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.server] })],
);
export type StreamEdgeRow = typeof streamEdges.$inferSelect;

/** A creator's streaming settings (PUT /streaming/update). Minor units. */
export const streamSettings = pgTable('stream_settings', {
  performerId: uuid('performer_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  privateRate: bigint('private_rate', { mode: 'number' }),
  groupPrice: bigint('group_price', { mode: 'number' }),
  publicAccess: text('public_access').$type<StreamAccess>().notNull().default('followers'),
  ...timestamps(),
});
export type StreamSettingsRow = typeof streamSettings.$inferSelect;

/** A fan's request for a private show (spec §3 Streaming privateRequests). One pending per pair. */
export const streamPrivateRequests = pgTable(
  'stream_private_requests',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<PrivateRequestStatus>().notNull().default('pending'),
    /** The rate at the time of the request (minor units per started minute). */
    rate: bigint('rate', { mode: 'number' }).notNull(),
    /** The private conversation between the two (messages module). */
    conversationId: uuid('conversation_id').notNull(),
    streamId: uuid('stream_id'),
    expiresAt: ts('expires_at').notNull(),
    respondedAt: ts('responded_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('stream_private_requests_pending_uq').on(t.performerId, t.userId).where(sql`${t.status} = 'pending'`),
    index('stream_private_requests_performer_idx').on(t.performerId, t.status, t.createdAt.desc()),
    index('stream_private_requests_user_idx').on(t.userId, t.status, t.createdAt.desc()),
  ],
);
export type StreamPrivateRequestRow = typeof streamPrivateRequests.$inferSelect;

/** A viewer banned (until = null) or timed out from a creator's streams. */
export const streamBans = pgTable(
  'stream_bans',
  {
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    until: ts('until'),
    reason: text('reason').notNull().default(''),
    byId: uuid('by_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.performerId, t.userId] })],
);
export type StreamBanRow = typeof streamBans.$inferSelect;

/** A moderator a creator appointed for their stream chats. */
export const streamModerators = pgTable(
  'stream_moderators',
  {
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.performerId, t.userId] }), index('stream_moderators_user_idx').on(t.userId)],
);

/**
 * A stream chat message. `tip` messages (with `amount`, minor units) are written only by the
 * server, in the tip's own transaction. Deleted ones keep their row (text cleared); a clear sets
 * `cleared_at` on every message so far (lists skip them).
 */
export const streamMessages = pgTable(
  'stream_messages',
  {
    id: idColumn(),
    streamId: uuid('stream_id').notNull().references(() => streams.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').$type<StreamMessageType>().notNull().default('text'),
    text: text('text').notNull().default(''),
    amount: bigint('amount', { mode: 'number' }),
    /** The wallet charge of a tip message. */
    chargeId: uuid('charge_id'),
    deletedAt: ts('deleted_at'),
    deletedBy: uuid('deleted_by'),
    clearedAt: ts('cleared_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('stream_messages_stream_idx').on(t.streamId, t.createdAt.desc()).where(sql`${t.clearedAt} IS NULL`),
    index('stream_messages_sender_idx').on(t.streamId, t.senderId, t.createdAt.desc()),
    uniqueIndex('stream_messages_charge_uq').on(t.chargeId),
  ],
);
export type StreamMessageRow = typeof streamMessages.$inferSelect;
