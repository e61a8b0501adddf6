import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../platform/errors';
import { LiveMediaError, type LiveMedia, type LiveRoom } from '../../platform/live/provider';
import { streamEdges, streams, type StreamEdgeRow, type StreamRow } from './streaming.tables';
import type { StreamPlacement } from './streaming.placement';
import type { StreamPresence } from './streaming.presence';

export const STREAM_FULL = 'This stream is full right now: try again in a moment';

/** Delays between the attempts to forward a stream's camera to its edges again after it published anew (its WebRTC must be up first). */
const REFORWARD_DELAYS_MS = [250, 500, 1000, 2000, 4000, 8000];

const edgeRoom = (e: StreamEdgeRow): LiveRoom => ({ server: e.server, roomId: e.roomId, secret: e.roomSecret, pin: e.roomPin });

/**
 * Audiences larger than one media server (README.md beside this file, "Audiences larger than one
 * media server"): a stream's WebRTC viewers go to its origin room while the origin's Janus server
 * has room (the operator's `liveWebrtcViewersPerServer`, counted by StreamPlacement); then to an
 * edge room of the stream on the least loaded other server, made on first need (one per stream
 * and server: `stream_edges`'s primary key decides between racing nodes) and fed with the
 * creator's camera by `LiveMedia.forwardToEdge`. Viewers there subscribe exactly as at the origin.
 * Private shows stay on their origin.
 */
export class StreamEdges {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private deps: { db: Db; media: LiveMedia | null; placement: StreamPlacement; presence: Pick<StreamPresence, 'openRow'>; log: FastifyBaseLogger }) {}

  /** The stream's edge rooms. */
  async rooms(streamId: string): Promise<LiveRoom[]> {
    const rows = await this.deps.db.select().from(streamEdges).where(eq(streamEdges.streamId, streamId));
    return rows.map(edgeRoom);
  }

  /**
   * The room a viewer of a live Janus stream subscribes to: back where they already watch (a
   * second tab, a reconnect: their open presence's server) when the stream has a room there;
   * else the origin while its server is below the limit; else an edge on the least loaded other
   * server below it (made and fed now when missing). Every server full: 503 STREAM_FULL.
   */
  async roomFor(row: StreamRow, origin: LiveRoom, viewerId: string): Promise<LiveRoom> {
    const media = this.deps.media;
    if (!media) throw new LiveMediaError('unavailable', 'No live video server');
    if (row.type === 'private') return origin;
    const up = (server: string) => media.serverAvailable(server);
    const open = await this.deps.presence.openRow(row.id, viewerId);
    if (open?.path === 'webrtc' && open.mediaServer && up(open.mediaServer)) {
      if (open.mediaServer === origin.server) return origin;
      const [e] = await this.deps.db.select().from(streamEdges).where(and(eq(streamEdges.streamId, row.id), eq(streamEdges.server, open.mediaServer)));
      if (e) return this.fed(origin, edgeRoom(e));
    }
    const seat = { streamId: row.id, userId: viewerId };
    if (up(origin.server) && (await this.deps.placement.leastLoaded([origin.server], seat)) === origin.server) return origin;
    const others = media.servers().filter((s) => s !== origin.server && up(s));
    const server = others.length && media.forwardToEdge ? await this.deps.placement.leastLoaded(others, seat) : null;
    if (!server) throw new HttpError(503, STREAM_FULL);
    return this.fed(origin, await this.ensure(row, server));
  }

  /** The edge, the camera forwarded to it (nothing to do when it already is). */
  private async fed(origin: LiveRoom, edge: LiveRoom): Promise<LiveRoom> {
    await this.deps.media!.forwardToEdge!(origin, edge);
    return edge;
  }

  /** The stream's edge room on `server`: the one kept, or a new one (two nodes racing keep one; the loser's room is destroyed). */
  private async ensure(row: StreamRow, server: string): Promise<LiveRoom> {
    const media = this.deps.media!;
    const kept = async () => (await this.deps.db.select().from(streamEdges).where(and(eq(streamEdges.streamId, row.id), eq(streamEdges.server, server))))[0];
    const have = await kept();
    if (have) return edgeRoom(have);
    const room = await media.createRoom({ streamId: row.id, description: `stream ${row.id} (edge)`, maxViewers: await this.deps.placement.perServer(), server });
    const [made] = await this.deps.db
      .insert(streamEdges)
      .values({ streamId: row.id, server, roomId: room.roomId, roomSecret: room.secret, roomPin: room.pin })
      .onConflictDoNothing()
      .returning();
    if (!made) {
      await this.destroy(room, row.id);
      const winner = await kept();
      if (!winner) throw notFound('Stream not found');
      return edgeRoom(winner);
    }
    // Ended meanwhile: the end destroyed the edges it saw, not this one.
    const [still] = await this.deps.db.select({ status: streams.status }).from(streams).where(eq(streams.id, row.id));
    if (still?.status !== 'live') {
      await this.deps.db.delete(streamEdges).where(and(eq(streamEdges.streamId, row.id), eq(streamEdges.server, server)));
      await this.destroy(room, row.id);
      throw notFound('Stream not found');
    }
    this.deps.log.info({ streamId: row.id, server }, 'live: the stream has an edge room on another media server now');
    return room;
  }

  /**
   * The creator published again (a reconnect, a reload): the forwards went with the previous
   * camera, so each edge is fed again once the new camera's WebRTC is up (retried for ~15 s while
   * it is not). In the background; `idle()` waits for it (tests).
   */
  reforward(row: StreamRow, origin: LiveRoom): void {
    const media = this.deps.media;
    if (!media?.forwardToEdge || row.type === 'private') return;
    const run = (async () => {
      const pending = await this.rooms(row.id);
      for (const delay of REFORWARD_DELAYS_MS) {
        if (!pending.length) return;
        await new Promise((r) => setTimeout(r, delay).unref());
        for (const edge of [...pending]) {
          try {
            await media.forwardToEdge!(origin, edge);
            pending.splice(pending.indexOf(edge), 1);
          } catch (err) {
            if (err instanceof LiveMediaError && err.code === 'not_publishing') continue;
            pending.splice(pending.indexOf(edge), 1);
            this.deps.log.warn({ err, streamId: row.id, server: edge.server }, 'live: forwarding the camera to an edge room again failed');
          }
        }
      }
      if (pending.length) this.deps.log.warn({ streamId: row.id, edges: pending.map((e) => e.server) }, 'live: the camera did not come up in time to be forwarded to the edge rooms again');
    })().catch((err: unknown) => this.deps.log.warn({ err, streamId: row.id }, 'live: forwarding the camera to the edge rooms again failed'));
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  /** Waits for the background re-forwards under way (tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  /** The stream ended: its edge rooms are destroyed (their viewers dropped) and forgotten. */
  async destroyAll(streamId: string): Promise<void> {
    const rows = await this.deps.db.delete(streamEdges).where(eq(streamEdges.streamId, streamId)).returning();
    for (const e of rows) await this.destroy(edgeRoom(e), streamId);
  }

  private async destroy(room: LiveRoom, streamId: string): Promise<void> {
    await this.deps.media?.destroyRoom(room).catch((err: unknown) => this.deps.log.warn({ err, streamId, server: room.server }, 'live: destroying an edge room failed'));
  }
}
