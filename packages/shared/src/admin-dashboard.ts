import './zod-config';
import { z } from 'zod';
import { earningTypeSchema } from './earnings';

/**
 * The operator console's home (issue 14, "Dashboard"): GET /admin/dashboard. Days are UTC days.
 * Rules: apps/api/src/modules/admin/README.md ("Dashboard").
 */
export const DASHBOARD_RANGES = ['today', '7d', '30d'] as const;
export const dashboardRangeSchema = z.enum(DASHBOARD_RANGES, { error: `One of: ${DASHBOARD_RANGES.join(', ')}` });
export type DashboardRange = z.infer<typeof dashboardRangeSchema>;
/** The longest custom range (days). */
export const DASHBOARD_MAX_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const daySchema = z.string().trim().regex(DAY, 'A date as YYYY-MM-DD').refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Not a date');

/**
 * `range` (default 7d: today and the 6 days before), or `fromDate` + `toDate` (both YYYY-MM-DD,
 * inclusive UTC days, at most 366 days), which win over `range`.
 */
export const dashboardQuerySchema = z
  .object({ range: dashboardRangeSchema.default('7d'), fromDate: daySchema.optional(), toDate: daySchema.optional() })
  .superRefine((q, ctx) => {
    if (Boolean(q.fromDate) !== Boolean(q.toDate)) {
      ctx.addIssue({ code: 'custom', path: [q.fromDate ? 'toDate' : 'fromDate'], message: 'Give both dates' });
      return;
    }
    if (!q.fromDate || !q.toDate) return;
    const days = (Date.parse(`${q.toDate}T00:00:00Z`) - Date.parse(`${q.fromDate}T00:00:00Z`)) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'Must not be before the start date' });
    else if (days > DASHBOARD_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['toDate'], message: `At most ${DASHBOARD_MAX_DAYS} days` });
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** Sales of one type in the range: gross paid and the site's commission (decimals; refunds net out). */
export const dashboardSalesLineSchema = z.object({ type: earningTypeSchema, count: z.number().int(), gross: z.number(), commission: z.number() });
export type DashboardSalesLine = z.infer<typeof dashboardSalesLineSchema>;

/** One UTC day of the range (every day present, 0 when nothing happened). */
export const dashboardDaySchema = z.object({
  date: z.string(),
  fans: z.number().int(),
  creators: z.number().int(),
  gross: z.number(),
  commission: z.number(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardSchema = z.object({
  /** The range shown: first and last UTC day (YYYY-MM-DD), inclusive. */
  from: z.string(),
  to: z.string(),
  /** Accounts created in the range: fans (not creators, not operators) and creators. */
  signups: z.object({ fans: z.number().int(), creators: z.number().int() }),
  /** Subscriptions granting access now (active, or cancelled but still paid up). */
  activeSubscriptions: z.number().int(),
  /** Sales in the range: totals and one line per type (every type, in a fixed order). */
  sales: z.object({ count: z.number().int(), gross: z.number(), commission: z.number(), byType: z.array(dashboardSalesLineSchema) }),
  /** Payout requests waiting for payment now (pending or approved): how many and how much. */
  payoutsPending: z.object({ count: z.number().int(), amount: z.number() }),
  /** Reports not yet handled now. */
  openReports: z.number().int(),
  /** Creators whose verification is pending now. */
  creatorsAwaitingVerification: z.number().int(),
  series: z.array(dashboardDaySchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
