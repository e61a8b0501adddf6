import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { STREAM_PRESENCE_TIMEOUT_SECONDS, streamRoom, type StreamPath } from '@stagepass/shared';
import type { DbOrTx, Db } from '../../db/client';
import type { Realtime } from '../../platform/realtime';
import { billableClock } from './streaming.clock';
import { streamViewers, streams, type StreamViewerRow } from './streaming.tables';

/**
 * Viewers' presence in streams, measured by the server (README.md beside this file, "Presence"):
 * a row opens when the viewer's media starts (Janus `start`) or with their first heartbeat (PUT
 * /streaming/set-duration, Agora), is kept by heartbeats, and closes on leave, kick, the stream's
 * end, or when no heartbeat came for STREAM_PRESENCE_TIMEOUT_SECONDS (the sweep). One open row
 * per (stream, user) — a partial unique index. The creator is not a viewer (never counted).
 * `viewer_count` on the stream is recomputed by one statement after each change and pushed
 * ('stream/viewers' to `stream:<id>`); the same statement moves the billable clock (a private
 * show's runs only while its fan is in: streaming.clock.ts).
 */
export class StreamPresence {
  constructor(private deps: { db: Db; realtime: Pick<Realtime, 'to'> }) {}

  /** The open row of the user in the stream, if any. */
  async openRow(streamId: string, userId: string, db: DbOrTx = this.deps.db): Promise<StreamViewerRow | null> {
    const [row] = await db.select().from(streamViewers).where(and(eq(streamViewers.streamId, streamId), eq(streamViewers.userId, userId), isNull(streamViewers.leftAt)));
    return row ?? null;
  }

  /**
   * Opens the user's presence (or keeps the open one: a heartbeat) at `now`. Answers the open row
   * and whether it was opened now. `via` (the relay's start, an HLS heartbeat): how they watch now —
   * a viewer moving between WebRTC and HLS keeps one presence, recounted by path.
   */
  async touch(streamId: string, userId: string, now: Date, via?: { path: StreamPath; mediaServer?: string | null }): Promise<{ row: StreamViewerRow; opened: boolean }> {
    const moved = via ? { path: via.path, mediaServer: via.path === 'hls' ? null : (via.mediaServer ?? null) } : {};
    const open = and(eq(streamViewers.streamId, streamId), eq(streamViewers.userId, userId), isNull(streamViewers.leftAt));
    const [before] = via ? await this.deps.db.select({ path: streamViewers.path }).from(streamViewers).where(open) : [];
    const [kept] = await this.deps.db.update(streamViewers).set({ lastSeenAt: now, ...moved }).where(open).returning();
    if (kept) {
      if (before && before.path !== kept.path) await this.recount(streamId, now);
      return { row: kept, opened: false };
    }
    const [made] = await this.deps.db.insert(streamViewers).values({ streamId, userId, joinedAt: now, lastSeenAt: now, ...moved }).onConflictDoNothing().returning();
    if (!made) {
      // A concurrent open won: that row is ours.
      const row = await this.openRow(streamId, userId);
      if (row) return { row, opened: false };
      return this.touch(streamId, userId, now, via);
    }
    await this.recount(streamId, now);
    return { row: made, opened: true };
  }

  /** Closes the user's presence (leave, kick). True when one was open. */
  async close(streamId: string, userId: string, now: Date): Promise<boolean> {
    const closed = await this.deps.db
      .update(streamViewers)
      .set({ leftAt: now })
      .where(and(eq(streamViewers.streamId, streamId), eq(streamViewers.userId, userId), isNull(streamViewers.leftAt)))
      .returning({ id: streamViewers.id });
    if (closed.length) await this.recount(streamId, now);
    return closed.length > 0;
  }

  /** Closes every presence of a stream inside `tx` (its end: the caller zeroes the count in the same statement as the end). */
  async closeAll(tx: DbOrTx, streamId: string, now: Date): Promise<void> {
    await tx.update(streamViewers).set({ leftAt: now }).where(and(eq(streamViewers.streamId, streamId), isNull(streamViewers.leftAt)));
  }

  /** Closes the presences without a heartbeat since `now` − timeout; answers (stream, user) of each. */
  async sweep(now: Date): Promise<Array<{ streamId: string; userId: string }>> {
    const cutoff = new Date(now.getTime() - STREAM_PRESENCE_TIMEOUT_SECONDS * 1000);
    const gone = await this.deps.db
      .update(streamViewers)
      .set({ leftAt: now })
      .where(and(isNull(streamViewers.leftAt), lt(streamViewers.lastSeenAt, cutoff)))
      .returning({ streamId: streamViewers.streamId, userId: streamViewers.userId });
    for (const streamId of new Set(gone.map((g) => g.streamId))) await this.recount(streamId, now);
    return gone;
  }

  /** Recomputes the stream's viewer counts (all, and over HLS) and billable clock at `now` (one statement) and pushes them to the stream's room. */
  async recount(streamId: string, now: Date): Promise<number> {
    const open = sql`from ${streamViewers} where ${streamViewers.streamId} = ${streamId} and ${streamViewers.leftAt} is null`;
    const [row] = await this.deps.db
      .update(streams)
      .set({
        viewerCount: sql`(select count(*)::int ${open})`,
        hlsViewerCount: sql`(select count(*)::int ${open} and ${streamViewers.path} = 'hls')`,
        ...billableClock(now),
      })
      .where(and(eq(streams.id, streamId), eq(streams.status, 'live')))
      .returning({ count: streams.viewerCount, hls: streams.hlsViewerCount });
    if (!row) return 0;
    this.deps.realtime.to(streamRoom(streamId), 'stream/viewers', { streamId, count: row.count, audience: { webrtc: row.count - row.hls, hls: row.hls } });
    return row.count;
  }
}
