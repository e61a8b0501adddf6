import { sql, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { trackingDaily } from './tracking.tables';

/** What one rollup row gains (only the figures given; the others stay). */
export interface RollupDelta {
  linkId: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  clicks?: number;
  visitors?: number;
  signups?: number;
  follows?: number;
  subscriptions?: number;
  /** Minor units. */
  revenue?: number;
}

const add = (c: AnyColumn, name: string) => sql`${c} + excluded.${sql.identifier(name)}`;

/**
 * THE rollup write (README "Rollups"): adds to the (link, day) rows in one statement, made when
 * missing — `INSERT … ON CONFLICT (link_id, day) DO UPDATE SET x = x + excluded.x`, so concurrent
 * writers add up exactly. Every counter goes through here: clicks (the click's transaction),
 * sign-ups (the registration's), follows, subscriptions and revenue (the event handlers', each run
 * exactly once), and the bench's bulk fill. Rows with the same (link, day) must be merged first
 * (PostgreSQL refuses to touch one row twice in one statement).
 */
export async function bumpRollups(db: DbOrTx, rows: RollupDelta[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(trackingDaily)
    .values(rows.map((r) => ({
      linkId: r.linkId, day: r.day, clicks: r.clicks ?? 0, visitors: r.visitors ?? 0, signups: r.signups ?? 0,
      follows: r.follows ?? 0, subscriptions: r.subscriptions ?? 0, revenue: r.revenue ?? 0,
    })))
    .onConflictDoUpdate({
      target: [trackingDaily.linkId, trackingDaily.day],
      set: {
        clicks: add(trackingDaily.clicks, 'clicks'),
        visitors: add(trackingDaily.visitors, 'visitors'),
        signups: add(trackingDaily.signups, 'signups'),
        follows: add(trackingDaily.follows, 'follows'),
        subscriptions: add(trackingDaily.subscriptions, 'subscriptions'),
        revenue: add(trackingDaily.revenue, 'revenue'),
      },
    });
}

/** The figures' sums over rollup rows (drizzle select fields; bigint sums read as numbers on both drivers). */
export const figureSums = {
  clicks: sql<number>`coalesce(sum(${trackingDaily.clicks}), 0)`.mapWith(Number),
  visitors: sql<number>`coalesce(sum(${trackingDaily.visitors}), 0)`.mapWith(Number),
  signups: sql<number>`coalesce(sum(${trackingDaily.signups}), 0)`.mapWith(Number),
  follows: sql<number>`coalesce(sum(${trackingDaily.follows}), 0)`.mapWith(Number),
  subscriptions: sql<number>`coalesce(sum(${trackingDaily.subscriptions}), 0)`.mapWith(Number),
  revenue: sql<number>`coalesce(sum(${trackingDaily.revenue}), 0)`.mapWith(Number),
};
