/** Words and colours of the operator's money screens (transactions, orders, subscriptions, coupons). */
import { isUuid, DELIVERY_STATUSES, EARNING_TYPE_VALUES, LEDGER_TRANSACTION_TYPES, PRODUCT_TYPES, SUBSCRIPTION_STATUS_VALUES, type DeliveryStatus, type EarningType, type LedgerTransactionType, type SubscriptionStatus } from '@stagepass/shared';

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
  subscription: 'Subscription', tip: 'Tip', feed: 'Pay-per-view post', product: 'Product', video: 'Video', message: 'Message', gallery: 'Gallery', stream: 'Live stream',
};
export const ACCOUNT_LABEL: Record<string, string> = { wallet: 'Fan wallet', earnings: 'Creator earnings', commission: 'Site commission', gateway: 'Card payments (in)', payouts: 'Payouts (out)', disputes: 'Open disputes (at stake)', losses: 'Dispute losses and fees' };
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
