import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * One creator's money rollups made again from their earnings rows: migration 0064's money backfill
 * (the same SQL) for one creator, in one transaction — every row claimed first (so a handler still
 * to run for one of them skips it, and one that ran is waited for), the creator's rows deleted,
 * then summed from the facts. For rows written with a past date (the demo seed's history); the
 * live path is the event handler.
 */
export async function rebuildMoneyRollups(db: Db, performerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO stats_earnings_counted (earning_id) SELECT id FROM earnings WHERE performer_id = ${performerId} ON CONFLICT DO NOTHING`);
    await tx.execute(sql`DELETE FROM stats_money_daily WHERE performer_id = ${performerId}`);
    await tx.execute(sql`
      INSERT INTO stats_money_daily (performer_id, day, channel, source, gross, net, tax, sales, reversals)
      SELECT e.performer_id, (e.created_at AT TIME ZONE 'UTC')::date, e.channel,
        CASE WHEN e.channel = 'referral' THEN 'referral' WHEN ta.user_id IS NOT NULL THEN 'tracking_link' ELSE 'organic' END,
        sum(e.gross), sum(e.net), sum(e.tax), count(*) FILTER (WHERE e.reverses_id IS NULL), count(*) FILTER (WHERE e.reverses_id IS NOT NULL)
      FROM earnings e
      LEFT JOIN tracking_attributions ta ON ta.user_id = e.user_id AND ta.performer_id = e.performer_id AND ta.attributed_at <= e.created_at
      WHERE e.performer_id = ${performerId}
      GROUP BY 1, 2, 3, 4`);
  });
}
