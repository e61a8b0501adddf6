// janode ships no types: its declarations come along wherever this file is compiled (the bench too).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./janode.d.ts" />
/**
 * The Janus SFU as a `LiveMedia` (README.md beside this file): one WebSocket connection to Janus's
 * API on loopback (janode), one Janus session, one VideoRoom handle for the room admin requests,
 * and one handle per relayed peer. Who may publish or watch is decided before any call here.
 *
 * Peers live on the API node that created them (their Janus handle belongs to this node's
 * session): a caller's `start` and `hangup` must reach the same node as its `subscribe` — sticky
 * sessions, as socket.io polling already needs. Rooms are Janus state, reachable from any node.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { JanodeConnection, JanodeJsep, JanodeSession } from 'janode';
import type { VideoRoomError, VideoRoomHandle } from 'janode/plugins/videoroom';
import {
  FORWARD_AUDIO_PT,
  FORWARD_VIDEO_PT,
  LiveMediaError,
  type Jsep,
  type LiveMedia,
  type LivePeer,
  type LivePeerClosed,
  type LivePublisherMedia,
  type LiveRoom,
  type LiveRtpForward,
  type LiveRtpTarget,
} from './provider';

export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
type Janode = (typeof import('janode'))['default'];
type VideoRoomPlugin = (typeof import('janode/plugins/videoroom'))['default'];

/** The one publisher of a room has this feed id, so any node can subscribe to it without asking. */
export const PUBLISHER_FEED = 1;
/** Rooms ask their publisher for a keyframe this often (seconds): forwarded consumers (an edge's new viewers, an HLS packager's segments) start from one. */
export const FIR_FREQ_S = 2;

/** VideoRoom error codes (janus_videoroom.c). */
const NO_SUCH_ROOM = 426;
const NO_SUCH_FEED = 428;
const PUBLISHERS_FULL = 432;
const ID_EXISTS = 436;
/**
 * Janus's answers that mean the caller's SDP was refused (the caller's mistake, not Janus failing):
 * core (janus/apierror.h) 464 unknown JSEP type, 465 invalid SDP, 466 trickle for an invalid
 * stream, 469 unexpected answer; VideoRoom 431 invalid SDP type, 437 invalid SDP.
 */
const CALLER_ERRORS = new Set([464, 465, 466, 469, 431, 437]);

/** One stream of a room's publisher as Janus describes it (join's `publishers[].streams`). */
export interface PublisherStream {
  type: 'audio' | 'video' | 'data';
  mindex: number;
  mid: string;
  codec?: string;
  disabled?: boolean;
}

/** Where an edge's remote publisher listens for the origin's RTP (`add_remote_publisher`'s answer). */
export interface RemotePublisherAddress {
  host: string;
  port: number;
  rtcpPort?: number;
}

interface Peer {
  handle: VideoRoomHandle;
  roomId: number;
  role: 'publisher' | 'subscriber';
  userId: string;
}

export interface JanusMediaOptions {
  url: string;
  apiSecret?: string;
  adminKey?: string;
  /** Where Janus writes recordings (JANUS_RECORDINGS_DIR, absolute; on this machine); unset = no recording. */
  recordingsDir?: string;
  log: Log;
  /** First reconnect delay; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How long one Janus request may take. */
  requestTimeoutMs?: number;
}

const codeOf = (err: unknown) => (err as VideoRoomError)?._code;
/** The Janus error code of a failed request: the plugin's (`_code`), or the core's, which janode puts in the message ("465 Invalid SDP…"). */
const janusCodeOf = (err: unknown): number | null => codeOf(err) ?? (Number(/^(\d{3}) /.exec((err as Error)?.message ?? '')?.[1]) || null);
/**
 * A failed Janus request as a LiveMediaError: the caller's refused SDP → 'bad_request' with Janus's
 * reason (its code dropped), anything else → 'failed' with `what`.
 */
function refusal(err: unknown, what: string): LiveMediaError {
  if (err instanceof LiveMediaError) return err;
  const message = (err as Error)?.message ?? String(err);
  const code = janusCodeOf(err);
  if (code !== null && CALLER_ERRORS.has(code)) return new LiveMediaError('bad_request', message.replace(/^\d{3} /, ''));
  return new LiveMediaError('failed', `${what}: ${message}`);
}
const randomRoomId = () => crypto.randomInt(1, 2 ** 48) * 32 + crypto.randomInt(0, 32); // < 2^53
const toJanus = (j: Jsep): JanodeJsep => ({ type: j.type, sdp: j.sdp, trickle: false });
const fromJanus = (j: JanodeJsep | undefined, type: Jsep['type']): Jsep => {
  if (!j || j.type !== type || typeof j.sdp !== 'string') throw new LiveMediaError('failed', `Janus answered no SDP ${type}`);
  return { type, sdp: j.sdp };
};

export class JanusMedia implements LiveMedia {
  readonly name = 'janus' as const;
  private conn: JanodeConnection | null = null;
  private session: JanodeSession | null = null;
  private admin: VideoRoomHandle | null = null;
  private plugin: VideoRoomPlugin | null = null;
  private janode: Janode | null = null;
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;
  private readonly peers = new Map<string, Peer>();
  private readonly closedListeners = new Set<(e: LivePeerClosed) => void>();
  private readonly mediaListeners = new Set<(e: LivePublisherMedia) => void>();

  constructor(private readonly opts: JanusMediaOptions) {}

  get recordingsDir(): string | null {
    return this.opts.recordingsDir ?? null;
  }

  available(): boolean {
    if (!this.session && !this.connecting && !this.retryTimer) this.connect();
    return this.session !== null;
  }

  /** Connects now (the factory calls it at boot, without waiting) and answers once connected or failed. */
  connect(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.connecting ??= this.open().finally(() => { this.connecting = null; });
    return this.connecting;
  }

  /** The number of peers this node relays (tests, bench). */
  peerCount(): number {
    return this.peers.size;
  }

  /** This node's peers on this server by role, and whether the server answers (metrics: Janus load). */
  load(): { server: string; up: boolean; publishers: number; subscribers: number } {
    let publishers = 0;
    for (const p of this.peers.values()) if (p.role === 'publisher') publishers++;
    return { server: this.opts.url, up: this.session !== null, publishers, subscribers: this.peers.size - publishers };
  }

  /** This node relays the peer (its handle is in this connection's session). */
  hasPeer(peerId: string): boolean {
    return this.peers.has(peerId);
  }

  serverAvailable(server: string): boolean {
    return server === this.opts.url && this.available();
  }

  onPeerClosed(listener: (e: LivePeerClosed) => void): () => void {
    this.closedListeners.add(listener);
    return () => this.closedListeners.delete(listener);
  }

  onPublisherMedia(listener: (e: LivePublisherMedia) => void): () => void {
    this.mediaListeners.add(listener);
    return () => this.mediaListeners.delete(listener);
  }

  servers(): string[] {
    return [this.opts.url];
  }

  async createRoom(opts: { streamId: string; description: string; maxViewers: number; server?: string }): Promise<LiveRoom> {
    if (opts.server !== undefined && opts.server !== this.opts.url) throw new LiveMediaError('failed', `unknown live video server ${opts.server}`);
    const room: LiveRoom = {
      server: this.opts.url,
      roomId: randomRoomId(),
      secret: crypto.randomBytes(18).toString('base64url'),
      pin: crypto.randomBytes(18).toString('base64url'),
    };
    await this.ensureRoom(room, opts.description.slice(0, 100) || opts.streamId);
    return room;
  }

  async destroyRoom(room: LiveRoom): Promise<void> {
    for (const [peerId, p] of this.peers) if (p.roomId === room.roomId) this.drop(peerId, 'room_destroyed');
    const admin = await this.adminHandle();
    await this.call(admin.destroy({ room: room.roomId, secret: room.secret })).catch((err) => {
      if (codeOf(err) !== NO_SUCH_ROOM) throw err;
    });
  }

  async publish(room: LiveRoom, opts: { userId: string; display: string; offer: Jsep; record?: string }): Promise<LivePeer & { answer: Jsep }> {
    if (opts.offer.type !== 'offer') throw new LiveMediaError('failed', 'publish needs an SDP offer');
    const dir = this.opts.recordingsDir;
    if (opts.record !== undefined && (!dir || !/^[\w-]+$/.test(opts.record))) throw new LiveMediaError('failed', dir ? 'invalid recording name' : 'recording is not set up (JANUS_RECORDINGS_DIR)');
    // Janus writes <filename>-video-<mid>.mjr and <filename>-audio-<mid>.mjr (VideoRoom, Janus 1.x).
    const recording = opts.record !== undefined && dir ? { record: true, filename: path.join(dir, opts.record) } : {};
    if (dir && opts.record !== undefined) await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    return this.withPeer(room, 'publisher', opts.userId, async (handle) => {
      const join = () => this.call(handle.joinPublisher({ room: room.roomId, feed: PUBLISHER_FEED, display: opts.display.slice(0, 64), pin: room.pin }));
      await this.retryOnMissingRoom(room, () =>
        join().catch(async (err) => {
          // The creator publishes again (a reload, a second tab): the new camera replaces the old one.
          if (codeOf(err) !== ID_EXISTS && codeOf(err) !== PUBLISHERS_FULL) throw err;
          const admin = await this.adminHandle();
          await this.call(admin.kick({ room: room.roomId, feed: PUBLISHER_FEED, secret: room.secret })).catch(() => {});
          return join();
        }),
      );
      const configured = await this.call(handle.configure({ audio: true, video: true, ...recording, jsep: toJanus(opts.offer) }));
      return { answer: fromJanus(configured.jsep, 'answer') };
    });
  }

  async subscribe(room: LiveRoom, opts: { userId: string }): Promise<LivePeer & { offer: Jsep }> {
    return this.withPeer(room, 'subscriber', opts.userId, async (handle) => {
      const joined = await this.retryOnMissingRoom(room, () =>
        // Janus 1.x's multistream subscription: every stream (audio, video) of the one publisher.
        this.call(handle.joinSubscriber({ room: room.roomId, streams: [{ feed: PUBLISHER_FEED }], pin: room.pin })),
      ).catch((err) => {
        if (codeOf(err) === NO_SUCH_FEED || codeOf(err) === NO_SUCH_ROOM) throw new LiveMediaError('not_publishing', 'The camera is not on yet');
        throw err;
      });
      return { offer: fromJanus(joined.jsep, 'offer') };
    });
  }

  async start(peerId: string, answer: Jsep): Promise<void> {
    const peer = this.peers.get(peerId);
    if (!peer || peer.role !== 'subscriber') throw new LiveMediaError('no_peer', 'No such peer');
    if (answer.type !== 'answer') throw new LiveMediaError('failed', 'start needs an SDP answer');
    await this.call(peer.handle.start({ jsep: toJanus(answer) })).catch((err) => {
      throw refusal(err, 'Janus refused the answer');
    });
  }

  // ── forwarding ────────────────────────────────────────────────────────────

  async forwardRtp(room: LiveRoom, target: LiveRtpTarget): Promise<LiveRtpForward> {
    this.ownRoom(room);
    const streams = await this.publisherStreams(room);
    const video = streams.find((s) => s.type === 'video' && !s.disabled);
    const audio = streams.find((s) => s.type === 'audio' && !s.disabled);
    const wanted = [
      ...(video ? [{ mid: video.mid, port: target.videoPort, pt: FORWARD_VIDEO_PT, ...(target.videoRtcpPort ? { rtcp_port: target.videoRtcpPort } : {}) }] : []),
      ...(audio ? [{ mid: audio.mid, port: target.audioPort, pt: FORWARD_AUDIO_PT }] : []),
    ];
    if (!wanted.length) throw new LiveMediaError('not_publishing', 'The camera sends no audio or video');
    const data = await this.request({
      request: 'rtp_forward',
      room: room.roomId,
      publisher_id: PUBLISHER_FEED,
      host: target.host,
      streams: wanted,
      secret: room.secret,
      admin_key: this.opts.adminKey,
    }).catch((err) => {
      if (codeOf(err) === NO_SUCH_FEED || codeOf(err) === NO_SUCH_ROOM) throw new LiveMediaError('not_publishing', 'The camera is not on');
      throw refusal(err, 'Janus refused to forward RTP');
    });
    const ids = ((data.forwarders as Array<{ stream_id?: number }> | undefined) ?? []).map((f) => f.stream_id).filter((id): id is number => typeof id === 'number');
    let stopped = false;
    return {
      videoPt: FORWARD_VIDEO_PT,
      audioPt: FORWARD_AUDIO_PT,
      streams: [...(video ? ['video' as const] : []), ...(audio ? ['audio' as const] : [])],
      stop: async () => {
        if (stopped) return;
        stopped = true;
        for (const id of ids) {
          await this.request({ request: 'stop_rtp_forward', room: room.roomId, publisher_id: PUBLISHER_FEED, stream_id: id, secret: room.secret, admin_key: this.opts.adminKey }).catch((err) => {
            // Gone with its publisher or room.
            if (codeOf(err) !== NO_SUCH_FEED && codeOf(err) !== NO_SUCH_ROOM) throw refusal(err, 'Janus refused to stop an RTP forward');
          });
        }
      },
    };
  }

  async forwardToEdge(origin: LiveRoom, edge: LiveRoom): Promise<void> {
    await forwardBetween(this, origin, this, edge);
  }

  /**
   * The streams of a room's publisher, in Janus's order (by mindex): read by joining the room for a
   * moment as a participant that never publishes (any node can; the room's publisher ignores its
   * leaving). 'not_publishing' while no camera is up.
   */
  async publisherStreams(room: LiveRoom): Promise<PublisherStream[]> {
    this.ownRoom(room);
    const { session, plugin } = await this.ready();
    const handle = await this.call(session.attach(plugin));
    try {
      const joined = await this.call(handle.joinPublisher({ room: room.roomId, display: 'stagepass', pin: room.pin })).catch((err) => {
        if (codeOf(err) === NO_SUCH_ROOM) throw new LiveMediaError('not_publishing', 'The camera is not on');
        throw refusal(err, 'Janus refused to show the room');
      });
      const pub = joined.publishers.find((p) => Number(p.feed) === PUBLISHER_FEED);
      const streams = (pub?.streams ?? []).filter((s) => s.type === 'audio' || s.type === 'video' || s.type === 'data');
      if (!streams.length) throw new LiveMediaError('not_publishing', 'The camera is not on');
      return [...streams].sort((a, b) => a.mindex - b.mindex);
    } finally {
      await this.call(handle.detach()).catch(() => {});
    }
  }

  /**
   * Adds the origin's camera to `edge` (a room on this server) as its publisher, feed 1: Janus
   * answers where it listens for the RTP. A remote publisher already there (a previous publish of
   * the camera) is replaced. Janus 1.1 numbers the remote streams by their place in the list, as
   * the origin does by mindex: `streams` must be the origin publisher's, in order.
   */
  async addRemotePublisher(edge: LiveRoom, streams: PublisherStream[], opts: { display: string; host: string }): Promise<RemotePublisherAddress> {
    this.ownRoom(edge);
    const add = () =>
      this.request({
        request: 'add_remote_publisher',
        room: edge.roomId,
        secret: edge.secret,
        id: PUBLISHER_FEED,
        display: opts.display.slice(0, 64),
        iface: opts.host,
        streams: streams.map((s) => ({ type: s.type, mindex: s.mindex, mid: s.mid, ...(s.codec ? { codec: s.codec } : {}), ...(s.disabled ? { disabled: true } : {}) })),
      });
    // Janus removes a remote publisher in the background (its thread ends first): the id may
    // still be taken for a moment after the removal.
    const replace = async (err: unknown) => {
      if (codeOf(err) !== ID_EXISTS) throw err;
      await this.removeRemotePublisher(edge);
      for (let i = 0; ; i++) {
        try {
          return await add();
        } catch (e) {
          if (codeOf(e) !== ID_EXISTS || i >= 40) throw e;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };
    const data = await this.retryOnMissingRoom(edge, () => add().catch(replace)).catch((err) => {
      throw refusal(err, 'Janus refused the remote publisher');
    });
    const ip = typeof data.ip === 'string' && !['0.0.0.0', '::', ''].includes(data.ip) ? data.ip : opts.host;
    if (typeof data.port !== 'number') throw new LiveMediaError('failed', 'Janus answered no port for the remote publisher');
    return { host: ip, port: data.port, ...(typeof data.rtcp_port === 'number' && data.rtcp_port > 0 ? { rtcpPort: data.rtcp_port } : {}) };
  }

  /** Removes the edge room's remote publisher (its viewers are dropped). Idempotent. */
  async removeRemotePublisher(edge: LiveRoom): Promise<void> {
    this.ownRoom(edge);
    await this.request({ request: 'remove_remote_publisher', room: edge.roomId, secret: edge.secret, id: PUBLISHER_FEED, admin_key: this.opts.adminKey }).catch((err) => {
      if (codeOf(err) !== NO_SUCH_ROOM && codeOf(err) !== NO_SUCH_FEED) throw refusal(err, 'Janus refused to remove the remote publisher');
    });
  }

  /** The remotizations (`publish_remotely`) of the origin room's camera: their ids. */
  async remotes(origin: LiveRoom): Promise<string[]> {
    this.ownRoom(origin);
    const data = await this.request({ request: 'listremotes', room: origin.roomId, publisher_id: PUBLISHER_FEED, secret: origin.secret, admin_key: this.opts.adminKey }).catch((err) => {
      if (codeOf(err) === NO_SUCH_FEED || codeOf(err) === NO_SUCH_ROOM) throw new LiveMediaError('not_publishing', 'The camera is not on');
      throw refusal(err, 'Janus refused to list remote publishers');
    });
    return ((data.list as Array<{ remote_id?: string }> | undefined) ?? []).map((r) => r.remote_id).filter((id): id is string => typeof id === 'string');
  }

  /** Sends the origin room's camera, every stream, to an edge's remote publisher (`publish_remotely`, admin key needed); replaces a remotization of the same id. */
  async publishRemotely(origin: LiveRoom, remoteId: string, to: RemotePublisherAddress): Promise<void> {
    this.ownRoom(origin);
    const publish = () =>
      this.request({
        request: 'publish_remotely',
        room: origin.roomId,
        publisher_id: PUBLISHER_FEED,
        remote_id: remoteId,
        host: to.host,
        port: to.port,
        ...(to.rtcpPort ? { rtcp_port: to.rtcpPort } : {}),
        secret: origin.secret,
        admin_key: this.opts.adminKey,
      });
    await publish()
      .catch(async (err) => {
        if (codeOf(err) !== ID_EXISTS) throw err;
        await this.request({ request: 'unpublish_remotely', room: origin.roomId, publisher_id: PUBLISHER_FEED, remote_id: remoteId, secret: origin.secret, admin_key: this.opts.adminKey });
        return publish();
      })
      .catch((err) => {
        if (codeOf(err) === NO_SUCH_FEED || codeOf(err) === NO_SUCH_ROOM) throw new LiveMediaError('not_publishing', 'The camera is not on');
        throw refusal(err, 'Janus refused to publish remotely');
      });
  }

  async hangup(peerId: string): Promise<void> {
    const peer = this.peers.get(peerId);
    if (!peer) return;
    this.drop(peerId, 'hangup');
    await this.call(peer.handle.detach()).catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.connecting?.catch(() => {});
    for (const peerId of [...this.peers.keys()]) this.drop(peerId, 'closed');
    const { conn, session } = this;
    this.reset();
    if (session) await this.call(session.destroy()).catch(() => {});
    await conn?.close().catch(() => {});
  }

  // ── connection ────────────────────────────────────────────────────────────

  private async open(): Promise<void> {
    try {
      const { Janode, VideoRoom } = await loadJanode();
      const conn = await Janode.connect({ address: { url: this.opts.url, apisecret: this.opts.apiSecret }, max_retries: 0, retry_time_secs: 1 });
      const lost = (why: string) => this.lost(conn, why);
      conn.once(Janode.EVENT.CONNECTION_ERROR, (err: Error) => lost(err.message));
      conn.once(Janode.EVENT.CONNECTION_CLOSED, () => lost('connection closed'));
      const session = await this.call(conn.create(30));
      session.once(Janode.EVENT.SESSION_DESTROYED, () => lost('session destroyed'));
      const admin = await this.call(session.attach(VideoRoom));
      if (this.closed) {
        await conn.close().catch(() => {});
        return;
      }
      Object.assign(this, { conn, session, admin, plugin: VideoRoom, janode: Janode });
      this.opts.log.info({ url: this.opts.url }, this.failures ? 'live video: connected to Janus again' : 'live video: connected to Janus');
      this.failures = 0;
    } catch (err) {
      this.reset();
      this.failures += 1;
      const msg = `live video is unavailable: cannot reach Janus at ${this.opts.url} (${(err as Error).message}); retrying`;
      if (this.failures === 1) this.opts.log.warn(msg);
      this.scheduleRetry();
    }
  }

  private lost(conn: JanodeConnection, why: string) {
    if (this.conn !== conn || this.closed) return;
    this.opts.log.warn(`live video: lost the connection to Janus (${why}); reconnecting`);
    for (const peerId of [...this.peers.keys()]) this.drop(peerId, 'janus_lost');
    this.reset();
    conn.close().catch(() => {});
    this.failures = 1;
    this.scheduleRetry();
  }

  private scheduleRetry() {
    if (this.closed || this.retryTimer) return;
    const base = this.opts.retryMs ?? 1000;
    const delay = Math.min(this.opts.maxRetryMs ?? 30_000, base * 2 ** Math.min(this.failures - 1, 10));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  private reset() {
    this.conn = null;
    this.session = null;
    this.admin = null;
  }

  /** The session, after waiting for a connection attempt under way; otherwise 'unavailable'. */
  private async ready(): Promise<{ session: JanodeSession; admin: VideoRoomHandle; plugin: VideoRoomPlugin; janode: Janode }> {
    if (!this.session) {
      if (!this.connecting && !this.retryTimer) void this.connect();
      await this.connecting;
    }
    if (!this.session || !this.admin || !this.plugin || !this.janode) throw new LiveMediaError('unavailable', 'Live video is not available right now');
    return { session: this.session, admin: this.admin, plugin: this.plugin, janode: this.janode };
  }

  private async adminHandle(): Promise<VideoRoomHandle> {
    return (await this.ready()).admin;
  }

  /** A VideoRoom request janode does not wrap, on the admin handle: the plugin's answer (errors carry Janus's code, as janode's own). */
  private async request(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const admin = await this.adminHandle();
    const res = await this.call(admin.message(body));
    return res?.plugindata?.data ?? {};
  }

  private ownRoom(room: LiveRoom) {
    if (room.server !== this.opts.url) throw new LiveMediaError('failed', `the room is on ${room.server}, not ${this.opts.url}`);
  }

  // ── rooms and peers ───────────────────────────────────────────────────────

  private async ensureRoom(room: LiveRoom, description: string) {
    const admin = await this.adminHandle();
    await this.call(
      admin.create({
        room: room.roomId,
        description,
        secret: room.secret,
        pin: room.pin,
        admin_key: this.opts.adminKey,
        is_private: true,
        max_publishers: 1,
        audiocodec: 'opus',
        videocodec: 'vp8',
        notify_joining: false,
        fir_freq: FIR_FREQ_S,
        permanent: false,
      }),
    );
  }

  /** Janus keeps rooms in memory: after it restarts, the room of a live stream is made again from what the API kept. */
  private async retryOnMissingRoom<T>(room: LiveRoom, op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (err) {
      if (codeOf(err) !== NO_SUCH_ROOM) throw err;
      await this.ensureRoom(room, 'stream').catch((e) => { if (codeOf(e) !== ID_EXISTS) throw e; });
      return op();
    }
  }

  /** Attaches a handle for a new peer, runs `setup`, and keeps the peer — or detaches it on failure. */
  private async withPeer<T extends object>(room: LiveRoom, role: Peer['role'], userId: string, setup: (h: VideoRoomHandle) => Promise<T>): Promise<LivePeer & T> {
    const { session, plugin, janode: Janode } = await this.ready();
    const handle = await this.call(session.attach(plugin));
    const peerId = crypto.randomUUID();
    try {
      const out = await setup(handle);
      this.peers.set(peerId, { handle, roomId: room.roomId, role, userId });
      const gone = (reason: string) => () => {
        if (!this.peers.has(peerId)) return;
        this.drop(peerId, reason);
        handle.detach().catch(() => {});
      };
      handle.once(Janode.EVENT.HANDLE_DETACHED, gone('detached'));
      handle.once(Janode.EVENT.HANDLE_HANGUP, gone('hangup'));
      handle.once(Janode.EVENT.HANDLE_ICE_FAILED, gone('ice_failed'));
      if (role === 'publisher') this.watchPublisherMedia(handle, peerId, room.roomId, userId, Janode.EVENT.HANDLE_MEDIA);
      // A subscriber whose publisher leaves gets `updated` (Janus offers the streams again, now
      // inactive): there is no channel to renegotiate over, so the viewer is done — it subscribes
      // again when the stream is publishing again.
      // A publisher's handle also hears of other participants leaving (e.g. `publisherStreams`'s
      // short visits): only its own feed's end counts.
      for (const e of ['videoroom_kicked', 'videoroom_destroyed', 'videoroom_leaving', 'videoroom_unpublished', ...(role === 'subscriber' ? ['videoroom_updated'] : [])]) {
        const end = gone(e === 'videoroom_updated' ? 'unpublished' : e.replace('videoroom_', ''));
        handle.on(e, (data?: { feed?: unknown }) => {
          if (role === 'publisher' && data?.feed !== undefined && data.feed !== null && Number(data.feed) !== PUBLISHER_FEED) return;
          end();
        });
      }
      return { peerId, ...out };
    } catch (err) {
      handle.detach().catch(() => {});
      throw refusal(err, `Janus refused the ${role}`);
    }
  }

  /**
   * Janus tells a publisher's handle when one kind of its media first arrives, when it stops
   * arriving (no packets for `no_media_timer`, 1 s) and when it arrives again: the listeners hear, on each change, whether
   * the camera's video arrives (or, for a publisher Janus never reported video of, any media).
   */
  private watchPublisherMedia(handle: VideoRoomHandle, peerId: string, roomId: number, userId: string, event: string) {
    const kinds = new Map<string, boolean>();
    // Nothing arrives until Janus says so: its first `receiving: true` (the camera's first packets,
    // after ICE and DTLS) puts the camera on air — a camera that connects and never sends is never on air.
    let receiving = false;
    handle.on(event, (e: { type?: string; mid?: string; receiving?: boolean }) => {
      if (typeof e.receiving !== 'boolean' || !this.peers.has(peerId)) return;
      kinds.set(e.type ?? 'media', e.receiving);
      const now = kinds.has('video') ? kinds.get('video')! : [...kinds.values()].some(Boolean);
      if (now === receiving) return;
      receiving = now;
      for (const l of this.mediaListeners) {
        try {
          l({ peerId, roomId, userId, receiving });
        } catch (err) {
          this.opts.log.error({ err }, 'live video: a publisher-media listener failed');
        }
      }
    });
  }

  private drop(peerId: string, reason: string) {
    const peer = this.peers.get(peerId);
    if (!peer) return;
    this.peers.delete(peerId);
    const event: LivePeerClosed = { peerId, roomId: peer.roomId, role: peer.role, userId: peer.userId, reason };
    for (const l of this.closedListeners) {
      try {
        l(event);
      } catch (err) {
        this.opts.log.error({ err }, 'live video: a peer-closed listener failed');
      }
    }
  }

  /** A Janus request with a time limit (janode's own have none). */
  private call<T>(p: Promise<T>): Promise<T> {
    const ms = this.opts.requestTimeoutMs ?? 10_000;
    let t: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      t = setTimeout(() => reject(new LiveMediaError('unavailable', `Janus did not answer within ${ms / 1000} s`)), ms);
    });
    return Promise.race([p, timeout]).finally(() => clearTimeout(t));
  }
}

/** Concurrent forwards to one edge room (this process): one at a time. */
const forwarding = new Map<string, Promise<void>>();

/**
 * Makes `origin`'s camera (on `from`) watchable in `edge` (on `to`): Janus 1.1's remote
 * publishers. Nothing to do when the camera already sends there (a remotization named after the
 * edge room); otherwise the edge gets (again) a remote publisher with the camera's streams, and
 * the origin sends them to it. The RTP goes to the edge server's host (its JANUS_URL's host: a
 * loopback server listens on loopback only).
 */
export async function forwardBetween(from: JanusMedia, origin: LiveRoom, to: JanusMedia, edge: LiveRoom): Promise<void> {
  const key = `${edge.server}#${edge.roomId}`;
  const before = forwarding.get(key) ?? Promise.resolve();
  const run = before.catch(() => {}).then(async () => {
    const remoteId = `edge-${edge.roomId}`;
    if ((await from.remotes(origin)).includes(remoteId)) return;
    const streams = await from.publisherStreams(origin);
    const host = new URL(edge.server).hostname.replace(/^\[|\]$/g, '');
    const address = await to.addRemotePublisher(edge, streams, { display: 'camera', host });
    await from.publishRemotely(origin, remoteId, address);
  });
  forwarding.set(key, run);
  try {
    await run;
  } finally {
    if (forwarding.get(key) === run) forwarding.delete(key);
  }
}

/**
 * janode, loaded on first use. Its core statically imports its Unix-socket transport and with it
 * the native `unix-dgram`: checked through `require` first, because a failing native binding
 * inside an ES import takes the whole process down instead of rejecting.
 */
async function loadJanode(): Promise<{ Janode: Janode; VideoRoom: VideoRoomPlugin }> {
  try {
    createRequire(import.meta.url)('unix-dgram');
  } catch (err) {
    throw new Error(`janode cannot load: its native dependency unix-dgram is not built (npm rebuild unix-dgram): ${(err as Error).message.split('\n')[0]}`);
  }
  const [{ default: Janode }, { default: VideoRoom }] = await Promise.all([import('janode'), import('janode/plugins/videoroom')]);
  Janode.Logger.setLevel('none');
  return { Janode, VideoRoom };
}
