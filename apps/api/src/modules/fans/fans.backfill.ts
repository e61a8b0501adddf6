import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The fan list of one creator made from the facts (earnings, subscriptions, follows), for fans who
 * have no row yet — migration 0063's backfill for one creator. Rows that exist (kept by the
 * handlers, with the creator's notes and custom names) are left as they are. For data written
 * without events (the demo seed's dated-back history).
 */
export async function backfillCreatorFans(db: Db, performerId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO creator_fans (performer_id, fan_id, spent_total, spent, first_seen_at, first_subscribed_at, followed_at, subscription_status, tier_id, last_activity_at, username_key, name_key)
    SELECT p.performer_id, p.fan_id, coalesce(m.total, 0), coalesce(m.spent, '{}'::jsonb),
      least(m.first_at, s.starts_at, f.created_at), s.starts_at, f.created_at, s.status, s.tier_id,
      coalesce(greatest(m.last_at, s.starts_at, f.created_at), least(m.first_at, s.starts_at, f.created_at)),
      lower(trim(coalesce(u.username, ''))), lower(trim(u.name))
    FROM (
      SELECT performer_id, user_id AS fan_id FROM earnings WHERE performer_id = ${performerId} AND user_id IS NOT NULL AND channel <> 'referral'
      UNION SELECT performer_id, user_id FROM subscriptions WHERE performer_id = ${performerId}
      UNION SELECT following_id, follower_id FROM follows WHERE following_id = ${performerId}
    ) p
    JOIN users u ON u.id = p.fan_id
    LEFT JOIN (
      SELECT fan_id, sum(amount) AS total, jsonb_object_agg(channel, amount) AS spent, min(first_at) AS first_at, max(last_at) AS last_at
      FROM (
        SELECT user_id AS fan_id, channel, sum(gross + tax) AS amount, min(created_at) AS first_at,
          max(created_at) FILTER (WHERE reverses_id IS NULL AND channel <> 'subscription') AS last_at
        FROM earnings WHERE performer_id = ${performerId} AND user_id IS NOT NULL AND channel <> 'referral' GROUP BY 1, 2
      ) c GROUP BY 1
    ) m ON m.fan_id = p.fan_id
    LEFT JOIN subscriptions s ON s.performer_id = p.performer_id AND s.user_id = p.fan_id
    LEFT JOIN follows f ON f.following_id = p.performer_id AND f.follower_id = p.fan_id
    WHERE p.fan_id <> p.performer_id
    ON CONFLICT (performer_id, fan_id) DO NOTHING`);
}
