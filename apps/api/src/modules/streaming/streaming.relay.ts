import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { LiveMediaError, type Jsep, type LiveMedia, type LiveRoom } from '../../platform/live/provider';
import type { UserRow } from '../users/users.tables';
import { originRoom, type StreamRow } from './streaming.tables';
import { entitlement } from './streaming.policy';
import { verifyCredential } from './streaming.credentials';
import { StreamAccess } from './streaming.access';
import { LIVE_UNAVAILABLE, type StreamsService } from './streams.service';
import { replaySegmentName } from './streaming.replays';
import type { StreamPresence } from './streaming.presence';
import type { LivePeers } from './streaming.peers';
import type { StreamPlacement } from './streaming.placement';
import type { StreamEdges } from './streaming.edges';

export const NOT_PUBLISHING = "The creator's camera is not on yet";
const BAD_CREDENTIAL = 'Your access to this stream has expired: join again';
export { STREAM_FULL } from './streaming.edges';
/** A client's SDP the live video server refused (400), followed by the server's reason. */
export const BAD_SDP = 'The live video server could not use your session description (SDP)';

export interface RelayDeps {
  db: Db;
  clock: Clock;
  secret: string;
  media: LiveMedia | null;
  streams: StreamsService;
  presence: StreamPresence;
  peers: LivePeers;
  /** Where viewers go: the origin room, or an edge room on another server (streaming.edges.ts). */
  edges: StreamEdges;
  /** Seats held from a viewer's placement until their presence counts (streaming.placement.ts). */
  placement: Pick<StreamPlacement, 'release'>;
  /** A private show's fan left: the show ends ('fan_left'). */
  onFanLeft: (streamId: string) => Promise<void>;
  /** The creator published (again): the HLS packager of this node forwards the new camera at once (streaming.hls.ts). */
  onPublished?: (streamId: string) => Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * The Janus signalling relay (README.md beside this file, "Janus relay"): the browser never talks
 * to Janus's API; it posts its SDP here with the credential from join, and the API — after checking
 * the credential (signature, expiry, user, stream, role) and, for viewers, the entitlement again —
 * asks the LiveMedia. Peer ids are kept per node (streaming.peers.ts) and answered to their owner
 * only; `start` and `leave` act on the caller's own peer.
 */
export class JanusRelay {
  constructor(private deps: RelayDeps) {}

  private async liveJanusStream(id: string): Promise<StreamRow & { room: LiveRoom }> {
    const row = await this.deps.streams.row(id);
    if (!row || row.status !== 'live') throw notFound('Stream not found');
    const room = row.provider === 'janus' && this.deps.media ? originRoom(row, this.deps.media.servers()) : null;
    if (row.provider !== 'janus' || row.roomId === null) throw conflict('This stream does not use the built-in live video server');
    if (!this.deps.media?.available() || !room) throw new HttpError(503, LIVE_UNAVAILABLE);
    return { ...row, room };
  }

  private media(): LiveMedia {
    if (!this.deps.media) throw new HttpError(503, LIVE_UNAVAILABLE);
    return this.deps.media;
  }

  /** POST /streaming/janus/{id}/publish: the creator's camera into their own live stream. */
  async publish(owner: UserRow, id: string, body: { token: string; jsep: Jsep }): Promise<{ peerId: string; jsep: Jsep }> {
    const row = await this.deps.streams.row(id);
    if (!row || row.performerId !== owner.id || row.status !== 'live') throw notFound('Stream not found');
    if (!verifyCredential(this.deps.secret, body.token, this.deps.clock.now(), { userId: owner.id, streamId: row.id, role: 'publisher' })) throw forbidden(BAD_CREDENTIAL);
    if (body.jsep.type !== 'offer') throw conflict('Send your SDP offer');
    const s = await this.liveJanusStream(id);
    // A new camera replaces the creator's previous one (a reload, another device).
    for (const old of this.deps.peers.idsOf(s.id, owner.id, 'publisher')) await this.deps.peers.hangup(old);
    // A recorded stream: each publish (the first, a resume after a drop, a reload) is one more
    // segment, named so that the names sort in time order (README "Replays").
    const record = s.record ? replaySegmentName(s.id, this.deps.clock.now()) : undefined;
    const peer = await this.call(() => this.media().publish(s.room, { userId: owner.id, display: owner.username ?? owner.id, offer: body.jsep, record }));
    this.deps.peers.add(peer.peerId, { userId: owner.id, streamId: s.id, role: 'publisher', server: s.room.server });
    // On air when Janus reports the camera's first packets (StreamingService's media listener), not now:
    // a publisher that connects and never sends is never shown as live video.
    // The stream's edge rooms lost the camera with the previous publish: fed again once it is up.
    this.deps.edges.reforward(s, s.room);
    void this.deps.onPublished?.(s.id).catch((err: unknown) => this.deps.log.warn({ err, streamId: s.id }, 'live: forwarding the new camera to HLS failed (the packager retries)'));
    return { peerId: peer.peerId, jsep: peer.answer };
  }

  /** POST /streaming/janus/{id}/watch: a viewer with a valid credential, still entitled. */
  async watch(viewer: UserRow, id: string, body: { token: string }): Promise<{ peerId: string; jsep: Jsep }> {
    const now = this.deps.clock.now();
    if (!verifyCredential(this.deps.secret, body.token, now, { userId: viewer.id, streamId: id })) throw forbidden(BAD_CREDENTIAL);
    const row = await this.deps.streams.row(id);
    if (!row || row.status !== 'live') throw notFound('Stream not found');
    const e = await entitlement(this.deps.db, viewer, row, now);
    if (!e.entitled) throw StreamAccess.refusal(e);
    const s = await this.liveJanusStream(id);
    if (!s.publishing) throw conflict(NOT_PUBLISHING);
    // The origin room while its server has room, else an edge room on another server; every
    // server full → 503. A viewer already counted in (another tab, a reconnect) goes back where
    // they watch.
    // A failed placement or subscription frees the seat the placement took.
    const placed = this.call(async () => {
      const room = await this.deps.edges.roomFor(s, s.room, viewer.id);
      return { room, peer: await this.media().subscribe(room, { userId: viewer.id }) };
    });
    const { room, peer } = await placed.catch((err: unknown) => {
      this.deps.placement.release(id, viewer.id);
      throw err;
    });
    this.deps.peers.add(peer.peerId, { userId: viewer.id, streamId: s.id, role: 'subscriber', server: room.server });
    return { peerId: peer.peerId, jsep: peer.offer };
  }

  /** POST /streaming/janus/{id}/start: the viewer's answer for their own peer; the viewer is counted in (a private show's billing starts). */
  async start(viewer: UserRow, id: string, body: { peerId: string; jsep: Jsep }): Promise<void> {
    const peer = this.deps.peers.own(body.peerId, viewer.id, id);
    if (!peer || peer.role !== 'subscriber') throw notFound('Peer not found');
    if (body.jsep.type !== 'answer') throw conflict('Send your SDP answer');
    await this.call(() => this.media().start(body.peerId, body.jsep));
    const row = await this.deps.streams.row(id);
    // Counted on the peer's Janus server: StreamPlacement's load.
    if (row && row.status === 'live' && row.performerId !== viewer.id) await this.deps.presence.touch(id, viewer.id, this.deps.clock.now(), { path: 'webrtc', mediaServer: peer.server ?? null });
    // Counted now: the seat the placement held since `watch` is free.
    this.deps.placement.release(id, viewer.id);
  }

  /** POST /streaming/janus/{id}/leave: hangs up the caller's own peer and ends their presence. */
  async leave(user: UserRow, id: string, body: { peerId: string }): Promise<void> {
    const peer = this.deps.peers.own(body.peerId, user.id, id);
    if (!peer) throw notFound('Peer not found');
    await this.deps.peers.hangup(body.peerId);
    if (peer.role === 'publisher') {
      await this.deps.streams.setPublishing(id, false);
      return;
    }
    // Still watching through another peer (a second tab, or a player remounted before the old
    // one hung up): not gone.
    if (this.deps.peers.idsOf(id, user.id, 'subscriber').length > 0) return;
    await this.leftStream(id, user.id);
  }

  /** The viewer is gone from the stream: presence closed; a private show's fan gone ends it. */
  async leftStream(streamId: string, userId: string): Promise<void> {
    await this.deps.presence.close(streamId, userId, this.deps.clock.now());
    const row = await this.deps.streams.row(streamId);
    if (row && row.status === 'live' && row.type === 'private' && row.privateFanId === userId) await this.deps.onFanLeft(streamId);
  }

  /** A LiveMedia call with its errors as HTTP answers. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof LiveMediaError)) throw err;
      if (err.code === 'not_publishing') throw conflict(NOT_PUBLISHING);
      if (err.code === 'no_peer') throw notFound('Peer not found');
      if (err.code === 'unavailable') throw new HttpError(503, LIVE_UNAVAILABLE);
      // The caller's own mistake (a malformed SDP): 400, saying what Janus could not read.
      if (err.code === 'bad_request') throw badRequest(`${BAD_SDP}: ${err.message}`);
      this.deps.log.warn({ err }, 'live: the media server refused a call');
      throw new HttpError(502, 'The live video server failed: try again');
    }
  }
}
