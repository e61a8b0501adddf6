import type http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { REALTIME_ERRORS, conversationRoom, isUuid, streamRoom, userRoom, type ClientToServerEvents, type RealtimeRoom, type ServerToClientEvents } from '@stagepass/shared';
import type { Db } from '../db/client';
import type { Config } from '../config';
import { findSession, type SessionCache } from './auth';

/** What a connected socket carries: whose it is and which session authorised it. */
interface SocketData {
  userId: string;
  sessionId: string;
}
type IoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Internal room of one session's sockets (so a logout on any node closes them). */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * The realtime gateway (socket.io). Built with the platform; `attach` puts it on the API's HTTP
 * server. A connection carries its token in the query and is checked with the HTTP session lookup
 * (platform/auth.ts); after a reconnect the client sends 'auth/login' {token} and is checked again.
 * Each socket joins `user:<id>` and its session's room. With REDIS_URL the Redis adapter carries
 * emits and disconnects to every API node (a worker-only process publishes through it too) and
 * presence is counted in Redis; without it, both stay in this process. See apps/api/README.md.
 */
/** The reconnect hint's delay: the client waits about this long (± half, jittered) before connecting again. */
export const RECONNECT_AFTER_SHUTDOWN_MS = 1000;

export class Realtime {
  readonly io: IoServer;
  private redis: { pub: Redis; sub: Redis } | null = null;
  /** Set by `close`: emits after it are dropped. */
  private closed = false;
  /** Who may join `conversation:<id>` (set by the messages module through the composition root). */
  private conversationGuard: ((userId: string, conversationId: string) => Promise<boolean>) | null = null;
  /** Who may join `stream:<id>` (set by the streaming module's policy through the composition root). */
  private streamGuard: ((userId: string, streamId: string) => Promise<boolean>) | null = null;
  private streamSocketGone: Array<(userId: string, streamIds: string[]) => void> = [];

  constructor(private deps: { config: Config; db: Db; log: FastifyBaseLogger; sessions?: SessionCache }) {
    this.io = new Server({
      cors: { origin: deps.config.corsOrigins, credentials: true },
      transports: ['websocket', 'polling'],
      serveClient: false,
    });
    if (deps.config.REDIS_URL) {
      const pub = new Redis(deps.config.REDIS_URL, { maxRetriesPerRequest: 2 });
      const sub = pub.duplicate();
      this.redis = { pub, sub };
      this.io.adapter(createAdapter(pub, sub, { key: deps.config.REALTIME_CHANNEL }));
    }
    this.io.use((socket, next) => {
      const raw = socket.handshake.query.token ?? socket.handshake.auth?.token;
      const token = typeof raw === 'string' ? raw : null;
      if (!token) return next(new Error(REALTIME_ERRORS.noToken));
      findSession(deps.db, token, deps.sessions).then(
        (s) => {
          if (!s.ok) return next(new Error(s.message));
          socket.data = { userId: s.user.id, sessionId: s.sessionId };
          next();
        },
        (err: unknown) => {
          deps.log.error({ err }, 'socket authentication failed');
          next(new Error(REALTIME_ERRORS.badToken));
        },
      );
    });
    this.io.on('connection', (socket) => this.onConnection(socket));
  }

  /**
   * Lets sockets join `conversation:<id>` (typing, seen) when `guard` says the user is a member.
   * Without a guard nobody joins a conversation room.
   */
  guardConversations(guard: (userId: string, conversationId: string) => Promise<boolean>): void {
    this.conversationGuard = guard;
  }

  /**
   * Lets sockets join `stream:<id>` (chat, viewers, end of stream) when `guard` says the user is
   * entitled to the stream (modules/streaming/streaming.policy.ts). Without a guard nobody joins.
   */
  guardStreams(guard: (userId: string, streamId: string) => Promise<boolean>): void {
    this.streamGuard = guard;
  }

  /**
   * Called when a socket that was in `stream:<id>` rooms goes away (its page closed, its browser
   * killed, its network gone past socket.io's ping timeout), with the user and those streams: the
   * streaming module treats the creator's studio going as their camera going.
   */
  onStreamSocketGone(listener: (userId: string, streamIds: string[]) => void): void {
    this.streamSocketGone.push(listener);
  }

  /** Whether `userId` has a socket in `room`, on any node (if Redis fails, this node's sockets answer). */
  async inRoom(room: RealtimeRoom, userId: string): Promise<boolean> {
    return (await this.socketsIn(room, 'room membership')).some((s) => s.data.userId === userId);
  }

  /** The sockets in these rooms, on any node (with Redis through the adapter); if that fails, this node's. */
  private socketsIn(rooms: string | string[], what: string) {
    return this.io
      .in(rooms)
      .fetchSockets()
      .catch((err: unknown) => {
        this.deps.log.warn({ err }, `${what} across nodes failed: answering from this node`);
        return this.io.local.in(rooms).fetchSockets();
      });
  }

  /** Serves socket.io on the API's HTTP server (path /socket.io/). */
  attach(server: http.Server): void {
    this.io.attach(server);
  }

  private onConnection(socket: IoSocket) {
    const { userId, sessionId } = socket.data;
    void socket.join([userRoom(userId), sessionRoom(sessionId)]);
    // A guarded room (`conversation:`, `stream:`): joined when its guard says yes, left on request.
    const idIn = (p: unknown, key: 'conversationId' | 'streamId') => {
      const id = (p as Record<string, unknown> | null)?.[key];
      return typeof id === 'string' && isUuid(id) ? id : null;
    };
    const idOf = (p: unknown) => idIn(p, 'conversationId');
    const guarded = (key: 'conversationId' | 'streamId', room: (id: string) => RealtimeRoom, guard: () => ((userId: string, id: string) => Promise<boolean>) | null, what: string) => ({
      // `ack` (optional, the client's acknowledgement): whether the socket is now in the room.
      join: (payload: unknown, ack?: unknown) => {
        const answer = (joined: boolean) => (typeof ack === 'function' ? (ack as (joined: boolean) => void)(joined) : undefined);
        const id = idIn(payload, key);
        const check = guard();
        if (!id || !check) return answer(false);
        check(socket.data.userId, id).then(
          async (ok) => {
            if (ok) await socket.join(room(id));
            answer(ok);
          },
          (err: unknown) => {
            this.deps.log.warn({ err }, `${what} join check failed`);
            answer(false);
          },
        );
      },
      leave: (payload: unknown) => {
        const id = idIn(payload, key);
        if (id) void socket.leave(room(id));
      },
    });
    const conversationRooms = guarded('conversationId', conversationRoom, () => this.conversationGuard, 'conversation');
    socket.on('conversation/join', conversationRooms.join);
    socket.on('conversation/leave', conversationRooms.leave);
    const streamRooms = guarded('streamId', streamRoom, () => this.streamGuard, 'stream');
    socket.on('stream/join', streamRooms.join);
    socket.on('stream/leave', streamRooms.leave);
    socket.on('disconnecting', () => {
      const streamIds = [...socket.rooms].filter((r) => r.startsWith('stream:')).map((r) => r.slice('stream:'.length));
      if (!streamIds.length) return;
      // After the socket has left its rooms, so a membership check no longer sees it.
      setImmediate(() => {
        for (const l of this.streamSocketGone) l(socket.data.userId, streamIds);
      });
    });
    // Typing is relayed only inside a conversation the socket joined (membership checked on join).
    socket.on('message/typing', (payload) => {
      const id = idOf(payload);
      if (id && socket.rooms.has(conversationRoom(id))) socket.to(conversationRoom(id)).emit('message/typing', { conversationId: id, userId: socket.data.userId });
    });
    socket.on('auth/login', (payload) => {
      const token = typeof payload?.token === 'string' ? payload.token : '';
      findSession(this.deps.db, token, this.deps.sessions).then(
        async (s) => {
          if (!s.ok) {
            socket.emit('auth/result', { ok: false, message: s.message });
            socket.disconnect(true);
            return;
          }
          const prev = socket.data;
          if (prev.sessionId !== s.sessionId) socket.leave(sessionRoom(prev.sessionId));
          if (prev.userId !== s.user.id) socket.leave(userRoom(prev.userId));
          socket.data = { userId: s.user.id, sessionId: s.sessionId };
          await socket.join([userRoom(s.user.id), sessionRoom(s.sessionId)]);
          socket.emit('auth/result', { ok: true });
        },
        (err: unknown) => {
          this.deps.log.error({ err }, 'socket re-authentication failed');
          socket.disconnect(true);
        },
      );
    });
  }

  /** Sockets connected to this node, not the other nodes' (metrics: `stagepass_realtime_sockets`; the System console's node list). */
  localSockets(): number {
    return this.io.of('/').sockets.size;
  }

  /** Sends an event to every socket of one user, on any node. */
  toUser<E extends keyof ServerToClientEvents>(userId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    this.to(userRoom(userId), event, ...args);
  }

  /**
   * Sends one event to many users' rooms at once, on any node: the packet is encoded once and (with
   * Redis) published once, and a socket in several of the rooms gets it once. For fan-outs.
   */
  toUsers<E extends keyof ServerToClientEvents>(userIds: string[], event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    if (userIds.length && !this.closed) this.io.to(userIds.map(userRoom)).emit(event, ...args);
  }

  /** Sends an event to a room (`user:`, and later `conversation:` and `stream:`), on any node. */
  to<E extends keyof ServerToClientEvents>(room: RealtimeRoom, event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    if (!this.closed) this.io.to(room).emit(event, ...args);
  }

  /** Sends an event to a room except one user's sockets (who get their own version with toUser), on any node. */
  toExcept<E extends keyof ServerToClientEvents>(room: RealtimeRoom, exceptUserId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    if (!this.closed) this.io.to(room).except(userRoom(exceptUserId)).emit(event, ...args);
  }

  /** Sends an event to every connected socket, on any node (public info only: live badges). */
  broadcast<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    if (!this.closed) this.io.emit(event, ...args);
  }

  /** Makes the sockets in room `of` (e.g. one user's) leave `room`, on any node (a viewer removed from a stream). */
  leaveRoom(of: RealtimeRoom, room: RealtimeRoom): void {
    this.io.in(of).socketsLeave(room);
  }

  /** Closes at once every socket of these sessions (logout), on any node. */
  async disconnectSessions(sessionIds: string[]): Promise<void> {
    if (sessionIds.length) this.io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  }

  /** Closes at once every socket of a user (password change: every session revoked), on any node. */
  async disconnectUser(userId: string): Promise<void> {
    this.io.in(userRoom(userId)).disconnectSockets(true);
  }

  /**
   * Which of these users have a connected socket, on any node. Asked of the sockets themselves (with
   * Redis, every live node answers through the adapter): no counter to drift, and a node that
   * crashed takes its sockets' presence with it. If Redis fails, this node's own sockets answer.
   */
  async onlineUsers(userIds: string[]): Promise<Set<string>> {
    if (!userIds.length) return new Set();
    const sockets = await this.socketsIn(userIds.map(userRoom), 'presence');
    return new Set(sockets.map((s) => s.data.userId));
  }

  /** Whether a user has a connected socket, on any node. */
  async isOnline(userId: string): Promise<boolean> {
    return (await this.onlineUsers([userId])).has(userId);
  }

  /**
   * Closes this node's sockets (before the HTTP server closes: open websockets would hold it), each
   * told first that the node is going away, not its session ('server/restarting'): the client
   * connects again, through the proxy to another node.
   */
  closeSockets(): void {
    this.io.local.emit('server/restarting', { reconnectAfterMs: RECONNECT_AFTER_SHUTDOWN_MS });
    this.io.local.disconnectSockets(true);
    this.io.engine?.close();
  }

  /** Closes the Redis connections (after the sockets). */
  async close(): Promise<void> {
    // An after-commit push that outlives the node's stop is dropped here: the Redis adapter would
    // publish on a closed connection (an unhandled rejection), and nobody is connected any more.
    this.closed = true;
    if (!this.redis) return;
    const { pub, sub } = this.redis;
    this.redis = null;
    await Promise.allSettled([pub.quit(), sub.quit()]);
  }
}
