import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addSource, cachedFor } from '../../platform/metrics';
import { streams } from './streaming.tables';

/**
 * The live figures of the platform's metrics (platform/metrics.ts): streams live now and their
 * viewers (the `viewer_count` presence keeps, README "Presence"), by provider — one grouped query
 * per scrape window. Answers the removal of its sources (root.ts calls it on stop).
 */
export function trackLiveStreams(db: Db): () => void {
  const figures = cachedFor(5_000, () =>
    db
      .select({ provider: streams.provider, live: sql<number>`count(*)::int`, viewers: sql<number>`coalesce(sum(${streams.viewerCount}), 0)::int` })
      .from(streams)
      .where(eq(streams.status, 'live'))
      .groupBy(streams.provider),
  );
  const removeStreams = addSource('liveStreams', async () => (await figures()).map((r) => ({ labels: { provider: r.provider }, value: Number(r.live) })));
  const removeViewers = addSource('liveViewers', async () => (await figures()).map((r) => ({ labels: { provider: r.provider }, value: Number(r.viewers) })));
  return () => {
    removeStreams();
    removeViewers();
  };
}
