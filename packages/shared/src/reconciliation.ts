import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema } from './api';
import { gatewayNameSchema, moneyUserSchema } from './payments';

/**
 * Reconciliation (issue 29 §5): the gateway's balance transactions of a period compared with the
 * ledger — every charge, refund (and failed refund), dispute withdrawal and reinstatement, and the
 * dispute fees, matched by their gateway reference and amount. Rules:
 * apps/api/src/modules/payments/README.md ("Reconciliation"). Money is decimal in the site currency,
 * signed as the gateway sees it: money in (a charge, a dispute reinstated) positive, money out (a
 * refund, a dispute withdrawal) negative; fees are positive costs.
 */

/** What a balance transaction (or a ledger movement through the gateway account) is. */
export const RECONCILIATION_ITEM_KINDS = ['charge', 'refund', 'refund_failure', 'dispute', 'dispute_reversal'] as const;
export const reconciliationItemKindSchema = z.enum(RECONCILIATION_ITEM_KINDS);
export type ReconciliationItemKind = z.infer<typeof reconciliationItemKindSchema>;
export const RECONCILIATION_ITEM_LABELS: Record<ReconciliationItemKind, string> = {
  charge: 'Charge',
  refund: 'Refund',
  refund_failure: 'Failed refund',
  dispute: 'Dispute withdrawal',
  dispute_reversal: 'Dispute reinstatement',
};

/** How one item fails to match. */
export const MISMATCH_KINDS = ['missing_in_ledger', 'missing_at_gateway', 'amount_differs', 'fee_differs'] as const;
export const mismatchKindSchema = z.enum(MISMATCH_KINDS);
export type MismatchKind = z.infer<typeof mismatchKindSchema>;
export const MISMATCH_LABELS: Record<MismatchKind, string> = {
  missing_in_ledger: 'Missing in the ledger',
  missing_at_gateway: 'Missing at the gateway',
  amount_differs: 'Amount differs',
  fee_differs: 'Fee differs',
};

export const RECONCILIATION_RUN_STATUSES = ['running', 'completed', 'failed'] as const;
export type ReconciliationRunStatus = (typeof RECONCILIATION_RUN_STATUSES)[number];
export const RECONCILIATION_TRIGGERS = ['schedule', 'operator'] as const;
export type ReconciliationTrigger = (typeof RECONCILIATION_TRIGGERS)[number];

/** The longest period one run covers (days). */
export const RECONCILIATION_MAX_DAYS = 31;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const daySchema = z.string().trim().regex(DAY, 'A date as YYYY-MM-DD').refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Not a date');

/** POST /admin/reconciliation/runs: inclusive UTC days, at most RECONCILIATION_MAX_DAYS (the API also refuses days after today). */
export const reconciliationRunBodySchema = z
  .object({ fromDate: daySchema, toDate: daySchema })
  .superRefine((b, ctx) => {
    const days = (Date.parse(`${b.toDate}T00:00:00Z`) - Date.parse(`${b.fromDate}T00:00:00Z`)) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'Must not be before the start date' });
    else if (days > RECONCILIATION_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['toDate'], message: `At most ${RECONCILIATION_MAX_DAYS} days in one run` });
  });
export type ReconciliationRunBody = z.infer<typeof reconciliationRunBodySchema>;

/** Totals of a run, as the gateway reported them (decimals). */
export const reconciliationTotalsSchema = z.object({
  /** Balance transactions the gateway listed for the period (of the kinds reconciled). */
  gatewayItems: z.number().int(),
  /** Ledger movements through the gateway account in the period. */
  ledgerItems: z.number().int(),
  /** Items that matched on both sides. */
  matched: z.number().int(),
  charges: z.number(),
  refunds: z.number(),
  disputes: z.number(),
  /** Dispute fees (and fees returned, negative) — booked in the ledger and compared. */
  disputeFees: z.number(),
  /** The gateway's processing fees on charges: not booked per charge in the ledger (README), shown for the record. */
  processingFees: z.number(),
  /** Balance transactions of other kinds (payouts, transfers…) the run does not compare. */
  otherItems: z.number().int(),
});
export type ReconciliationTotals = z.infer<typeof reconciliationTotalsSchema>;

export const reconciliationRunSchema = z.object({
  _id: z.string(),
  gateway: gatewayNameSchema,
  /** The period: first and last UTC day, inclusive (YYYY-MM-DD). */
  fromDate: z.string(),
  toDate: z.string(),
  status: z.enum(RECONCILIATION_RUN_STATUSES),
  trigger: z.enum(RECONCILIATION_TRIGGERS),
  /** The operator who ran it (null: the nightly job). */
  startedBy: moneyUserSchema.nullable(),
  /** The latest finished run of its gateway and period (older ones are kept as versions). */
  current: z.boolean(),
  mismatches: z.number().int(),
  totals: reconciliationTotalsSchema.nullable(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

export const reconciliationMismatchSchema = z.object({
  _id: z.string(),
  kind: mismatchKindSchema,
  itemKind: reconciliationItemKindSchema,
  /** The gateway's reference of the object (a charge's PaymentIntent, a refund, a dispute). */
  gatewayRef: z.string().nullable(),
  /** The gateway's balance transactions (txn_…). */
  gatewayTransactions: z.array(z.string()),
  /** The ledger movements (their references). */
  ledgerReferences: z.array(z.string()),
  gatewayAmount: z.number().nullable(),
  ledgerAmount: z.number().nullable(),
  gatewayFee: z.number().nullable(),
  ledgerFee: z.number().nullable(),
  /** Our records it is about (to open in the console), when known. */
  paymentId: z.string().nullable(),
  disputeId: z.string().nullable(),
  /** The gateway's event that would have recorded it (Stripe: evt_…), when found. */
  eventId: z.string().nullable(),
  /** What to do, in words. */
  action: z.string(),
  occurredAt: z.string(),
});
export type ReconciliationMismatch = z.infer<typeof reconciliationMismatchSchema>;

export const reconciliationRunSearchSchema = listQuerySchema.extend({});
export type ReconciliationRunSearch = z.infer<typeof reconciliationRunSearchSchema>;
export const reconciliationMismatchSearchSchema = listQuerySchema.extend({ kind: mismatchKindSchema.optional() });
export type ReconciliationMismatchSearch = z.infer<typeof reconciliationMismatchSearchSchema>;
export const reconciliationRunIdSchema = z.object({ id: idSchema });
