import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

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

/**
 * The events about one creator's audience or content that a rebuild below recomputes from the facts,
 * claimed for their statistics handler first (the platform's marker row, as the handler itself
 * does): a handler still to run then skips the event, one that ran is overwritten by the rebuild —
 * the events' counterpart of the money rebuild's `stats_earnings_counted` claim.
 */
async function claimEvents(tx: Tx, performerId: string, handlers: Record<string, { name: string; owner: string }>) {
  for (const [type, h] of Object.entries(handlers)) {
    await tx.execute(sql`
      INSERT INTO domain_event_handled (event_id, handler)
      SELECT id, ${h.name} FROM domain_events WHERE type = ${type} AND payload->>${h.owner} = ${performerId}::text
      ON CONFLICT DO NOTHING`);
  }
}

/**
 * One creator's audience rollups and cohorts made again from the facts (migration 0064's audience
 * backfill for one creator): followers gained by the day of each follow, subscribers new (with their
 * source: tracking link, promotion) by the day each subscription started and ended by the day an
 * expired one ran out; the cohorts from each subscription's months. What the facts cannot tell is
 * kept as it was: followers lost (unfollows leave no row) and renewals. For facts written with a
 * past date (the demo seed's history).
 */
export async function rebuildAudienceRollups(db: Db, performerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await claimEvents(tx, performerId, {
      'follow.created': { name: 'statistics.follow', owner: 'performerId' },
      'fan.subscribed': { name: 'statistics.subscription', owner: 'performerId' },
      'subscription.expired': { name: 'statistics.churn', owner: 'performerId' },
    });
    await tx.execute(sql`UPDATE stats_audience_daily SET followers_gained = 0, subscribers_new = 0, subscribers_churned = 0, new_from_links = 0, new_from_promotions = 0 WHERE performer_id = ${performerId}`);
    await tx.execute(sql`
      INSERT INTO stats_audience_daily (performer_id, day, followers_gained, subscribers_new, subscribers_churned, new_from_links, new_from_promotions)
      SELECT ${performerId}::uuid, day, sum(fg)::int, sum(sn)::int, sum(sc)::int, sum(nl)::int, sum(np)::int FROM (
        SELECT (f.created_at AT TIME ZONE 'UTC')::date AS day, 1 AS fg, 0 AS sn, 0 AS sc, 0 AS nl, 0 AS np FROM follows f WHERE f.following_id = ${performerId}
        UNION ALL
        SELECT (s.created_at AT TIME ZONE 'UTC')::date, 0, 1, 0, CASE WHEN x.linked THEN 1 ELSE 0 END, CASE WHEN NOT x.linked AND x.promoted THEN 1 ELSE 0 END
        FROM subscriptions s,
          LATERAL (SELECT
            EXISTS (SELECT 1 FROM tracking_attributions ta WHERE ta.user_id = s.user_id AND ta.performer_id = s.performer_id AND ta.attributed_at <= s.created_at) AS linked,
            EXISTS (SELECT 1 FROM promotion_claims pc WHERE pc.subscription_id = s.id AND pc.current) AS promoted) x
        WHERE s.performer_id = ${performerId}
        UNION ALL
        SELECT (s.expires_at AT TIME ZONE 'UTC')::date, 0, 0, 1, 0, 0 FROM subscriptions s WHERE s.performer_id = ${performerId} AND s.status = 'expired'
      ) x GROUP BY day
      ON CONFLICT (performer_id, day) DO UPDATE SET followers_gained = excluded.followers_gained, subscribers_new = excluded.subscribers_new,
        subscribers_churned = excluded.subscribers_churned, new_from_links = excluded.new_from_links, new_from_promotions = excluded.new_from_promotions`);
    await tx.execute(sql`DELETE FROM stats_fan_months WHERE performer_id = ${performerId}`);
    await tx.execute(sql`DELETE FROM stats_cohorts WHERE performer_id = ${performerId}`);
    await tx.execute(sql`
      INSERT INTO stats_fan_months (performer_id, user_id, month, cohort_month)
      SELECT s.performer_id, s.user_id, m::date, date_trunc('month', s.created_at AT TIME ZONE 'UTC')::date
      FROM subscriptions s, generate_series(date_trunc('month', s.created_at AT TIME ZONE 'UTC'), date_trunc('month', least(s.expires_at, now()) AT TIME ZONE 'UTC'), interval '1 month') m
      WHERE s.performer_id = ${performerId}
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`
      INSERT INTO stats_cohorts (performer_id, cohort_month, active_month, fans)
      SELECT performer_id, cohort_month, month, count(*)::int FROM stats_fan_months WHERE performer_id = ${performerId} GROUP BY 1, 2, 3`);
  });
}

/**
 * One creator's content rollups made again from the facts (migration 0064's content backfill for one
 * creator): likes, comments, unlocks and revenue of their posts, videos and galleries by day, and the
 * best times (engagement by weekday and hour). Views are kept as they were (no row tells a past view).
 */
export async function rebuildContentRollups(db: Db, performerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await claimEvents(tx, performerId, {
      'reaction.liked': { name: 'statistics.like', owner: 'ownerId' },
      'comment.created': { name: 'statistics.comment', owner: 'ownerId' },
      'item.purchased': { name: 'statistics.unlock', owner: 'performerId' },
    });
    const items = sql`(SELECT 'feed' AS k, id FROM feeds WHERE performer_id = ${performerId} UNION ALL SELECT 'video', id FROM videos WHERE performer_id = ${performerId} UNION ALL SELECT 'gallery', id FROM galleries WHERE performer_id = ${performerId})`;
    await tx.execute(sql`UPDATE stats_content_daily SET likes = 0, comments = 0, unlocks = 0, revenue = 0 WHERE performer_id = ${performerId}`);
    await tx.execute(sql`
      INSERT INTO stats_content_daily (kind, item_id, day, performer_id, likes, comments, unlocks, revenue)
      SELECT kind, item_id, day, ${performerId}::uuid, sum(l)::int, sum(c)::int, sum(u)::int, sum(r) FROM (
        SELECT r.object_type AS kind, r.object_id AS item_id, (r.created_at AT TIME ZONE 'UTC')::date AS day, 1 AS l, 0 AS c, 0 AS u, 0::bigint AS r
        FROM reactions r JOIN ${items} i ON i.k = r.object_type AND i.id = r.object_id WHERE r.action = 'like'
        UNION ALL
        SELECT c.object_type, c.object_id, (c.created_at AT TIME ZONE 'UTC')::date, 0, 1, 0, 0 FROM comments c JOIN ${items} i ON i.k = c.object_type AND i.id = c.object_id
        UNION ALL
        SELECT p.item_type, p.item_id, (p.created_at AT TIME ZONE 'UTC')::date, 0, 0, 1, p.amount FROM purchases p WHERE p.performer_id = ${performerId} AND p.item_type IN ('feed', 'video', 'gallery')
      ) x GROUP BY kind, item_id, day
      ON CONFLICT (kind, item_id, day) DO UPDATE SET likes = excluded.likes, comments = excluded.comments, unlocks = excluded.unlocks, revenue = excluded.revenue`);
    await tx.execute(sql`DELETE FROM stats_engagement_hours WHERE performer_id = ${performerId}`);
    await tx.execute(sql`
      INSERT INTO stats_engagement_hours (performer_id, weekday, hour, engagement)
      SELECT ${performerId}::uuid, extract(dow FROM at AT TIME ZONE 'UTC')::smallint, extract(hour FROM at AT TIME ZONE 'UTC')::smallint, count(*)::int FROM (
        SELECT r.created_at AS at FROM reactions r JOIN ${items} i ON i.k = r.object_type AND i.id = r.object_id WHERE r.action = 'like'
        UNION ALL
        SELECT c.created_at FROM comments c JOIN ${items} i ON i.k = c.object_type AND i.id = c.object_id
        UNION ALL
        SELECT p.created_at FROM purchases p WHERE p.performer_id = ${performerId} AND p.item_type IN ('feed', 'video', 'gallery')
      ) x GROUP BY 2, 3`);
  });
}
