import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { EARNING_TYPE_VALUES, fromMinor, type Dashboard, type DashboardDay, type DashboardQuery, type EarningType } from '@stagepass/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { earnings } from '../earnings/earnings.tables';
import { payoutRequests } from '../payouts/payouts.tables';
import { performerProfiles } from '../performers/performers.tables';
import { reports } from '../reports/reports.tables';
import { grantsAccessSql } from '../subscriptions/subscriptions.policy';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { users } from '../users/users.tables';

/** What DashboardService is built with (by the composition root, root.ts). */
export interface DashboardDeps {
  clock: Clock;
  db: Db;
}

const DAY_MS = 86_400_000;
const RANGE_DAYS = { today: 1, '7d': 7, '30d': 30 } as const;
/** Payout requests still to be paid: requested, or approved and not paid yet. */
const AWAITING_PAYMENT = ['pending', 'approved'] as const;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
/** A UTC day of a timestamp column, as YYYY-MM-DD (grouping key). */
const utcDay = (col: typeof users.createdAt | typeof earnings.createdAt) => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`;

/** The UTC days a query covers: `[start, end)` and every day in it. */
export function dashboardDays(q: Pick<DashboardQuery, 'range' | 'fromDate' | 'toDate'>, now: Date): { start: Date; end: Date; days: string[] } {
  const last = q.fromDate && q.toDate ? q.toDate : isoDay(now);
  const first = q.fromDate && q.toDate ? q.fromDate : isoDay(new Date(dayStart(last).getTime() - (RANGE_DAYS[q.range] - 1) * DAY_MS));
  const start = dayStart(first);
  const end = new Date(dayStart(last).getTime() + DAY_MS);
  const days: string[] = [];
  for (let t = start.getTime(); t < end.getTime(); t += DAY_MS) days.push(isoDay(new Date(t)));
  return { start, end, days };
}

/**
 * The operator console's home (GET /admin/dashboard): read-only aggregates over other modules'
 * tables, three queries whatever the range — sign-ups by day, sales by day and type (the earnings
 * rows the ledger writes with every sale), and the "now" figures in one round trip of scalar
 * subqueries. Every one is served by an index (README.md beside this file, "Dashboard").
 */
export class DashboardService {
  constructor(private deps: DashboardDeps) {}

  async get(q: DashboardQuery): Promise<Dashboard> {
    const now = this.deps.clock.now();
    const { start, end, days } = dashboardDays(q, now);
    const db = this.deps.db;
    const signupDay = utcDay(users.createdAt);
    const saleDay = utcDay(earnings.createdAt);
    const refund = sql`${earnings.source} like 'refund:%'`;
    const [signups, sales, current] = await Promise.all([
      db
        .select({
          day: signupDay,
          creators: sql<number>`count(*) filter (where ${users.isPerformer})::int`,
          fans: sql<number>`count(*) filter (where not ${users.isPerformer} and not ${users.roles} @> '["admin"]'::jsonb)::int`,
        })
        .from(users)
        .where(and(gte(users.createdAt, start), lt(users.createdAt, end)))
        .groupBy(signupDay),
      db
        .select({
          day: saleDay,
          type: earnings.type,
          count: sql<number>`count(*) filter (where not ${refund})::int`,
          gross: sql<string>`coalesce(sum(${earnings.gross}), 0)::text`,
          commission: sql<string>`coalesce(sum(${earnings.commission}), 0)::text`,
        })
        .from(earnings)
        .where(and(gte(earnings.createdAt, start), lt(earnings.createdAt, end)))
        .groupBy(saleDay, earnings.type),
      db.execute<{ subs: number; payouts: number; payout_amount: string; reports: number; verification: number }>(sql`select
        (select count(*)::int from ${subscriptions} where ${grantsAccessSql(now)}) as subs,
        (select count(*)::int from ${payoutRequests} where ${inArray(payoutRequests.status, [...AWAITING_PAYMENT])}) as payouts,
        (select coalesce(sum(${payoutRequests.amount}), 0)::text from ${payoutRequests} where ${inArray(payoutRequests.status, [...AWAITING_PAYMENT])}) as payout_amount,
        (select count(*)::int from ${reports} where ${eq(reports.status, 'open')}) as reports,
        (select count(*)::int from ${performerProfiles} where ${eq(performerProfiles.verificationStatus, 'pending')}) as verification`),
    ]);

    const series = new Map<string, DashboardDay>(days.map((date) => [date, { date, fans: 0, creators: 0, gross: 0, commission: 0 }]));
    const byDay = new Map<string, { gross: number; commission: number }>();
    for (const s of signups) Object.assign(series.get(s.day) ?? {}, { fans: s.fans, creators: s.creators });
    const byType = new Map<EarningType, { count: number; gross: number; commission: number }>(EARNING_TYPE_VALUES.map((t) => [t, { count: 0, gross: 0, commission: 0 }]));
    for (const s of sales) {
      const line = byType.get(s.type);
      if (line) {
        line.count += s.count;
        line.gross += Number(s.gross);
        line.commission += Number(s.commission);
      }
      const d = byDay.get(s.day) ?? { gross: 0, commission: 0 };
      d.gross += Number(s.gross);
      d.commission += Number(s.commission);
      byDay.set(s.day, d);
    }
    for (const [day, d] of byDay) Object.assign(series.get(day) ?? {}, { gross: fromMinor(d.gross), commission: fromMinor(d.commission) });
    const lines = [...byType].map(([type, l]) => ({ type, count: l.count, gross: fromMinor(l.gross), commission: fromMinor(l.commission) }));
    const sum = (k: 'count' | 'gross' | 'commission') => [...byType.values()].reduce((a, l) => a + l[k], 0);
    const c = current.rows[0]!;
    return {
      from: days[0]!,
      to: days[days.length - 1]!,
      signups: { fans: signups.reduce((a, s) => a + s.fans, 0), creators: signups.reduce((a, s) => a + s.creators, 0) },
      activeSubscriptions: Number(c.subs),
      sales: { count: sum('count'), gross: fromMinor(sum('gross')), commission: fromMinor(sum('commission')), byType: lines },
      payoutsPending: { count: Number(c.payouts), amount: fromMinor(Number(c.payout_amount)) },
      openReports: Number(c.reports),
      creatorsAwaitingVerification: Number(c.verification),
      series: [...series.values()],
    };
  }
}
