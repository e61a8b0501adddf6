import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema } from './api';
import { dateQuerySchema, moneyUserSchema } from './payments';
import { PURCHASABLE_KINDS } from './content-kinds';

/** Earnings contracts (spec §7 Earnings): a creator's earnings, stats, export; the commission override. */
/** Subscriptions, tips and every purchasable content kind (content-kinds.ts). */
export const EARNING_TYPE_VALUES = ['subscription', 'tip', ...PURCHASABLE_KINDS] as const;
export const earningTypeSchema = z.enum(EARNING_TYPE_VALUES);
export type EarningType = z.infer<typeof earningTypeSchema>;
export const earningSchema = z.object({
  _id: z.string(),
  type: earningTypeSchema,
  gross: z.number(),
  commission: z.number(),
  net: z.number(),
  /** Percentage applied, e.g. 20. */
  commissionPercentage: z.number(),
  user: moneyUserSchema.nullable(),
  description: z.string(),
  createdAt: z.string(),
});
export type Earning = z.infer<typeof earningSchema>;
/** Filters of the earnings calls. A date-only `toDate` (YYYY-MM-DD) includes that whole day (UTC). `performerId`: admins only (a creator always gets their own). */
const earningFilter = {
  type: earningTypeSchema.optional(),
  fromDate: dateQuerySchema,
  toDate: dateQuerySchema,
  performerId: idSchema.optional(),
};
export const earningSearchSchema = listQuerySchema.extend({
  sortBy: z.enum(['createdAt', 'gross', 'net']).default('createdAt'),
  ...earningFilter,
});
export type EarningSearch = z.infer<typeof earningSearchSchema>;
/** GET /performer/earning/export/csv: the search's filters and order, without pagination. */
export const earningExportSchema = earningSearchSchema.omit({ offset: true, limit: true });
export type EarningExport = z.infer<typeof earningExportSchema>;
/** GET /performer/earning/stats query. */
export const earningStatsQuerySchema = z.object(earningFilter);
export type EarningStatsQuery = z.infer<typeof earningStatsQuerySchema>;
/** GET /performer/earning/stats: totals over the filter (dates/type), plus the balance figures (all time). */
export const earningStatsSchema = z.object({
  gross: z.number(),
  commission: z.number(),
  net: z.number(),
  paidOut: z.number(),
  /** Requested and not yet paid (pending or approved payout requests). */
  pending: z.number(),
  /** net earned − paid out − pending. */
  available: z.number(),
  /** Net per day over the filter, for the chart. */
  series: z.array(z.object({ date: z.string(), net: z.number(), gross: z.number() })),
});
export type EarningStats = z.infer<typeof earningStatsSchema>;

/** Admin: PUT /admin/performers/{id}/commission — null returns to the site default; 0 means 0. */
export const commissionOverrideSchema = z.object({ percentage: z.number().min(0).max(100).multipleOf(0.01).nullable() });
/** PUT /admin/performers/{id}/commission: the override and, optionally, the operator's reason (kept in the audit log). */
export const commissionOverrideBodySchema = commissionOverrideSchema.extend({ reason: z.string().trim().max(500).optional() });
