import { and, between, eq, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  cohortTable, daysOf, EARNING_CHANNELS, fromMinor, percentChange, percentOf, STATISTICS_SOURCES, statisticsPeriod,
  type AudienceStatistics, type ContentStatistics, type EarningsStatistics, type StatisticsContentKind, type StatisticsContentQuery,
  type StatisticsPeriod, type StatisticsQuery, 
} from '@stagepass/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ContentKinds } from '../../platform/content-kinds';
import { statsAudienceDaily, statsCohorts, statsContentDaily, statsEngagementHours, statsMoneyDaily } from './statistics.tables';

export interface StatisticsDeps {
  clock: Clock;
  db: Db;
  contentKinds: ContentKinds;
}

/** Whose figures: one creator's, or the whole site's (null: operators). */
export type Scope = string | null;

const n = (c: unknown) => sql<number>`coalesce(sum(${c}), 0)`.mapWith(Number);
const scoped = (col: Parameters<typeof eq>[0], scope: Scope, rest: SQL | undefined): SQL | undefined => (scope ? and(eq(col, scope), rest) : rest);

interface MoneyAcc { gross: number; net: number; previousNet: number; sales: number }
const zero = (): MoneyAcc => ({ gross: 0, net: 0, previousNet: 0, sales: 0 });
const line = (a: MoneyAcc) => ({ gross: fromMinor(a.gross), net: fromMinor(a.net), previousNet: fromMinor(a.previousNet), change: percentChange(a.net, a.previousNet), sales: a.sales });

/**
 * Creators' statistics (README beside this file): every figure a sum over the rollup tables of the
 * period and the one before it — a fixed number of indexed queries whatever the history's size.
 */
export class StatisticsService {
  constructor(private deps: StatisticsDeps) {}

  period(q: StatisticsQuery): StatisticsPeriod {
    return statisticsPeriod(q, this.deps.clock.now().toISOString().slice(0, 10));
  }

  /** Money rows of the period by day, channel and source (minor units): the CSV's lines. */
  async moneyRows(scope: Scope, p: StatisticsPeriod) {
    const t = statsMoneyDaily;
    return this.deps.db
      .select({ day: t.day, channel: t.channel, source: t.source, gross: n(t.gross), net: n(t.net), tax: n(t.tax), sales: n(t.sales), reversals: n(t.reversals) })
      .from(t)
      .where(scoped(t.performerId, scope, between(t.day, p.from, p.to)))
      .groupBy(t.day, t.channel, t.source)
      .orderBy(t.day, t.channel, t.source);
  }

  /** Sums of the period and the previous one grouped by `key` (channel or source): a few rows, summed in SQL. */
  private moneyBy(scope: Scope, p: StatisticsPeriod, key: typeof statsMoneyDaily.channel | typeof statsMoneyDaily.source) {
    const t = statsMoneyDaily;
    const cur = sql`${t.day} >= ${p.from}`;
    const f = (c: unknown, w: SQL) => sql<number>`coalesce(sum(${c}) filter (where ${w}), 0)`.mapWith(Number);
    return this.deps.db
      .select({
        key, gross: f(t.gross, cur), net: f(t.net, cur), tax: f(t.tax, cur), sales: f(t.sales, cur), reversals: f(t.reversals, cur),
        previousGross: f(t.gross, sql`not (${cur})`), previousNet: f(t.net, sql`not (${cur})`),
      })
      .from(t)
      .where(scoped(t.performerId, scope, between(t.day, p.previousFrom, p.to)))
      .groupBy(key);
  }

  async earnings(scope: Scope, q: StatisticsQuery): Promise<EarningsStatistics> {
    const p = this.period(q);
    const t = statsMoneyDaily;
    const [byChannel, bySource, days] = await Promise.all([
      this.moneyBy(scope, p, t.channel),
      this.moneyBy(scope, p, t.source),
      this.deps.db.select({ day: t.day, gross: n(t.gross), net: n(t.net) }).from(t).where(scoped(t.performerId, scope, between(t.day, p.from, p.to))).groupBy(t.day),
    ]);
    const acc = (rows: typeof byChannel, k: string): MoneyAcc => {
      const r = rows.find((x) => x.key === k);
      return r ? { gross: r.gross, net: r.net, previousNet: r.previousNet, sales: r.sales } : zero();
    };
    const total = { gross: 0, net: 0, tax: 0, sales: 0, reversals: 0, previousGross: 0, previousNet: 0 };
    for (const r of byChannel) {
      total.gross += r.gross; total.net += r.net; total.tax += r.tax; total.sales += r.sales; total.reversals += r.reversals;
      total.previousGross += r.previousGross; total.previousNet += r.previousNet;
    }
    const daily = new Map(days.map((d) => [d.day, d]));
    return {
      period: p,
      total: {
        gross: fromMinor(total.gross), net: fromMinor(total.net), tax: fromMinor(total.tax), sales: total.sales, reversals: total.reversals,
        previousGross: fromMinor(total.previousGross), previousNet: fromMinor(total.previousNet), change: percentChange(total.net, total.previousNet),
      },
      byChannel: EARNING_CHANNELS.map((channel) => ({ channel, ...line(acc(byChannel, channel)) })),
      bySource: STATISTICS_SOURCES.map((source) => ({ source, ...line(acc(bySource, source)) })),
      series: daysOf(p.from, p.to).map((date) => ({ date, gross: fromMinor(daily.get(date)?.gross ?? 0), net: fromMinor(daily.get(date)?.net ?? 0) })),
    };
  }

  async audience(scope: Scope, q: StatisticsQuery): Promise<AudienceStatistics> {
    const p = this.period(q);
    const t = statsAudienceDaily;
    const c = statsCohorts;
    const firstCohort = `${new Date(Date.parse(`${p.to.slice(0, 7)}-01T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 7)}-01`;
    const [[before], rows, cohortRows] = await Promise.all([
      this.deps.db
        .select({ followers: sql<number>`coalesce(sum(${t.followersGained} - ${t.followersLost}), 0)`.mapWith(Number), subscribers: sql<number>`coalesce(sum(${t.subscribersNew} - ${t.subscribersChurned}), 0)`.mapWith(Number) })
        .from(t)
        .where(scoped(t.performerId, scope, lt(t.day, p.from))),
      this.deps.db
        .select({ day: t.day, gained: n(t.followersGained), lost: n(t.followersLost), new: n(t.subscribersNew), churned: n(t.subscribersChurned), renewals: n(t.renewals), fromLinks: n(t.newFromLinks), fromPromotions: n(t.newFromPromotions) })
        .from(t)
        .where(scoped(t.performerId, scope, between(t.day, p.previousFrom, p.to)))
        .groupBy(t.day)
        .orderBy(t.day),
      this.deps.db
        .select({ cohortMonth: c.cohortMonth, activeMonth: c.activeMonth, fans: n(c.fans) })
        .from(c)
        .where(scoped(c.performerId, scope, and(between(c.cohortMonth, firstCohort, p.to), lte(c.activeMonth, p.to))))
        .groupBy(c.cohortMonth, c.activeMonth),
    ]);
    let followers = before?.followers ?? 0;
    let subscribers = before?.subscribers ?? 0;
    const start = { followers, subscribers };
    const by = new Map(rows.map((r) => [r.day, r]));
    const acc = { gained: 0, lost: 0, new: 0, churned: 0, renewals: 0, fromLinks: 0, fromPromotions: 0, previousGained: 0, previousNew: 0 };
    for (const r of rows) if (r.day < p.from) { acc.previousGained += r.gained; acc.previousNew += r.new; }
    const series = daysOf(p.from, p.to).map((date) => {
      const r = by.get(date);
      if (r) {
        followers += r.gained - r.lost; subscribers += r.new - r.churned;
        acc.gained += r.gained; acc.lost += r.lost; acc.new += r.new; acc.churned += r.churned; acc.renewals += r.renewals; acc.fromLinks += r.fromLinks; acc.fromPromotions += r.fromPromotions;
      }
      return { date, followers, subscribers, new: r?.new ?? 0, churned: r?.churned ?? 0 };
    });
    return {
      period: p,
      followers: { start: start.followers, end: followers, gained: acc.gained, lost: acc.lost, previousGained: acc.previousGained },
      subscribers: { start: start.subscribers, end: subscribers, new: acc.new, churned: acc.churned, renewals: acc.renewals, previousNew: acc.previousNew, change: percentChange(acc.new, acc.previousNew) },
      renewalRate: percentOf(acc.renewals, acc.renewals + acc.churned),
      series,
      cohorts: cohortTable(cohortRows, `${p.to.slice(0, 7)}-01`),
      sources: [
        { source: 'tracking_link', fans: acc.fromLinks },
        { source: 'promotion', fans: acc.fromPromotions },
        { source: 'organic', fans: acc.new - acc.fromLinks - acc.fromPromotions },
      ],
    };
  }

  /** The content table's rows (minor units), in the asked order; `limit` null: all of them (CSV). */
  async contentRows(scope: Scope, q: StatisticsContentQuery, p: StatisticsPeriod, limit: number | null) {
    const t = statsContentDaily;
    const sums = { views: n(t.views), likes: n(t.likes), comments: n(t.comments), unlocks: n(t.unlocks), revenue: n(t.revenue) };
    const order: Record<StatisticsContentQuery['sortBy'], SQL> = {
      views: sql`sum(${t.views})`, likes: sql`sum(${t.likes})`, comments: sql`sum(${t.comments})`, unlocks: sql`sum(${t.unlocks})`, revenue: sql`sum(${t.revenue})`,
      conversion: sql`(sum(${t.unlocks})::float8 / nullif(sum(${t.views}), 0))`,
    };
    const dir = q.sort === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
    const query = this.deps.db
      .select({ kind: t.kind, itemId: t.itemId, ...sums, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(t)
      .where(scoped(t.performerId, scope, and(between(t.day, p.from, p.to), q.kind ? eq(t.kind, q.kind) : undefined)))
      .groupBy(t.kind, t.itemId)
      .orderBy(sql`${order[q.sortBy]} ${dir}`, t.itemId)
      .offset(q.offset);
    return limit === null ? query : query.limit(limit);
  }

  /** Titles of the listed items, a query per kind (the kinds' console summaries). */
  async titles(rows: Array<{ kind: string; itemId: string }>): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const kinds = [...new Set(rows.map((r) => r.kind))];
    await Promise.all(kinds.map(async (k) => {
      const ids = rows.filter((r) => r.kind === k).map((r) => r.itemId);
      const found = (await this.deps.contentKinds.get(k)?.summaries?.(this.deps.db, ids)) ?? [];
      for (const s of found) out.set(`${k}:${s._id}`, s.title);
    }));
    return out;
  }

  async content(scope: Scope, q: StatisticsContentQuery): Promise<ContentStatistics> {
    const p = this.period(q);
    const h = statsEngagementHours;
    const [rows, hours] = await Promise.all([
      this.contentRows(scope, q, p, q.limit),
      this.deps.db.select({ weekday: h.weekday, hour: h.hour, engagement: n(h.engagement) }).from(h).where(scope ? eq(h.performerId, scope) : undefined).groupBy(h.weekday, h.hour),
    ]);
    const titles = await this.titles(rows);
    return {
      period: p,
      total: rows[0]?.total ?? 0,
      items: rows.map((r) => ({
        kind: r.kind as StatisticsContentKind, itemId: r.itemId, title: titles.get(`${r.kind}:${r.itemId}`) ?? '(deleted)',
        views: r.views, likes: r.likes, comments: r.comments, unlocks: r.unlocks, revenue: fromMinor(r.revenue), conversion: percentOf(r.unlocks, r.views),
      })),
      bestTimes: hours.sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
    };
  }
}
