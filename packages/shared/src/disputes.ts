import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema, sortBySchema } from './api';
import { DELIVERY_STATUSES } from './catalogue';
import { gatewayNameSchema, moneyAmountSchema, moneyUserSchema, paymentTransactionSchema, paymentTransactionTypeSchema } from './payments';
import { walletChargeKindSchema } from './wallet';

/**
 * Card disputes (chargebacks) and refunds to the card (issue 29 §1–§2): the operator's queue of
 * disputes, a dispute with the evidence the site holds, evidence submission through the gateway,
 * the sandbox's simulated disputes, and refunds of card payments. Rules:
 * apps/api/src/modules/payments/README.md ("Disputes", "Refunds to the card"); the ledger's
 * movements: apps/api/src/modules/ledger/README.md. Money is decimal in the site currency.
 */

// ── Disputes ──────────────────────────────────────────────────────────────────────────────────
/**
 * A dispute's status as the gateway reports it (Stripe's words; the sandbox uses the same).
 * `warning_*`: an inquiry (no money taken yet); `needs_response` → (evidence submitted)
 * `under_review` → `won` | `lost`; `prevented`: closed without money lost.
 */
export const DISPUTE_STATUSES = ['warning_needs_response', 'warning_under_review', 'warning_closed', 'needs_response', 'under_review', 'won', 'lost', 'prevented'] as const;
export const disputeStatusSchema = z.enum(DISPUTE_STATUSES, { error: `One of: ${DISPUTE_STATUSES.join(', ')}` });
export type DisputeStatus = z.infer<typeof disputeStatusSchema>;
/** Still open: the fan's spending is paused while one of theirs is (payments README "Disputes"). */
export const OPEN_DISPUTE_STATUSES = ['warning_needs_response', 'warning_under_review', 'needs_response', 'under_review'] as const satisfies readonly DisputeStatus[];
export const isOpenDisputeStatus = (s: string): boolean => (OPEN_DISPUTE_STATUSES as readonly string[]).includes(s);
/** The site may still answer (submit evidence). */
export const DISPUTE_NEEDS_RESPONSE = ['warning_needs_response', 'needs_response'] as const satisfies readonly DisputeStatus[];

/** Why the cardholder disputed (Stripe's reasons; the sandbox opens disputes with one of them). */
export const DISPUTE_REASONS = [
  'bank_cannot_process', 'credit_not_processed', 'customer_initiated', 'debit_not_authorized', 'duplicate', 'fraudulent', 'general',
  'incorrect_account_details', 'insufficient_funds', 'product_not_received', 'product_unacceptable', 'subscription_canceled', 'unrecognized',
] as const;
export const disputeReasonSchema = z.enum(DISPUTE_REASONS, { error: `One of: ${DISPUTE_REASONS.join(', ')}` });
export type DisputeReason = z.infer<typeof disputeReasonSchema>;
/** The reasons in words (the creator's earnings line and the console). Unknown ones: the gateway's code. */
export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  bank_cannot_process: 'the bank cannot process it',
  credit_not_processed: 'a promised refund was not made',
  customer_initiated: 'the cardholder asked their bank',
  debit_not_authorized: 'not authorised',
  duplicate: 'charged twice',
  fraudulent: 'the cardholder does not recognise it (fraud)',
  general: 'other',
  incorrect_account_details: 'wrong account details',
  insufficient_funds: 'insufficient funds',
  product_not_received: 'not received',
  product_unacceptable: 'not as described',
  subscription_canceled: 'the subscription was cancelled',
  unrecognized: 'not recognised',
};
export const disputeReasonLabel = (reason: string): string => DISPUTE_REASON_LABELS[reason as DisputeReason] ?? reason;

/** What the dispute's opening moved in the ledger (decimals, each ≥ 0). */
export const disputeHoldSchema = z.object({
  /** Taken back from the fan's wallet (a top-up: as far as it was unspent). */
  fromWallet: z.number(),
  /** Taken back from the creator's earnings (a subscription period: its net share). */
  fromEarnings: z.number(),
  /** The site's commission taken back. */
  commission: z.number(),
  /** Neither: a top-up's spent part, at stake until the dispute ends (lost → the site's loss). */
  atStake: z.number(),
});
export type DisputeHold = z.infer<typeof disputeHoldSchema>;

/** A dispute in the operator's queue. */
export const disputeSchema = z.object({
  _id: z.string(),
  gateway: gatewayNameSchema,
  /** The gateway's dispute id (Stripe dp_…). */
  gatewayRef: z.string(),
  paymentId: z.string(),
  payment: z.object({ type: paymentTransactionTypeSchema, amount: z.number(), description: z.string(), createdAt: z.string() }),
  fan: moneyUserSchema.nullable(),
  /** The creator a subscription payment paid (null for a wallet top-up). */
  performer: moneyUserSchema.nullable(),
  amount: z.number(),
  /** The gateway's dispute fee (a cost of the site), and what of it the gateway gave back. */
  fee: z.number(),
  feeReturned: z.number(),
  currency: z.string(),
  reason: z.string(),
  status: disputeStatusSchema,
  open: z.boolean(),
  outcome: z.enum(['won', 'lost']).nullable(),
  /** The deadline to submit evidence (null: none given, or answered). */
  dueBy: z.string().nullable(),
  evidenceSubmittedAt: z.string().nullable(),
  /** What was held back when it opened; null for an inquiry that took no money. */
  hold: disputeHoldSchema.nullable(),
  /** The operator's `disputeLocksContent` when it opened: the fan's subscription bought with it is suspended until it closes. */
  locksContent: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const DISPUTE_SORT_COLUMNS = ['createdAt', 'dueBy'] as const;
/** GET /admin/disputes: `state` open|closed and/or one `status`; `sortBy` dueBy puts the nearest deadline first (with sort asc). */
export const adminDisputeSearchSchema = listQuerySchema.extend({
  sortBy: sortBySchema(DISPUTE_SORT_COLUMNS, 'createdAt'),
  state: z.enum(['open', 'closed']).optional(),
  status: disputeStatusSchema.optional(),
  /** The fan. */
  userId: idSchema.optional(),
  paymentId: idSchema.optional(),
});
export type AdminDisputeSearch = z.infer<typeof adminDisputeSearchSchema>;

/**
 * Evidence for the gateway (Stripe's `evidence` fields, camel-cased; all text). `accessActivityLog`:
 * the fan's use of what they bought (the detail's `suggestedEvidence` fills it from the records).
 */
const evidenceText = (max: number) => z.string().trim().max(max).optional();
export const disputeEvidenceSchema = z.object({
  productDescription: evidenceText(20_000),
  customerName: evidenceText(500),
  customerEmailAddress: evidenceText(500),
  customerPurchaseIp: evidenceText(100),
  accessActivityLog: evidenceText(20_000),
  serviceDate: evidenceText(100),
  shippingCarrier: evidenceText(500),
  shippingDate: evidenceText(100),
  shippingTrackingNumber: evidenceText(500),
  refundPolicyDisclosure: evidenceText(20_000),
  cancellationPolicyDisclosure: evidenceText(20_000),
  cancellationRebuttal: evidenceText(20_000),
  uncategorizedText: evidenceText(20_000),
});
export type DisputeEvidence = z.infer<typeof disputeEvidenceSchema>;
export const DISPUTE_EVIDENCE_FIELDS = Object.keys(disputeEvidenceSchema.shape) as Array<keyof DisputeEvidence>;
/** POST /admin/disputes/{id}/evidence: the evidence, and `submit` false to stage it at the gateway without answering yet. */
export const disputeEvidenceBodySchema = disputeEvidenceSchema.extend({ submit: z.boolean().default(true) }).refine(
  (b) => DISPUTE_EVIDENCE_FIELDS.some((k) => (b[k] ?? '') !== ''),
  { message: 'Give at least one piece of evidence', path: ['uncategorizedText'] },
);
export type DisputeEvidenceBody = z.infer<typeof disputeEvidenceBodySchema>;

/** One wallet spend of the fan after the disputed top-up (what the money went on). */
export const disputeSpendSchema = z.object({
  chargeId: z.string(),
  type: walletChargeKindSchema,
  description: z.string(),
  amount: z.number(),
  performer: moneyUserSchema.nullable(),
  createdAt: z.string(),
});
/**
 * A sign-in of the fan (a session): when it started and was last used, and the address and user
 * agent it was made from (kept 180 days, then null).
 */
export const disputeSessionSchema = z.object({ startedAt: z.string(), lastSeenAt: z.string().nullable(), ended: z.boolean(), ip: z.string().nullable(), device: z.string().nullable() });
/** A physical order of the fan and its delivery. */
export const disputeDeliverySchema = z.object({
  orderId: z.string(),
  productName: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  trackingCode: z.string().nullable(),
  orderedAt: z.string(),
  updatedAt: z.string(),
});

/** GET /admin/disputes/{id}: the dispute, the charge, what it paid for and the evidence the site holds. */
export const disputeDetailSchema = disputeSchema.extend({
  paymentDetail: paymentTransactionSchema,
  paidFor: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('wallet_topup'),
      /** The fan's wallet now. */
      walletBalance: z.number(),
      /** The fan's wallet spending since the top-up, newest first (the first page) and how many in all. */
      spent: z.array(disputeSpendSchema),
      spentCount: z.number().int(),
    }),
    z.object({
      kind: z.literal('subscription'),
      subscription: z.object({ _id: z.string(), status: z.string(), startsAt: z.string(), expiresAt: z.string(), suspended: z.boolean() }).nullable(),
    }),
  ]),
  /** The address and user agent of the fan's request that made the payment (null: a renewal, or past the 180 days it is kept). */
  purchaseClient: z.object({ ip: z.string().nullable(), device: z.string().nullable() }),
  /** The fan's sign-ins around the payment (newest first). */
  sessions: z.array(disputeSessionSchema),
  /** The fan's physical orders since the payment, with delivery (tracking codes). */
  deliveries: z.array(disputeDeliverySchema),
  /** What the records hold and for how long, in words. */
  recordsNote: z.string(),
  /** The evidence staged or submitted so far. */
  evidence: disputeEvidenceSchema,
  /** Evidence pre-filled from the records (the console's form starts from it). */
  suggestedEvidence: disputeEvidenceSchema,
  /** The dispute's ledger movements (hold, fee, reinstatement, loss). */
  movements: z.array(z.object({ reference: z.string(), type: z.string(), amount: z.number(), createdAt: z.string() })),
});
export type DisputeDetail = z.infer<typeof disputeDetailSchema>;

/**
 * POST /admin/sandbox/disputes (sandbox gateway only): the cardholder's bank opens a dispute on a
 * card payment, or — with `outcome` — decides an open one (or opens and decides at once).
 * `amount`: a partial dispute (default: what is left of the payment after refunds).
 */
export const sandboxDisputeBodySchema = z.object({
  paymentId: idSchema,
  outcome: z.enum(['won', 'lost']).optional(),
  reason: disputeReasonSchema.default('fraudulent'),
  amount: moneyAmountSchema.optional(),
});
export type SandboxDisputeBody = z.infer<typeof sandboxDisputeBodySchema>;

// ── Refunds to the card ───────────────────────────────────────────────────────────────────────
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export const refundStatusSchema = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof refundStatusSchema>;
export const paymentRefundSchema = z.object({
  _id: z.string(),
  paymentId: z.string(),
  amount: z.number(),
  status: refundStatusSchema,
  reason: z.string(),
  gateway: gatewayNameSchema,
  /** The gateway's refund id (Stripe re_…); null until the gateway answered. */
  gatewayRef: z.string().nullable(),
  failureMessage: z.string().nullable(),
  /** The operator who asked (null: made at the gateway, e.g. Stripe's dashboard). */
  createdBy: moneyUserSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

/** POST /admin/payments/{id}/refunds: `amount` (default: all that is refundable) and why. */
export const refundBodySchema = z.object({
  amount: moneyAmountSchema.optional(),
  reason: z.string().trim().min(3, 'Say why (at least 3 characters)').max(500),
});
export type RefundBody = z.infer<typeof refundBodySchema>;

/** GET /admin/payments/{id}: a card payment with its refunds and disputes. */
export const adminPaymentSchema = paymentTransactionSchema.extend({
  fan: moneyUserSchema.nullable(),
  refundedAmount: z.number(),
  /** What a refund may take now: the rest of the payment (a top-up: no more than the fan's wallet holds); 0 while disputed. */
  refundable: z.number(),
  /** Why nothing is refundable (null when something is). */
  refundBlockedBy: z.string().nullable(),
  refunds: z.array(paymentRefundSchema),
  disputes: z.array(disputeSchema),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** GET /admin/payments: every card payment, newest first; filters the fan, type, status. */
export const adminPaymentSearchSchema = listQuerySchema.extend({
  sortBy: sortBySchema(['createdAt', 'amount'] as const, 'createdAt'),
  userId: idSchema.optional(),
  type: paymentTransactionTypeSchema.optional(),
  status: z.enum(['pending', 'succeeded', 'failed', 'refunded']).optional(),
});
export type AdminPaymentSearch = z.infer<typeof adminPaymentSearchSchema>;
/** A row of that list. */
export const adminPaymentRowSchema = paymentTransactionSchema.extend({ fan: moneyUserSchema.nullable(), refundedAmount: z.number(), disputed: z.boolean() });
export type AdminPaymentRow = z.infer<typeof adminPaymentRowSchema>;
