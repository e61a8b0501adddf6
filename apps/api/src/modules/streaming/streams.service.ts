import { and, count, desc, eq, gt, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  MESSAGES, GO_LIVE_NOTIFY_THROTTLE_MINUTES, isUuid, ppvPriceLimits, streamRoom, toMinor,
  type CoPerformersInput, type LiveProviderName, type Stream, type StreamEndReason, type StreamType, type StreamAccess,
} from '@stagepass/shared';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { containsPattern } from '../../db/like';
import { uuidv7 } from '../../db/columns';
import type { Clock } from '../../platform/clock';
import type { CommitHooks } from '../../platform/commit-hooks';
import type { Events } from '../../platform/events';
import type { Realtime } from '../../platform/realtime';
import { recordAudit, type AuditActor } from '../../platform/audit';
import { isAdmin } from '../../platform/auth';
import { HttpError, conflict, fieldError, notFound } from '../../platform/errors';
import { newAgoraChannel } from '../../platform/live/agora';
import type { LiveMedia, LiveRoom } from '../../platform/live/provider';
import { users, type UserRow } from '../users/users.tables';
import type { UsersService } from '../users/users.service';
import type { SettingsService } from '../settings/settings.service';
import type { SellerGate } from '../performers/performers.policy';
import type { CoPerformerGate } from '../releases/coperformers.service';
import { notBlockedWith } from '../blocks/blocks.policy';
import { adultProfileShownSql } from '../users/moderation.policy';
import { originRoom, streams, type StreamRow } from './streaming.tables';
import { streamViews } from './streaming.views';
import { billableClock, billableClockStopped } from './streaming.clock';
import { streamFacts } from './streaming.policy';
import type { StreamPresence } from './streaming.presence';
import type { LivePeers } from './streaming.peers';
import type { StreamPlacement } from './streaming.placement';
import type { StreamEdges } from './streaming.edges';
import { isLiveTierOf } from '../subscriptions/tiers.policy';

export const LIVE_UNAVAILABLE = 'Live streaming is not available right now';

export interface StreamsDeps {
  db: Db;
  clock: Clock;
  commits: CommitHooks;
  events: Events;
  realtime: Pick<Realtime, 'to' | 'toUser' | 'broadcast'>;
  settings: Pick<SettingsService, 'get'>;
  users: Pick<UsersService, 'card'>;
  sellers: Pick<SellerGate, 'assertCanSell'>;
  /** The co-performer gate (modules/releases): the people an item names, checked when it publishes. */
  coPerformers: CoPerformerGate;
  /** The Janus SFU (null when JANUS_URL is not set). */
  media: LiveMedia | null;
  /** Which Janus server a new stream's origin room goes to (the least loaded). */
  placement: StreamPlacement;
  /** The stream's edge rooms on other servers, destroyed with the stream. */
  edges: Pick<StreamEdges, 'destroyAll'>;
  presence: StreamPresence;
  peers: LivePeers;
  log: FastifyBaseLogger;
}

/** What a new stream is. Money in minor units. */
export interface NewStream {
  /** Subscribers-only public streams: the lowest tier that may watch. */
  minTierId?: string | null;
  type: StreamType;
  access: StreamAccess;
  title: string;
  description: string;
  price: number | null;
  tipGoal: number | null;
  privateFanId?: string | null;
  privateRequestId?: string | null;
  /** Replays (README "Replays"): record it; group ticket holders watch the replay free. */
  record?: boolean;
  replayFreeForTicketHolders?: boolean;
}

export const REPLAYS_NEED_JANUS = 'Replays need the built-in live video server';

/**
 * Streams (README.md beside this file): the live provider's choice, going live (one live stream
 * per creator), editing, ending, reading and the live list. Who may watch: streaming.policy.ts;
 * join credentials and Agora tokens: streaming.access.ts; the Janus relay: streaming.relay.ts.
 */
export class StreamsService {
  constructor(private deps: StreamsDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /** The Agora settings when the operator switched Agora on and set both keys; else null. */
  async agora(): Promise<{ appId: string; certificate: string } | null> {
    const [enabled, appId, certificate] = await Promise.all([this.deps.settings.get('agoraEnable'), this.deps.settings.get('agoraAppId'), this.deps.settings.get('agoraCertificate')]);
    return enabled && appId && certificate ? { appId, certificate } : null;
  }

  /** Agora when switched on, else Janus when it answers, else 503 (and a warning in the logs). */
  async provider(): Promise<LiveProviderName> {
    if (await this.agora()) return 'agora';
    if (this.deps.media?.available()) return 'janus';
    this.deps.log.warn('live streaming unavailable: Agora is off and Janus is not running (JANUS_URL unset or not answering)');
    throw new HttpError(503, LIVE_UNAVAILABLE);
  }

  /** GET /streaming/available: the provider a new stream would use now, without the 503. */
  async availability(): Promise<{ available: boolean; provider: LiveProviderName | null }> {
    const provider = (await this.agora()) ? 'agora' : this.deps.media?.available() ? 'janus' : null;
    return { available: provider !== null, provider };
  }

  /** The provider of an existing stream must still be there (503 otherwise). */
  async assertProviderUp(s: Pick<StreamRow, 'provider'>): Promise<void> {
    const up = s.provider === 'agora' ? Boolean(await this.agora()) : Boolean(this.deps.media?.available());
    if (!up) {
      this.deps.log.warn({ provider: s.provider }, 'live streaming unavailable for a live stream: its provider is down');
      throw new HttpError(503, LIVE_UNAVAILABLE);
    }
  }

  async row(id: string): Promise<StreamRow | null> {
    if (!isUuid(id)) return null;
    const [r] = await this.db.select().from(streams).where(eq(streams.id, id));
    return r ?? null;
  }

  async views(viewer: UserRow | null, rows: StreamRow[], creators?: Map<string, UserRow>): Promise<Stream[]> {
    const graceSeconds = rows.some((r) => r.status === 'live' && r.provider === 'janus' && !r.publishing) ? await this.graceSeconds() : 0;
    return streamViews(this.db, this.deps.users, viewer, rows, { creators, now: this.deps.clock.now(), graceSeconds });
  }

  /** How long a stream waits for its creator's camera (the operator's `liveReconnectGraceSeconds`). */
  graceSeconds(): Promise<number> {
    return this.deps.settings.get('liveReconnectGraceSeconds');
  }

  async view(viewer: UserRow | null, row: StreamRow): Promise<Stream> {
    return (await this.views(viewer, [row]))[0]!;
  }

  /** A ticket price or private rate within the site's pay-per-view limits, in minor units. */
  async checkPrice(field: string, price: number): Promise<number> {
    const { min, max } = ppvPriceLimits({ minimumSubscriptionPrice: await this.deps.settings.get('minimumSubscriptionPrice'), maximumTipPrice: await this.deps.settings.get('maximumTipPrice') });
    if (price < min || price > max) throw fieldError(field, MESSAGES.amountOutOfRange('price', min, max));
    return toMinor(price);
  }

  // ---------------------------------------------------------------- going live

  /** POST /streaming/live. */
  async goLive(owner: UserRow, input: { type: 'public' | 'group'; title: string; description: string; access: StreamAccess; price?: number; tipGoal?: number | null; record?: boolean; replayFreeForTicketHolders?: boolean; coPerformers?: CoPerformersInput; minTierId?: string | null }): Promise<Stream> {
    const provider = await this.provider();
    const record = input.record === true;
    if (record) {
      if (!(await this.deps.settings.get('liveRecordingEnabled'))) throw fieldError('record', 'Recording live streams is not allowed on this site');
      if (provider !== 'janus') throw new HttpError(400, REPLAYS_NEED_JANUS);
      if (!this.deps.media?.recordingsDir) throw fieldError('record', 'This live video server does not record (JANUS_RECORDINGS_DIR is not set)');
    }
    let price: number | null = null;
    if (input.type === 'group') {
      price = await this.checkPrice('price', input.price!);
      await this.deps.sellers.assertCanSell(owner.id);
    }
    if (input.minTierId && !(await isLiveTierOf(this.db, owner.id, input.minTierId))) throw fieldError('minTierId', 'Choose one of your subscription tiers');
    const row = await this.start(owner, provider, {
      minTierId: input.type === 'public' && input.access === 'subscribers' ? (input.minTierId ?? null) : null,
      type: input.type, access: input.type === 'public' ? input.access : 'followers', title: input.title, description: input.description, price,
      tipGoal: input.tipGoal != null ? toMinor(input.tipGoal) : null,
      record, replayFreeForTicketHolders: input.replayFreeForTicketHolders ?? true,
    }, (tx, row) => this.deps.coPerformers.apply(tx, owner, 'stream', row.id, input.coPerformers, { publishing: true }));
    return this.view(owner, row);
  }

  /**
   * Starts a live stream of `owner` (a public/group go-live, or an accepted private show): the
   * Janus room is made BEFORE the row is committed (destroyed if the insert fails); in one
   * transaction the creator's previous live stream ends ('replaced'), the new row is written with
   * its go-live notification decided (throttle), `stream.started` recorded, and `inTx` runs.
   */
  async start(owner: UserRow, provider: LiveProviderName, s: NewStream, inTx?: (tx: Tx, row: StreamRow) => Promise<void>): Promise<StreamRow> {
    const id = uuidv7();
    let room: LiveRoom | null = null;
    if (provider === 'janus') {
      if (!this.deps.media) throw new HttpError(503, LIVE_UNAVAILABLE);
      // The least loaded server that answers (README "Audiences larger than one media server").
      const media = this.deps.media;
      const up = media.servers().filter((x) => media.serverAvailable(x));
      const server = (await this.deps.placement.leastLoaded(up)) ?? up[0] ?? media.servers()[0];
      room = await media.createRoom({ streamId: id, description: `stream ${id}`, maxViewers: s.type === 'private' ? 1 : await this.deps.placement.perServer(), server });
    }
    const now = this.deps.clock.now();
    try {
      return await this.db.transaction(async (tx) => {
        const previous = await tx.select().from(streams).where(and(eq(streams.performerId, owner.id), eq(streams.status, 'live'))).for('update');
        for (const p of previous) await this.endInTx(tx, p, 'replaced', owner.id, now);
        const announced = s.type !== 'private';
        const throttle = new Date(now.getTime() - GO_LIVE_NOTIFY_THROTTLE_MINUTES * 60_000);
        const [recent] = announced
          ? await tx.select({ n: count() }).from(streams).where(and(eq(streams.performerId, owner.id), eq(streams.notified, true), gt(streams.startedAt, throttle)))
          : [{ n: 1 }];
        const notify = announced && Number(recent?.n ?? 0) === 0;
        const [row] = await tx
          .insert(streams)
          .values({
            id, performerId: owner.id, type: s.type, access: s.access, minTierId: s.minTierId ?? null, title: s.title, description: s.description, price: s.price, tipGoal: s.tipGoal,
            provider, channel: newAgoraChannel(), roomId: room?.roomId ?? null, roomSecret: room?.secret ?? null, roomPin: room?.pin ?? null, mediaServer: room?.server ?? null,
            privateFanId: s.privateFanId ?? null, privateRequestId: s.privateRequestId ?? null, notified: notify, startedAt: now, cameraOffAt: now,
            record: s.record ?? false, replayFreeForTicketHolders: s.replayFreeForTicketHolders ?? true, replayStatus: s.record ? 'recording' : 'none',
          })
          .returning();
        if (s.type !== 'private') await this.deps.events.record(tx, 'stream.started', { streamId: id, performerId: owner.id, type: s.type, notify });
        await inTx?.(tx, row!);
        this.deps.commits.afterCommit(tx, async () => {
          if (row!.type !== 'private') this.deps.realtime.broadcast('stream/status', { streamId: id, performerId: owner.id, status: 'live', type: row!.type });
        });
        return row!;
      });
    } catch (err) {
      if (room) await this.deps.media!.destroyRoom(room).catch((e: unknown) => this.deps.log.warn({ err: e }, 'live: destroying the room of a stream not created failed'));
      if (isUniqueViolation(err)) throw conflict('You are already going live: try again');
      throw err;
    }
  }

  // ---------------------------------------------------------------- editing and ending

  /** PUT /streaming/live/{id}: the caller's own live stream (another's → 404). */
  async update(owner: UserRow, id: string, input: { title?: string; description?: string; tipGoal?: number | null; minTierId?: string | null }): Promise<Stream> {
    const patch: Partial<typeof streams.$inferInsert> = {};
    if (input.minTierId && !(await isLiveTierOf(this.db, owner.id, input.minTierId))) throw fieldError('minTierId', 'Choose one of your subscription tiers');
    if (input.minTierId !== undefined) patch.minTierId = input.minTierId;
    if (input.title !== undefined) patch.title = input.title;
    if (input.description !== undefined) patch.description = input.description;
    if (input.tipGoal !== undefined) patch.tipGoal = input.tipGoal === null ? null : toMinor(input.tipGoal);
    const where = and(eq(streams.id, isUuid(id) ? id : '00000000-0000-0000-0000-000000000000'), eq(streams.performerId, owner.id), eq(streams.status, 'live'));
    const [row] = Object.keys(patch).length ? await this.db.update(streams).set(patch).where(where).returning() : await this.db.select().from(streams).where(where);
    if (!row) throw notFound('Stream not found');
    return this.pushUpdated(row, owner);
  }

  /** Pushes 'stream/updated' to the stream's room (public info, as an anonymous caller sees it) and answers the caller's view. */
  async pushUpdated(row: StreamRow, viewer: UserRow | null): Promise<Stream> {
    const [mine, anyone] = await this.views(viewer, [row]).then(async (v) => [v[0]!, viewer ? (await this.views(null, [row]))[0]! : v[0]!]);
    this.deps.realtime.to(streamRoom(row.id), 'stream/updated', { stream: { ...anyone, entitled: true, canModerate: false } });
    return mine;
  }

  /**
   * The creator's camera came on or went off — their publisher joined, left or was hung up, or
   * Janus reports their media arriving again or stopped (a closed browser, a lost network), or
   * their studio's socket went away. `publishing` changes, the billable clock with it, and the
   * room hears it ('stream/updated': viewers show the dropped connection, or watch again). Only a
   * change does anything, so the several signals of one drop are one update.
   */
  async setPublishing(id: string, publishing: boolean): Promise<void> {
    const now = this.deps.clock.now();
    const [row] = await this.db
      .update(streams)
      .set({ publishing, cameraOffAt: publishing ? null : now, ...(publishing ? { firstOnAirAt: sql`coalesce(${streams.firstOnAirAt}, ${now.toISOString()}::timestamptz)` } : {}), ...billableClock(now, publishing) })
      .where(and(eq(streams.id, id), eq(streams.status, 'live'), sql`${streams.publishing} <> ${publishing}`))
      .returning();
    if (row) await this.pushUpdated(row, null);
  }

  /**
   * Streams nobody is sending into: a Janus stream whose camera has been off for the operator's
   * `liveReconnectGraceSeconds` (60 s by default: the creator closed the page or lost the
   * connection and did not come back, or never sent the camera after going live; a reload sends
   * it again well within it) ends with 'publisher_lost'. Agora streams are not watched here: the
   * API does not see Agora's media. Runs every STREAM_ABANDONED_SWEEP_MS on the worker nodes.
   */
  async endAbandoned(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - (await this.graceSeconds()) * 1000);
    const gone = await this.db
      .select({ id: streams.id })
      .from(streams)
      .where(and(eq(streams.status, 'live'), eq(streams.provider, 'janus'), eq(streams.publishing, false), lt(streams.cameraOffAt, cutoff)));
    for (const g of gone) await this.endStream(g.id, 'publisher_lost', null);
    return gone.length;
  }

  /** POST /streaming/live/{id}/end: the creator, or an operator (audited); others → 404. */
  async end(actor: UserRow, id: string, audit: AuditActor): Promise<Stream> {
    const row = await this.row(id);
    const admin = isAdmin(actor);
    if (!row || (row.performerId !== actor.id && !admin)) throw notFound('Stream not found');
    if (row.status === 'live') {
      const reason: StreamEndReason = row.performerId === actor.id ? 'creator' : 'admin';
      await this.endStream(row.id, reason, actor.id, reason === 'admin' ? audit : undefined);
    }
    return this.view(actor, (await this.row(row.id))!);
  }

  /**
   * Ends a live stream (idempotent: null when it was not live): the row, its presences and the
   * `stream.ended` event in one transaction (and the audit entry of an operator's end); after the
   * commit the peers are hung up, the room destroyed, viewers told ('stream/ended'), and the live
   * list ('stream/status').
   */
  async endStream(id: string, reason: StreamEndReason, byId: string | null, audit?: AuditActor): Promise<StreamRow | null> {
    const now = this.deps.clock.now();
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(streams).where(and(eq(streams.id, id), eq(streams.status, 'live'))).for('update');
      if (!row) return null;
      const ended = await this.endInTx(tx, row, reason, byId, now);
      if (audit) await recordAudit(tx, audit, { action: 'stream.end', targetType: 'stream', targetId: id, before: { status: 'live' }, after: { status: 'ended', endReason: reason } });
      return ended;
    });
  }

  private async endInTx(tx: Tx, row: StreamRow, reason: StreamEndReason, byId: string | null, now: Date): Promise<StreamRow> {
    const [ended] = await tx.update(streams).set({ status: 'ended', endedAt: now, endReason: reason, endedBy: byId, publishing: false, viewerCount: 0, ...billableClockStopped(now) }).where(eq(streams.id, row.id)).returning();
    await this.deps.presence.closeAll(tx, row.id, now);
    await this.deps.events.record(tx, 'stream.ended', { streamId: row.id, performerId: row.performerId, type: row.type, reason });
    this.deps.commits.afterCommit(tx, () => this.afterEnd(ended!, reason));
    return ended!;
  }

  private async afterEnd(row: StreamRow, reason: StreamEndReason): Promise<void> {
    const { realtime, media, log } = this.deps;
    realtime.to(streamRoom(row.id), 'stream/ended', { streamId: row.id, reason });
    if (row.type === 'private') {
      for (const uid of [row.performerId, row.privateFanId]) if (uid) realtime.toUser(uid, 'stream/ended', { streamId: row.id, reason });
    } else {
      realtime.broadcast('stream/status', { streamId: row.id, performerId: row.performerId, status: 'ended', type: row.type });
    }
    await this.deps.peers.hangupWhere(row.id);
    const room = media && originRoom(row, media.servers());
    if (media && room) {
      await media.destroyRoom(room).catch((err: unknown) => log.warn({ err, streamId: row.id }, 'live: destroying an ended stream\'s room failed'));
    }
    await this.deps.edges.destroyAll(row.id).catch((err: unknown) => log.warn({ err, streamId: row.id }, 'live: destroying an ended stream\'s edge rooms failed'));
  }

  // ---------------------------------------------------------------- reading

  /** GET /streaming/live/{id}: public info (ended ones too); a private show only to its two parties and operators; hidden across a block or when the creator is suspended. */
  async get(viewer: UserRow | null, id: string): Promise<Stream> {
    const row = await this.row(id);
    if (!row) throw notFound('Stream not found');
    if (!(viewer && (viewer.id === row.performerId || isAdmin(viewer)))) {
      const f = await streamFacts(this.db, viewer, [row], this.deps.clock.now());
      if (f.blocked.has(row.performerId) || f.suspended.has(row.performerId) || (row.type === 'private' && viewer?.id !== row.privateFanId)) throw notFound('Stream not found');
    }
    return this.view(viewer, row);
  }

  /** GET /streaming/user/search: live public and group streams, newest first; the creators' cards from the same query. */
  async search(viewer: UserRow | null, q: { offset: number; limit: number; q?: string; type?: StreamType; performerId?: string }): Promise<{ data: Stream[]; total: number }> {
    if (q.type === 'private') return { data: [], total: 0 };
    const conds: SQL[] = [eq(streams.status, 'live'), inArray(streams.type, q.type ? [q.type] : ['public', 'group']), eq(users.status, 'active')];
    if (viewer && !isAdmin(viewer)) conds.push(notBlockedWith(streams.performerId, viewer.id));
    // Age assurance (legal README): adult creators are left out for a viewer the age rule restricts.
    const adultShown = adultProfileShownSql(users.adultContent);
    if (adultShown) conds.push(adultShown);
    if (q.performerId) conds.push(eq(streams.performerId, q.performerId));
    if (q.q) {
      const pat = containsPattern(q.q);
      conds.push(or(ilike(streams.title, pat), ilike(users.username, pat), ilike(users.name, pat))!);
    }
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      this.db.select({ s: streams, u: users }).from(streams).innerJoin(users, eq(users.id, streams.performerId)).where(where).orderBy(desc(streams.startedAt), desc(streams.id)).limit(q.limit).offset(q.offset),
      this.db.select({ n: count() }).from(streams).innerJoin(users, eq(users.id, streams.performerId)).where(where),
    ]);
    const creators = new Map(rows.map((r) => [r.u.id, r.u]));
    return { data: await this.views(viewer, rows.map((r) => r.s), creators), total: Number(total?.n ?? 0) };
  }

  /** The creator's live stream, if any. */
  async liveOf(performerId: string): Promise<StreamRow | null> {
    const [r] = await this.db.select().from(streams).where(and(eq(streams.performerId, performerId), eq(streams.status, 'live')));
    return r ?? null;
  }
}
