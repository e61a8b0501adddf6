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
 */
export class StreamPlacement {
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
  async leastLoaded(among?: string[]): Promise<string | null> {
    const [load, limit] = await Promise.all([this.load(), this.perServer()]);
    let best: { server: string; viewers: number; origins: number } | null = null;
    for (const server of among ?? this.servers()) {
      const l = load.get(server);
      if (!l || l.viewers >= limit) continue;
      if (!best || l.viewers < best.viewers || (l.viewers === best.viewers && l.origins < best.origins)) best = { server, ...l };
    }
    return best?.server ?? null;
  }
}
