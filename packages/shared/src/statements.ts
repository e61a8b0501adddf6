import './zod-config';
import { z } from 'zod';
import { idSchema } from './api';

/**
 * A creator's earnings statement for a year (`2026`) or a month (`2026-03`), UTC (issue 29 §4;
 * rules: apps/api/src/modules/earnings/README.md "Statements"): opening balance, sales by kind
 * (gross, commission, net), refunds and disputes, tax withheld, payouts paid, closing balance —
 * every figure from the creator's earnings ledger account, so opening + the lines = closing.
 * Money is decimal in the site currency. Downloads: PDF and CSV.
 */
export const STATEMENT_PERIOD_RE = /^(\d{4})(?:-(0[1-9]|1[0-2]))?$/;
export const statementPeriodSchema = z.string().trim().regex(STATEMENT_PERIOD_RE, 'A year (2026) or a month (2026-03)');
export const STATEMENT_FORMATS = ['pdf', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const statementQuerySchema = z.object({ period: statementPeriodSchema });
export const statementFileParamsSchema = z.object({ period: statementPeriodSchema, format: z.enum(STATEMENT_FORMATS, { error: 'pdf or csv' }) });
export const adminStatementFileParamsSchema = statementFileParamsSchema.extend({ id: idSchema });

/** The UTC bounds of a period: [from, to). */
export function statementBounds(period: string): { from: Date; to: Date; kind: 'year' | 'month' } {
  const m = STATEMENT_PERIOD_RE.exec(period);
  if (!m) throw new RangeError(`Not a statement period: ${period}`);
  const year = Number(m[1]);
  if (!m[2]) return { from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)), kind: 'year' };
  const month = Number(m[2]) - 1;
  return { from: new Date(Date.UTC(year, month, 1)), to: new Date(Date.UTC(year, month + 1, 1)), kind: 'month' };
}

/**
 * What a statement line is: `sale`, `refund`, `dispute` (the fan's bank took a payment back),
 * `dispute_won` (given back), `payout`, `tax` (withheld) or — for any movement of another kind a
 * later feature adds — its own name, shown as it is.
 */
export const STATEMENT_KIND_LABELS: Record<string, string> = {
  sale: 'Sales',
  refund: 'Refunds',
  dispute: 'Disputes',
  dispute_won: 'Disputes won back',
  dispute_fee: 'Dispute fees',
  payout: 'Payouts',
  tax: 'Tax withheld',
};
export const statementKindLabel = (kind: string): string => STATEMENT_KIND_LABELS[kind] ?? kind.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export const statementLineSchema = z.object({
  /** sale | refund | dispute | dispute_won | … (see STATEMENT_KIND_LABELS). */
  kind: z.string(),
  /** What was sold (an earning type: subscription, tip, video…), null for movements of no sale. */
  type: z.string().nullable(),
  count: z.number().int(),
  /** What the fans paid (negative for refunds and disputes). */
  gross: z.number(),
  /** The site's commission (negative when a refund gives it back). */
  commission: z.number(),
  /** The change of the creator's balance. */
  net: z.number(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementTotalsSchema = z.object({
  /** Sales only. */
  gross: z.number(),
  commission: z.number(),
  net: z.number(),
  /** Refunds, disputes and dispute reversals together (net change, usually negative). */
  refundsAndDisputes: z.number(),
  taxWithheld: z.number(),
  /** Paid out in the period (positive). */
  payouts: z.number(),
  /** Any other movement of the balance (0 unless a later kind of movement exists). */
  other: z.number(),
});
export type StatementTotals = z.infer<typeof statementTotalsSchema>;

export const statementMonthSchema = z.object({ month: z.string(), gross: z.number(), commission: z.number(), net: z.number(), refundsAndDisputes: z.number(), payouts: z.number() });

export const statementSchema = z.object({
  period: z.string(),
  kind: z.enum(['year', 'month']),
  /** First instant of the period and first instant after it (UTC, ISO 8601). */
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  creator: z.object({ _id: z.string(), name: z.string(), username: z.string().nullable() }),
  openingBalance: z.number(),
  closingBalance: z.number(),
  /** Sales by what was sold. */
  sales: z.array(statementLineSchema),
  /** Refunds, disputes and every other movement, by kind (and what was sold). */
  adjustments: z.array(statementLineSchema),
  totals: statementTotalsSchema,
  /** A year's months (those with movements), oldest first; [] for a month. */
  months: z.array(statementMonthSchema),
  /** How many ledger movements the statement sums (the CSV lists each). */
  movements: z.number().int(),
});
export type Statement = z.infer<typeof statementSchema>;
