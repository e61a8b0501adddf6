import './zod-config';
import { z } from 'zod';
import { EARNING_CHANNELS } from './earnings';

/**
 * Creators' statistics (issue 31 §5; rules: apps/api/src/modules/statistics/README.md). Every
 * figure comes from rollups kept by event handlers, never from the ledger. Days are UTC; a period
 * is `from`..`to` inclusive (YYYY-MM-DD), at most STATISTICS_MAX_DAYS long, compared with the
 * period of the same length just before it. Money leaves the API as decimals.
 */
export const STATISTICS_MAX_DAYS = 366;
export const STATISTICS_DEFAULT_DAYS = 30;
/** Where a sale's fan came from: one of the creator's tracking links, a creator referral share, or neither. */
export const STATISTICS_SOURCES = ['tracking_link', 'referral', 'organic'] as const;
export type StatisticsSource = (typeof STATISTICS_SOURCES)[number];
/**
 * Where a new subscriber came from (one each): a creator's tracking link, else a promotion they claimed
 * (a campaign or a free-trial link), else organic. Fans never arrive by referral: referrals are
 * creator-refers-creator (modules/referrals), so `referral` is a source of earnings only.
 */
export const AUDIENCE_SOURCES = ['tracking_link', 'promotion', 'organic'] as const;
export type AudienceSource = (typeof AUDIENCE_SOURCES)[number];
export const STATISTICS_CONTENT_KINDS = ['feed', 'video', 'gallery'] as const;
export type StatisticsContentKind = (typeof STATISTICS_CONTENT_KINDS)[number];
export const STATISTICS_CONTENT_SORTS = ['views', 'likes', 'comments', 'unlocks', 'revenue', 'conversion'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const daySchema = z
  .string()
  .trim()
  .regex(DAY, 'A date as YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Not a date');

const MS_DAY = 86_400_000;
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A period and the one of equal length just before it (UTC days, inclusive). */
export interface StatisticsPeriod {
  from: string;
  to: string;
  days: number;
  previousFrom: string;
  previousTo: string;
}

/** The period asked for, or the last STATISTICS_DEFAULT_DAYS days up to `today`; the previous one is as long and ends the day before `from`. */
export function statisticsPeriod(q: { from?: string | undefined; to?: string | undefined }, today: string): StatisticsPeriod {
  const to = q.to ?? (q.from ? dayOf(Math.min(dayMs(today), dayMs(q.from) + (STATISTICS_DEFAULT_DAYS - 1) * MS_DAY)) : today);
  const from = q.from ?? dayOf(dayMs(to) - (STATISTICS_DEFAULT_DAYS - 1) * MS_DAY);
  const days = Math.round((dayMs(to) - dayMs(from)) / MS_DAY) + 1;
  return { from, to, days, previousFrom: dayOf(dayMs(from) - days * MS_DAY), previousTo: dayOf(dayMs(from) - MS_DAY) };
}

/** Every UTC day of `from`..`to`, in order. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = dayMs(from); t <= dayMs(to); t += MS_DAY) out.push(dayOf(t));
  return out;
}

/** The change from `previous` to `current` in percent (one decimal); null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** A share in percent with one decimal; null when the whole is 0. */
export function percentOf(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
}

/** Months between two first-of-month days (YYYY-MM-01). */
export function monthsBetween(from: string, to: string): number {
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
}

/**
 * Retention by month of first subscription: for each cohort, the share (percent) of its fans
 * still subscribed 0, 1, 2… months later (month 0 is 100 when the cohort has fans), up to `lastMonth`.
 */
export function cohortTable(rows: Array<{ cohortMonth: string; activeMonth: string; fans: number }>, lastMonth: string): Array<{ month: string; fans: number; retention: number[] }> {
  const by = new Map<string, Map<number, number>>();
  for (const r of rows) {
    const m = by.get(r.cohortMonth) ?? new Map<number, number>();
    m.set(monthsBetween(r.cohortMonth, r.activeMonth), (m.get(monthsBetween(r.cohortMonth, r.activeMonth)) ?? 0) + r.fans);
    by.set(r.cohortMonth, m);
  }
  return [...by.keys()].sort().map((month) => {
    const m = by.get(month)!;
    const fans = m.get(0) ?? 0;
    const span = Math.max(0, monthsBetween(month, lastMonth));
    const retention: number[] = [];
    for (let k = 0; k <= span; k++) retention.push(percentOf(m.get(k) ?? 0, fans) ?? 0);
    return { month, fans, retention };
  });
}

export const statisticsQuerySchema = z
  .object({ from: daySchema.optional(), to: daySchema.optional() })
  .superRefine((q, ctx) => {
    if (q.from && q.to) {
      const days = Math.round((dayMs(q.to) - dayMs(q.from)) / MS_DAY) + 1;
      if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end must not be before the start' });
      else if (days > STATISTICS_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${STATISTICS_MAX_DAYS} days` });
    }
  });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

export const statisticsContentQuerySchema = z
  .object({
    from: daySchema.optional(),
    to: daySchema.optional(),
    kind: z.enum(STATISTICS_CONTENT_KINDS).optional(),
    sortBy: z.enum(STATISTICS_CONTENT_SORTS).default('views'),
    sort: z.enum(['asc', 'desc']).default('desc'),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to) {
      const days = Math.round((dayMs(q.to) - dayMs(q.from)) / MS_DAY) + 1;
      if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end must not be before the start' });
      else if (days > STATISTICS_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${STATISTICS_MAX_DAYS} days` });
    }
  });
export type StatisticsContentQuery = z.infer<typeof statisticsContentQuerySchema>;

const periodSchema = z.object({ from: z.string(), to: z.string(), days: z.number(), previousFrom: z.string(), previousTo: z.string() });
const moneyLine = z.object({ gross: z.number(), net: z.number(), previousNet: z.number(), change: z.number().nullable(), sales: z.number() });

export const earningsStatisticsSchema = z.object({
  period: periodSchema,
  total: z.object({ gross: z.number(), net: z.number(), tax: z.number(), sales: z.number(), reversals: z.number(), previousGross: z.number(), previousNet: z.number(), change: z.number().nullable() }),
  byChannel: z.array(moneyLine.extend({ channel: z.enum(EARNING_CHANNELS) })),
  bySource: z.array(moneyLine.extend({ source: z.enum(STATISTICS_SOURCES) })),
  series: z.array(z.object({ date: z.string(), gross: z.number(), net: z.number() })),
});
export type EarningsStatistics = z.infer<typeof earningsStatisticsSchema>;

export const audienceStatisticsSchema = z.object({
  period: periodSchema,
  followers: z.object({ start: z.number(), end: z.number(), gained: z.number(), lost: z.number(), previousGained: z.number() }),
  subscribers: z.object({ start: z.number(), end: z.number(), new: z.number(), churned: z.number(), renewals: z.number(), previousNew: z.number(), change: z.number().nullable() }),
  /** Renewals ÷ (renewals + subscriptions that ended) in the period, percent; null when none was due. */
  renewalRate: z.number().nullable(),
  series: z.array(z.object({ date: z.string(), followers: z.number(), subscribers: z.number(), new: z.number(), churned: z.number() })),
  cohorts: z.array(z.object({ month: z.string(), fans: z.number(), retention: z.array(z.number()) })),
  sources: z.array(z.object({ source: z.enum(AUDIENCE_SOURCES), fans: z.number() })),
});
export type AudienceStatistics = z.infer<typeof audienceStatisticsSchema>;

export const contentStatisticsItemSchema = z.object({
  kind: z.enum(STATISTICS_CONTENT_KINDS),
  itemId: z.string(),
  title: z.string(),
  views: z.number(),
  likes: z.number(),
  comments: z.number(),
  unlocks: z.number(),
  revenue: z.number(),
  /** Unlocks ÷ views, percent; null without views. */
  conversion: z.number().nullable(),
});
export type ContentStatisticsItem = z.infer<typeof contentStatisticsItemSchema>;
export const contentStatisticsSchema = z.object({
  period: periodSchema,
  items: z.array(contentStatisticsItemSchema),
  total: z.number(),
  /** Engagement (likes, comments, unlocks) by UTC weekday (0 = Sunday) and hour, all time. */
  bestTimes: z.array(z.object({ weekday: z.number(), hour: z.number(), engagement: z.number() })),
});
export type ContentStatistics = z.infer<typeof contentStatisticsSchema>;
