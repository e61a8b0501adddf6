/** Words and colours of the operator's money screens (transactions, orders, subscriptions, coupons, card payments, disputes). */
import {
  isUuid, DELIVERY_STATUSES, EARNING_TYPE_VALUES, LEDGER_TRANSACTION_TYPES, PAYMENT_TRANSACTION_STATUSES, PAYMENT_TRANSACTION_TYPES, PRODUCT_TYPES, SUBSCRIPTION_STATUS_VALUES,
  type DeliveryStatus, type DisputeStatus, type EarningType, type LedgerTransactionType, type PaymentTransactionStatus, type PaymentTransactionType, type RefundStatus, type SubscriptionStatus,
} from '@stagepass/shared';

export const TX_TYPE: Record<LedgerTransactionType, { label: string; color: string }> = {
  wallet_topup: { label: 'Wallet top-up', color: 'green' },
  tip: { label: 'Tip', color: 'magenta' },
  purchase: { label: 'Purchase', color: 'geekblue' },
  subscription: { label: 'Subscription', color: 'purple' },
  payout: { label: 'Payout', color: 'gold' },
  refund: { label: 'Refund', color: 'red' },
  card_refund: { label: 'Refund to card', color: 'red' },
  card_refund_failed: { label: 'Card refund failed', color: 'orange' },
  dispute: { label: 'Dispute', color: 'volcano' },
  dispute_fee: { label: 'Dispute fee', color: 'volcano' },
  dispute_won: { label: 'Dispute won', color: 'cyan' },
  dispute_lost: { label: 'Dispute lost', color: 'volcano' },
};
export const ITEM_TYPE: Record<EarningType, string> = {
  subscription: 'Subscription', tip: 'Tip', feed: 'Pay-per-view post', product: 'Product', video: 'Video', message: 'Message', gallery: 'Gallery', stream: 'Live stream', referral: 'Referral share',
};
export const ACCOUNT_LABEL: Record<string, string> = { wallet: 'Fan wallet', earnings: 'Creator earnings', commission: 'Site commission', gateway: 'Card payments (in)', payouts: 'Payouts (out)', disputes: 'Open disputes (at stake)', losses: 'Dispute losses and fees', taxes: 'Sales tax (payable)' };
export const txTypeOptions = LEDGER_TRANSACTION_TYPES.map((v) => ({ value: v, label: TX_TYPE[v].label }));
export const itemTypeOptions = EARNING_TYPE_VALUES.map((v) => ({ value: v, label: ITEM_TYPE[v] }));

export const DELIVERY: Record<DeliveryStatus, { label: string; color: string }> = {
  processing: { label: 'Processing', color: 'gold' }, shipping: { label: 'Shipping', color: 'blue' }, delivered: { label: 'Delivered', color: 'green' }, refunded: { label: 'Refunded', color: 'red' },
};
export const deliveryOptions = DELIVERY_STATUSES.map((v) => ({ value: v, label: DELIVERY[v].label }));
export const productTypeOptions = PRODUCT_TYPES.map((v) => ({ value: v, label: v === 'digital' ? 'Digital' : 'Physical' }));

export const SUB_STATUS: Record<SubscriptionStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' }, past_due: { label: 'Past due', color: 'orange' }, cancelled: { label: 'Cancelled', color: 'default' }, expired: { label: 'Expired', color: 'red' },
};
export const subStatusOptions = SUBSCRIPTION_STATUS_VALUES.map((v) => ({ value: v, label: SUB_STATUS[v].label }));
/** `free` subscriptions started as a trial; `monthly` ones were paid from the start. */
export const subTypeOptions = [{ value: 'free', label: 'Trial' }, { value: 'monthly', label: 'Paid' }];

/** Only values the API knows leave the URL (a stale or hand-typed one would make the list a 400). */
export const oneOf = <T extends string>(list: readonly T[], v: string | undefined): T | undefined => ((list as readonly string[]).includes(v ?? '') ? (v as T) : undefined);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A YYYY-MM-DD from the URL, else undefined. */
export const day = (v: string | undefined) => (v && DAY.test(v) ? v : undefined);
/** An id from the URL, else undefined. */
export const anId = (v: string | undefined) => (v && isUuid(v) ? v : undefined);
/** An amount (≥ 0, two decimals) from the URL, else undefined. */
export const amount = (v: string | undefined) => (v && /^\d{1,9}(\.\d{1,2})?$/.test(v) ? v : undefined);

// ── Card payments, refunds and disputes (issue 29 §1–§2) ─────────────────────────────────────
export const PAYMENT_TYPE: Record<PaymentTransactionType, string> = { wallet_topup: 'Wallet top-up', subscription: 'Subscription' };
export const PAYMENT_STATUS: Record<PaymentTransactionStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'gold' }, succeeded: { label: 'Paid', color: 'green' }, failed: { label: 'Failed', color: 'red' }, refunded: { label: 'Refunded', color: 'default' },
};
export const paymentTypeOptions = PAYMENT_TRANSACTION_TYPES.map((v) => ({ value: v, label: PAYMENT_TYPE[v] }));
export const paymentStatusOptions = PAYMENT_TRANSACTION_STATUSES.map((v) => ({ value: v, label: PAYMENT_STATUS[v].label }));
export const REFUND_STATUS: Record<RefundStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'gold' }, succeeded: { label: 'Refunded', color: 'green' }, failed: { label: 'Failed', color: 'red' }, canceled: { label: 'Cancelled', color: 'default' },
};

/** A dispute's status in words (the gateway's codes: Stripe's; `warning_*` is an inquiry, no money taken yet). */
export const DISPUTE_STATUS: Record<DisputeStatus, { label: string; color: string }> = {
  warning_needs_response: { label: 'Inquiry: answer needed', color: 'orange' },
  warning_under_review: { label: 'Inquiry: under review', color: 'blue' },
  warning_closed: { label: 'Inquiry closed', color: 'default' },
  needs_response: { label: 'Answer needed', color: 'red' },
  under_review: { label: 'Under review', color: 'blue' },
  won: { label: 'Won', color: 'green' },
  lost: { label: 'Lost', color: 'volcano' },
  prevented: { label: 'Prevented', color: 'green' },
};
/** The queue's views: what the operator picks, and the API filter each one is. */
export const DISPUTE_VIEWS = {
  open: { label: 'Open', query: { state: 'open' } },
  won: { label: 'Won', query: { status: 'won' } },
  lost: { label: 'Lost', query: { status: 'lost' } },
  all: { label: 'All', query: {} },
} as const satisfies Record<string, { label: string; query: { state?: 'open' | 'closed'; status?: DisputeStatus } }>;
export type DisputeView = keyof typeof DISPUTE_VIEWS;
export const DISPUTE_VIEW_KEYS = Object.keys(DISPUTE_VIEWS) as DisputeView[];

/** A ledger movement of a dispute, by its reference's prefix (disputes.service `disputeRefs`). */
export const DISPUTE_MOVEMENT: Record<string, string> = {
  dispute: 'Held back when it opened',
  dispute_rest: 'Held back: the part beyond what the sale still held',
  dispute_fee: "The gateway's dispute fee",
  dispute_fee_returned: 'Dispute fee given back',
  dispute_won: 'Given back: the dispute was won',
  dispute_won_rest: 'Given back (the rest)',
  dispute_lost: 'Lost: the spent part written off',
  dispute_lost_undone: 'Write-off undone (won after all)',
};
export const disputeMovementLabel = (reference: string, type: string) => DISPUTE_MOVEMENT[reference.split(':')[0] ?? ''] ?? (TX_TYPE as Record<string, { label: string }>)[type]?.label ?? type;

/** How far an open dispute's deadline is: `overdue`, `near` (within 3 days) or `later`. */
export const NEAR_DEADLINE_MS = 3 * 24 * 3600_000;
export function deadlineState(dueBy: string | null, now = Date.now()): 'overdue' | 'near' | 'later' | null {
  if (!dueBy) return null;
  const left = new Date(dueBy).getTime() - now;
  return left < 0 ? 'overdue' : left <= NEAR_DEADLINE_MS ? 'near' : 'later';
}
