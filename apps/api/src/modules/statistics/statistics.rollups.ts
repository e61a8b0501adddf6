import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { statsAudienceDaily, statsCohorts, statsContentDaily, statsEngagementHours, statsFanMonths, statsMoneyDaily } from './statistics.tables';

/**
 * THE rollup writes (README "Rollups"): each adds to its row in one statement, made when missing —
 * `INSERT … ON CONFLICT DO UPDATE SET x = x + excluded.x` — so concurrent handlers add up exactly.
 * The event handlers (exactly once) and the tests call them; the migration's backfill and the
 * bench write the same rows in bulk SQL.
 */
const add = (c: AnyColumn, name: string) => sql`${c} + excluded.${sql.identifier(name)}`;

/** A UTC day (YYYY-MM-DD) and the first day of its month. */
export const utcDayOf = (at: Date) => at.toISOString().slice(0, 10);
export const utcMonthOf = (at: Date) => `${at.toISOString().slice(0, 7)}-01`;

export interface MoneyDelta {
  performerId: string; day: string; channel: string; source: string; gross: number; net: number; tax: number; sales: number; reversals: number;
}
export async function bumpMoney(db: DbOrTx, d: MoneyDelta): Promise<void> {
  await db
    .insert(statsMoneyDaily)
    .values(d)
    .onConflictDoUpdate({
      target: [statsMoneyDaily.performerId, statsMoneyDaily.day, statsMoneyDaily.channel, statsMoneyDaily.source],
      set: { gross: add(statsMoneyDaily.gross, 'gross'), net: add(statsMoneyDaily.net, 'net'), tax: add(statsMoneyDaily.tax, 'tax'), sales: add(statsMoneyDaily.sales, 'sales'), reversals: add(statsMoneyDaily.reversals, 'reversals') },
    });
}

export interface AudienceDelta {
  performerId: string; day: string; followersGained?: number; followersLost?: number; subscribersNew?: number; subscribersChurned?: number; renewals?: number; newFromLinks?: number; newFromPromotions?: number;
}
/** One delta, or several at once (one statement; their (creator, day) keys must differ). */
export async function bumpAudience(db: DbOrTx, deltas: AudienceDelta | AudienceDelta[]): Promise<void> {
  const list = Array.isArray(deltas) ? deltas : [deltas];
  if (!list.length) return;
  const t = statsAudienceDaily;
  await db
    .insert(t)
    .values(list.map((d) => ({
      performerId: d.performerId, day: d.day, followersGained: d.followersGained ?? 0, followersLost: d.followersLost ?? 0, subscribersNew: d.subscribersNew ?? 0,
      subscribersChurned: d.subscribersChurned ?? 0, renewals: d.renewals ?? 0, newFromLinks: d.newFromLinks ?? 0, newFromPromotions: d.newFromPromotions ?? 0,
    })))
    .onConflictDoUpdate({
      target: [t.performerId, t.day],
      set: {
        followersGained: add(t.followersGained, 'followers_gained'), followersLost: add(t.followersLost, 'followers_lost'), subscribersNew: add(t.subscribersNew, 'subscribers_new'),
        subscribersChurned: add(t.subscribersChurned, 'subscribers_churned'), renewals: add(t.renewals, 'renewals'), newFromLinks: add(t.newFromLinks, 'new_from_links'),
        newFromPromotions: add(t.newFromPromotions, 'new_from_promotions'),
      },
    });
}

/**
 * A fan subscribed (or renewed) in `month`: their cohort is the month of their first subscription
 * with the creator; each (fan, month) counts once in its cohort's row.
 */
export async function markFanMonth(db: DbOrTx, performerId: string, userId: string, month: string): Promise<void> {
  const [first] = await db
    .select({ cohort: statsFanMonths.cohortMonth })
    .from(statsFanMonths)
    .where(and(eq(statsFanMonths.performerId, performerId), eq(statsFanMonths.userId, userId)))
    .limit(1);
  const cohortMonth = first?.cohort ?? month;
  const made = await db.insert(statsFanMonths).values({ performerId, userId, month, cohortMonth }).onConflictDoNothing().returning({ m: statsFanMonths.month });
  if (!made.length) return;
  await db
    .insert(statsCohorts)
    .values({ performerId, cohortMonth, activeMonth: month, fans: 1 })
    .onConflictDoUpdate({ target: [statsCohorts.performerId, statsCohorts.cohortMonth, statsCohorts.activeMonth], set: { fans: sql`${statsCohorts.fans} + 1` } });
}

export interface ContentDelta {
  kind: string; itemId: string; day: string; performerId: string; views?: number; likes?: number; comments?: number; unlocks?: number; revenue?: number;
}
/** One delta, or several at once (one statement; their (kind, item, day) keys must differ). */
export async function bumpContent(db: DbOrTx, deltas: ContentDelta | ContentDelta[]): Promise<void> {
  const list = Array.isArray(deltas) ? deltas : [deltas];
  if (!list.length) return;
  const t = statsContentDaily;
  await db
    .insert(t)
    .values(list.map((d) => ({ kind: d.kind, itemId: d.itemId, day: d.day, performerId: d.performerId, views: d.views ?? 0, likes: d.likes ?? 0, comments: d.comments ?? 0, unlocks: d.unlocks ?? 0, revenue: d.revenue ?? 0 })))
    .onConflictDoUpdate({
      target: [t.kind, t.itemId, t.day],
      set: { views: add(t.views, 'views'), likes: add(t.likes, 'likes'), comments: add(t.comments, 'comments'), unlocks: add(t.unlocks, 'unlocks'), revenue: add(t.revenue, 'revenue') },
    });
}

/** One engagement (a like, a comment, an unlock) at `at`, by its UTC weekday and hour. */
export async function bumpHour(db: DbOrTx, performerId: string, at: Date): Promise<void> {
  const t = statsEngagementHours;
  await db
    .insert(t)
    .values({ performerId, weekday: at.getUTCDay(), hour: at.getUTCHours(), engagement: 1 })
    .onConflictDoUpdate({ target: [t.performerId, t.weekday, t.hour], set: { engagement: sql`${t.engagement} + 1` } });
}
