import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { LiveMedia } from '../../platform/live/provider';
import type { SettingsService } from '../settings/settings.service';
import { streamViewers, streams } from './streaming.tables';

/**
 * Where live video goes (README "Audiences larger than one media server"): the load of each Janus
 * server is the number of WebRTC viewers open on it across every live stream (one grouped query
 * on `stream_viewers_server_idx`), and each server carries at most the operator's
 * `liveWebrtcViewersPerServer`. A new stream's origin room goes to the least loaded server; a
 * viewer goes to the least loaded server that holds (or may hold) the stream's room; when every
 * server is at its limit the viewer is sent to HLS.
 *
 * Seats: a viewer placed by `watch` is counted only once their media starts (the relay's `start`
 * writes the presence), so viewers deciding at the same moment would all see the same count and
 * pass the limit together. A placement therefore holds a seat on its server from the decision
 * until the presence row is written (`release`), or for SEAT_HOLD_MS when the viewer never
 * answers. The decision reads the seats after the database's count and takes its own seat in the
 * same synchronous step, so on one API node the limit is exact; a seat released while the count
 * was read is still counted (its presence may not be in that count), which can only keep a seat
 * free a moment longer. Across API nodes each node knows its own seats: viewers placed at the same
 * instant on different nodes may still pass the limit by that many.
 */
export const SEAT_HOLD_MS = 30_000;

export class StreamPlacement {
  /** Seats held per server: seat key (stream:user) → its expiry timer. */
  private seats = new Map<string, Map<string, NodeJS.Timeout>>();

  constructor(private deps: { db: Db; media: LiveMedia | null; settings: Pick<SettingsService, 'get'> }) {}

  /** The Janus servers of this node, in configuration order (none without Janus). */
  servers(): string[] {
    return this.deps.media?.servers() ?? [];
  }

  /** WebRTC viewers one server carries (the operator's setting). */
  perServer(): Promise<number> {
    return this.deps.settings.get('liveWebrtcViewersPerServer');
  }

  /** Per server: open WebRTC viewers across every live stream, and the live streams whose origin room is there (every server listed). */
  async load(): Promise<Map<string, { viewers: number; origins: number }>> {
    const servers = this.servers();
    const out = new Map(servers.map((s) => [s, { viewers: 0, origins: 0 }]));
    if (servers.length === 0) return out;
    const [viewers, origins] = await Promise.all([
      this.deps.db
        .select({ server: streamViewers.mediaServer, n: count() })
        .from(streamViewers)
        .where(and(isNull(streamViewers.leftAt), inArray(streamViewers.mediaServer, servers)))
        .groupBy(streamViewers.mediaServer),
      this.deps.db
        .select({ server: streams.mediaServer, n: count() })
        .from(streams)
        .where(and(eq(streams.status, 'live'), inArray(streams.mediaServer, servers)))
        .groupBy(streams.mediaServer),
    ]);
    for (const r of viewers) if (r.server !== null) out.get(r.server)!.viewers = Number(r.n);
    for (const r of origins) if (r.server !== null) out.get(r.server)!.origins = Number(r.n);
    return out;
  }

  /**
   * The least loaded of `among` (default: every server) whose WebRTC viewers are below the limit:
   * fewest viewers, then fewest origin streams, then the earlier in `among`. Null: all full (or no
   * Janus).
   */
  async leastLoaded(among?: string[], seatFor?: { streamId: string; userId: string }): Promise<string | null> {
    const heldBefore = this.heldKeys();
    const [load, limit] = await Promise.all([this.load(), this.perServer()]);
    // From here to the seat taken: no await (one synchronous step).
    let best: { server: string; viewers: number; origins: number } | null = null;
    for (const server of among ?? this.servers()) {
      const l = load.get(server);
      if (!l) continue;
      const viewers = l.viewers + this.held(server, heldBefore);
      if (viewers >= limit) continue;
      if (!best || viewers < best.viewers || (viewers === best.viewers && l.origins < best.origins)) best = { server, viewers, origins: l.origins };
    }
    if (best && seatFor) this.hold(best.server, `${seatFor.streamId}:${seatFor.userId}`);
    return best?.server ?? null;
  }

  /** The viewer's media started (their presence now counts) or never will: their seat is free. */
  release(streamId: string, userId: string): void {
    const key = `${streamId}:${userId}`;
    for (const [server, held] of this.seats) {
      const timer = held.get(key);
      if (!timer) continue;
      clearTimeout(timer);
      held.delete(key);
      if (held.size === 0) this.seats.delete(server);
    }
  }

  /** Seats held on `server` now, plus those held when the count was read and released since. */
  private held(server: string, before: Map<string, Set<string>>): number {
    const now = this.seats.get(server);
    let n = now?.size ?? 0;
    for (const key of before.get(server) ?? []) if (!now?.has(key)) n++;
    return n;
  }

  private heldKeys(): Map<string, Set<string>> {
    return new Map([...this.seats].map(([server, held]) => [server, new Set(held.keys())]));
  }

  private hold(server: string, key: string): void {
    const held = this.seats.get(server) ?? new Map<string, NodeJS.Timeout>();
    clearTimeout(held.get(key));
    const [streamId, userId] = key.split(':') as [string, string];
    held.set(key, setTimeout(() => this.release(streamId, userId), SEAT_HOLD_MS).unref());
    this.seats.set(server, held);
  }
}
