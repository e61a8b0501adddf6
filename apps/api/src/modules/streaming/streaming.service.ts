import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isUuid, streamRoom, userRoom } from '@stagepass/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { CommitHooks } from '../../platform/commit-hooks';
import type { Events } from '../../platform/events';
import type { Realtime } from '../../platform/realtime';
import type { Queue } from '../../platform/queue';
import { notFound } from '../../platform/errors';
import { isAdmin } from '../../platform/auth';
import { periodicSweep, type PeriodicSweep } from '../../platform/periodic';
import type { LiveMedia } from '../../platform/live/provider';
import type { MinuteCharger } from '../../platform/live/billing';
import type { HlsPackager } from '../../platform/live/hls-packager';
import type { Storage } from '../../platform/storage';
import { users, type UserRow } from '../users/users.tables';
import type { UsersService } from '../users/users.service';
import type { SettingsService } from '../settings/settings.service';
import type { SellerGate } from '../performers/performers.policy';
import type { MessagesService } from '../messages/messages.service';
import { streams } from './streaming.tables';
import { entitlement } from './streaming.policy';
import { StreamsService } from './streams.service';
import type { CoPerformerGate } from '../releases/coperformers.service';
import { StreamAccess } from './streaming.access';
import { StreamPresence } from './streaming.presence';
import { LivePeers } from './streaming.peers';
import { StreamPlacement } from './streaming.placement';
import { StreamEdges } from './streaming.edges';
import { JanusRelay } from './streaming.relay';
import { StreamSettingsService } from './streaming.settings';
import { PrivateShowsService } from './private-shows.service';
import { PrivateShowBilling } from './streaming.billing';
import { StreamHls } from './streaming.hls';
import { OperatorStreamWatch } from './operator-watch.service';

/** How often the presence sweep (missed heartbeats, expired private requests) and the billing sweep run. */
export const PRESENCE_SWEEP_MS = 10_000;
export const BILLING_SWEEP_MS = 5_000;
/** How often streams whose camera stayed off past the grace are ended: "ended" reaches viewers within grace + this + the event's trip. */
export const ABANDONED_SWEEP_MS = 2_000;

export interface StreamingDeps {
  db: Db;
  clock: Clock;
  commits: CommitHooks;
  events: Events;
  realtime: Realtime;
  queue: Pick<Queue, 'workers'>;
  settings: Pick<SettingsService, 'get'>;
  users: Pick<UsersService, 'card'>;
  sellers: Pick<SellerGate, 'assertCanSell'>;
  /** The co-performer gate (modules/releases): the people an item names, checked when it publishes. */
  coPerformers: CoPerformerGate;
  messages: Pick<MessagesService, 'pairConversationId'>;
  media: LiveMedia | null;
  /** The wallet's per-minute charger of private shows (null: private shows are not billed — and not offered). */
  charger: MinuteCharger | null;
  config: { APP_SECRET: string; NODE_ENV: string };
  /** HLS for large audiences: the packager (null: none), the storage it writes to, the API's public URL (the playlist's links). */
  hls?: { packager: HlsPackager | null; storage: Storage; publicUrl: string };
  log: FastifyBaseLogger;
}

/**
 * The streaming module (README.md beside this file), built once by the composition root: its parts
 * (streams, access, Janus relay, presence, settings, private shows, billing, operators' watches) and what other modules
 * are given — `mayJoin` (the socket's 'stream/join' guard), `kick` (the chat's bans), and the sweeps.
 */
export class StreamingService {
  readonly streams: StreamsService;
  readonly access: StreamAccess;
  readonly presence: StreamPresence;
  readonly peers: LivePeers;
  readonly placement: StreamPlacement;
  readonly edges: StreamEdges;
  readonly relay: JanusRelay;
  readonly settings: StreamSettingsService;
  readonly privateShows: PrivateShowsService;
  readonly billing: PrivateShowBilling;
  readonly hls: StreamHls | null;
  /** The console's live list and operators' audited watches (README "Operators watching"). */
  readonly operatorWatch: OperatorStreamWatch;
  private readonly sweeps: PeriodicSweep[];

  constructor(private deps: StreamingDeps) {
    const { db, clock, realtime, log, media } = deps;
    this.presence = new StreamPresence({ db, realtime });
    this.peers = new LivePeers({ media, log });
    this.placement = new StreamPlacement({ db, media, settings: deps.settings });
    this.edges = new StreamEdges({ db, media, placement: this.placement, presence: this.presence, log });
    this.streams = new StreamsService({
      db, clock, commits: deps.commits, events: deps.events, realtime, settings: deps.settings, users: deps.users, sellers: deps.sellers, coPerformers: deps.coPerformers,
      media, placement: this.placement, edges: this.edges, presence: this.presence, peers: this.peers, log,
    });
    this.hls = deps.hls
      ? new StreamHls({ db, clock, secret: deps.config.APP_SECRET, media, log, settings: deps.settings, placement: this.placement, ...deps.hls })
      : null;
    this.access = new StreamAccess({ db, clock, secret: deps.config.APP_SECRET, streams: this.streams, hls: this.hls ?? undefined });
    this.operatorWatch = new OperatorStreamWatch({ db, streams: this.streams, access: this.access });
    this.relay = new JanusRelay({
      db, clock, secret: deps.config.APP_SECRET, media, streams: this.streams, presence: this.presence, peers: this.peers, log, edges: this.edges, placement: this.placement,
      onFanLeft: async (streamId) => void (await this.streams.endStream(streamId, 'fan_left', null)),
      onPublished: async (streamId) => this.hls?.republished(streamId),
    });
    this.settings = new StreamSettingsService({ db, sellers: deps.sellers, checkPrice: (field, price) => this.streams.checkPrice(field, price) });
    this.privateShows = new PrivateShowsService({ db, clock, realtime, users: deps.users, messages: deps.messages, sellers: deps.sellers, settings: this.settings, streams: this.streams });
    this.billing = new PrivateShowBilling({ db, charger: deps.charger, streams: this.streams, realtime, log });
    // A peer that ended on Janus's side (the browser went away, ICE failed): the creator's camera is
    // off, or the viewer has left. Peers hung up by the API were dropped from the map first: ignored.
    media?.onPeerClosed?.((e) => {
      const p = this.peers.forget(e.peerId);
      if (!p) return;
      // Another peer of theirs still up (a new camera, a second player): nothing changed.
      if (this.peers.idsOf(p.streamId, p.userId, p.role).length > 0) return;
      const done = p.role === 'publisher' ? this.streams.setPublishing(p.streamId, false) : this.relay.leftStream(p.streamId, p.userId);
      done.catch((err: unknown) => log.warn({ err, streamId: p.streamId }, 'live: handling a closed peer failed'));
    });
    // Janus reports the creator's media stopped arriving (after 1 s without packets: a closed or
    // killed browser, a cut network — nothing hangs up then) or arriving again: the camera is off
    // or on. Only the creator's current camera counts (an old one being replaced does not).
    media?.onPublisherMedia?.((e) => {
      const p = this.peers.get(e.peerId);
      if (!p || p.role !== 'publisher') return;
      this.streams.setPublishing(p.streamId, e.receiving).catch((err: unknown) => log.warn({ err, streamId: p.streamId }, 'live: handling the creator\'s media state failed'));
    });
    // The creator's studio lost its socket (page closed, browser killed: socket.io notices at once;
    // a cut network: after its ping timeout) and no other page of theirs is in the stream's room.
    realtime.onStreamSocketGone((userId, streamIds) => {
      for (const streamId of streamIds) {
        this.creatorPageGone(userId, streamId).catch((err: unknown) => log.warn({ err, streamId }, 'live: handling the creator\'s closed page failed'));
      }
    });
    const enabled = () => deps.queue.workers > 0 && deps.config.NODE_ENV !== 'test';
    this.sweeps = [
      periodicSweep({ name: 'stream presence sweep', everyMs: PRESENCE_SWEEP_MS, log, enabled, run: () => this.sweepPresence(clock.now()) }),
      periodicSweep({ name: 'abandoned stream sweep', everyMs: ABANDONED_SWEEP_MS, log, enabled, run: async () => void (await this.streams.endAbandoned(clock.now())) }),
      periodicSweep({ name: 'private show billing sweep', everyMs: BILLING_SWEEP_MS, log, enabled: () => enabled() && deps.charger !== null, run: () => this.billing.billPrivateShows(clock.now()) }),
    ];
  }

  /** The socket's 'stream/join': the caller is entitled to the stream (the policy). */
  async mayJoin(userId: string, streamId: string): Promise<boolean> {
    const [u] = await this.deps.db.select().from(users).where(and(eq(users.id, userId), eq(users.status, 'active')));
    const row = await this.streams.row(streamId);
    if (!u || !row) return false;
    return (await entitlement(this.deps.db, u, row, this.deps.clock.now())).entitled;
  }

  /**
   * PUT /streaming/set-duration: a heartbeat of the caller in a live stream they are entitled to
   * (opens their presence on the first one). Answers the seconds the server measured since their
   * presence opened; a duration the client sends is ignored.
   */
  async heartbeat(viewer: UserRow, streamId: string, path?: 'webrtc' | 'hls'): Promise<{ duration: number; status: 'live' | 'ended' }> {
    const row = await this.streams.row(streamId);
    if (!row || (row.type === 'private' && viewer.id !== row.performerId && viewer.id !== row.privateFanId && !isAdmin(viewer))) throw notFound('Stream not found');
    const now = this.deps.clock.now();
    if (row.status !== 'live') return { duration: 0, status: 'ended' };
    if (row.performerId === viewer.id) return { duration: Math.floor((now.getTime() - row.startedAt.getTime()) / 1000), status: 'live' };
    let open = await this.presence.openRow(row.id, viewer.id);
    if (!open) {
      const e = await entitlement(this.deps.db, viewer, row, now);
      if (!e.entitled) throw StreamAccess.refusal(e);
    }
    // An HLS player's heartbeat counts them in over HLS (a WebRTC viewer's presence keeps its Janus server).
    open = (await this.presence.touch(row.id, viewer.id, now, path === 'hls' ? { path } : undefined)).row;
    return { duration: Math.max(0, Math.floor((now.getTime() - open.joinedAt.getTime()) / 1000)), status: 'live' };
  }

  /**
   * Removes `userId` from `performerId`'s live stream (or `streamId`) at once — the chat's ban and
   * time-out: their Janus peers on this node are hung up, their presence closed (a private show's
   * fan: the show ends), their sockets leave `stream:<id>` on every node, and they hear
   * 'stream/kicked'. Peers relayed by another API node are dropped by Janus when the stream's
   * room goes, and cannot rejoin meanwhile (watch re-checks the ban).
   */
  async kick(streamId: string | null, performerId: string, userId: string, until: Date | null = null): Promise<void> {
    const live = streamId && isUuid(streamId) ? await this.streams.row(streamId) : await this.streams.liveOf(performerId);
    const row = live && live.performerId === performerId && live.status === 'live' ? live : null;
    if (row) {
      await this.peers.hangupWhere(row.id, (p) => p.userId === userId);
      await this.relay.leftStream(row.id, userId);
      this.hls?.forget(row.id, userId);
      this.deps.realtime.leaveRoom(userRoom(userId), streamRoom(row.id));
    }
    this.deps.realtime.toUser(userId, 'stream/kicked', { streamId: row?.id ?? null, performerId, until: until?.toISOString() ?? null });
  }

  /**
   * A block between two users (`user.blocked`, streaming.handlers.ts; blocks README "Blocked means
   * gone"): each is removed from the other's live stream as a ban removes them, until the block is
   * lifted (`kick` with `until` null). THE entitlement rule reads the block, so neither can rejoin,
   * watch, renew a token or use the chat meanwhile. Nothing is sent when neither is live.
   */
  async separate(a: string, b: string): Promise<void> {
    for (const [performerId, userId] of [[a, b], [b, a]] as const) {
      const live = await this.streams.liveOf(performerId);
      if (live) await this.kick(live.id, performerId, userId, null);
    }
  }

  /** The presence sweep: missed heartbeats close presences (a private show's fan gone ends it), pending requests expire, streams whose camera stayed off end. */
  async sweepPresence(now: Date): Promise<void> {
    const gone = await this.presence.sweep(now);
    for (const g of gone) {
      const [row] = await this.deps.db.select({ type: streams.type, fan: streams.privateFanId, status: streams.status }).from(streams).where(eq(streams.id, g.streamId));
      if (row && row.status === 'live' && row.type === 'private' && row.fan === g.userId) await this.streams.endStream(g.streamId, 'fan_left', null);
    }
    await this.privateShows.expire(now);
    await this.streams.endAbandoned(now);
  }

  /** The creator's page left the stream's room: their camera is off unless another page of theirs is still there. */
  async creatorPageGone(userId: string, streamId: string): Promise<void> {
    const row = await this.streams.row(streamId);
    if (!row || row.status !== 'live' || row.performerId !== userId || row.provider !== 'janus' || !row.publishing) return;
    if (await this.deps.realtime.inRoom(streamRoom(streamId), userId)) return;
    await this.streams.setPublishing(streamId, false);
  }

  start(): void {
    for (const s of this.sweeps) s.start();
  }

  async stop(): Promise<void> {
    for (const s of this.sweeps) await s.stop();
    await this.hls?.stopAll();
  }
}
