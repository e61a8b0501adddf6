import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema } from './api';
import { dateQuerySchema, moneyUserSchema } from './payments';
import { PURCHASABLE_KINDS } from './content-kinds';

/** Earnings contracts (spec §7 Earnings): a creator's earnings, stats, export; the commission override. */
/** What a fan pays for: subscriptions, tips and every purchasable content kind (content-kinds.ts) — the sales-tax kinds. */
export const SALE_EARNING_TYPES = ['subscription', 'tip', ...PURCHASABLE_KINDS] as const;
/**
 * Every earnings row's type: the sales, and `referral` — a referrer's share of the site's
 * commission on a referred creator's sale (modules/referrals README), never a sale to a fan.
 */
export const EARNING_TYPE_VALUES = [...SALE_EARNING_TYPES, 'referral'] as const;
export const earningTypeSchema = z.enum(EARNING_TYPE_VALUES);
export type EarningType = z.infer<typeof earningTypeSchema>;
/**
 * Where a creator's money came from (issue 31 §5 statistics, the creator's fan list): an earnings
 * row's `channel`. The sale types map one to one, except that a `stream` sale is a group stream's
 * `live_ticket` or a `private_show`'s minute, and a tip bought from the creator's menu is a `tip`
 * sale of channel `tip_menu`. A refund or dispute row carries its sale's channel.
 */
export const EARNING_CHANNELS = ['subscription', 'tip', 'tip_menu', 'feed', 'message', 'video', 'gallery', 'product', 'live_ticket', 'private_show', 'referral'] as const;
export const earningChannelSchema = z.enum(EARNING_CHANNELS);
export type EarningChannel = z.infer<typeof earningChannelSchema>;
/** The channel of a sale of `type` when its caller names none (a stream sale: a ticket). */
export function channelOfType(type: EarningType): EarningChannel {
  return type === 'stream' ? 'live_ticket' : type;
}
/**
 * What an earnings line is: a `sale`, a `refund` of one (a wallet sale's refund or a refund to the
 * card), a `dispute` (the fan's bank took the payment back: the sale's share held back, the
 * reason in the description) or `dispute_won` (a won dispute gave it back). All but sales are
 * signed against the sale (a refund's and a dispute's figures are negative).
 */
export const EARNING_KINDS = ['sale', 'refund', 'dispute', 'dispute_won'] as const;
export type EarningKind = (typeof EARNING_KINDS)[number];
/**
 * An earnings row's kind, from its `source`: `refund:<sale source>` (a wallet sale refunded) and
 * `card_refund:<refund id>` → refund; `dispute:<dispute id>` → dispute; `dispute_won:<dispute id>`
 * → dispute_won; anything else (`wallet_charge:<id>`, `payment:<id>`) is a sale.
 */
export function earningKindOf(source: string): EarningKind {
  // A referral row's source is the sale's (or its reversal's) source behind `referral:`.
  if (source.startsWith('referral:')) return earningKindOf(source.slice('referral:'.length));
  if (source.startsWith('dispute_won:')) return 'dispute_won';
  if (source.startsWith('dispute:')) return 'dispute';
  if (source.startsWith('refund:') || source.startsWith('card_refund:')) return 'refund';
  return 'sale';
}
export const earningSchema = z.object({
  _id: z.string(),
  type: earningTypeSchema,
  kind: z.enum(EARNING_KINDS),
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
  /** net earned − paid out − pending, never below 0 (what a payout request may take). */
  available: z.number(),
  /**
   * The creator's earnings balance now (the ledger account: net earned − paid out), signed: below
   * zero when a dispute or a refund to the card took back a sale already paid out — recovered from
   * the next earnings.
   */
  balance: z.number(),
  /** Net per day over the filter, for the chart. */
  series: z.array(z.object({ date: z.string(), net: z.number(), gross: z.number() })),
});
export type EarningStats = z.infer<typeof earningStatsSchema>;

/** Admin: PUT /admin/performers/{id}/commission — null returns to the site default; 0 means 0. */
export const commissionOverrideSchema = z.object({ percentage: z.number().min(0).max(100).multipleOf(0.01).nullable() });
/** PUT /admin/performers/{id}/commission: the override and, optionally, the operator's reason (kept in the audit log). */
export const commissionOverrideBodySchema = commissionOverrideSchema.extend({ reason: z.string().trim().max(500).optional() });
