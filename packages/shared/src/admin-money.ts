import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema, sortBySchema } from './api';
import { earningTypeSchema } from './earnings';
import { dateQuerySchema, moneyUserSchema } from './payments';
import { subscriptionStatusSchema, subscriptionTypeSchema } from './subscriptions';

/**
 * The operator's money screens (issue 14, "Money"): the ledger's movements (GET
 * /admin/transactions and its CSV export) and every subscription (GET /admin/subscriptions).
 * Rules: apps/api/src/modules/ledger/README.md ("The operator's view") and
 * apps/api/src/modules/subscriptions/README.md ("Operator").
 */

/**
 * What a ledger movement is (ledger_transactions.type). Issue 29: `card_refund` (a refund to the
 * card) and `card_refund_failed` (its reversal when the gateway fails it); `dispute` (what a
 * dispute holds back), `dispute_fee` (the gateway's fee, or its return), `dispute_won` (the hold
 * given back), `dispute_lost` (a top-up's spent part written off) — ledger README.
 */
export const LEDGER_TRANSACTION_TYPES = ['wallet_topup', 'tip', 'purchase', 'subscription', 'payout', 'refund', 'card_refund', 'card_refund_failed', 'dispute', 'dispute_fee', 'dispute_won', 'dispute_lost'] as const;
export const ledgerTransactionTypeSchema = z.enum(LEDGER_TRANSACTION_TYPES, { error: `One of: ${LEDGER_TRANSACTION_TYPES.join(', ')}` });
export type LedgerTransactionType = z.infer<typeof ledgerTransactionTypeSchema>;
/**
 * The ledger's accounts: a user's wallet and earnings, the site's commission, gateway (money in)
 * and payouts (money out); `disputes` (what open disputes put at stake) and `losses` (dispute fees
 * and what lost disputes cost the site); `taxes` (sales tax collected for the tax authorities).
 */
export const LEDGER_ACCOUNT_KIND_VALUES = ['wallet', 'earnings', 'commission', 'gateway', 'payouts', 'disputes', 'losses', 'taxes'] as const;

/** One line of a movement: the change of one account's balance (signed decimal). */
export const ledgerEntrySchema = z.object({
  account: z.enum(LEDGER_ACCOUNT_KIND_VALUES),
  /** The user owning a wallet or earnings account; null for the site's accounts. */
  ownerId: z.string().nullable(),
  amount: z.number(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** A ledger movement as the operator sees it. Money in decimals; `commission` and `net` are signed (a refund takes them back). */
export const adminTransactionSchema = z.object({
  _id: z.string(),
  type: ledgerTransactionTypeSchema,
  /** What a sale (or the sale a refund reverses) was for: tip, subscription, feed, video, product… */
  itemType: earningTypeSchema.nullable(),
  /** The business record: `payment:<id>`, `wallet_charge:<id>`, `payout:<id>`, `refund:wallet_charge:<id>`. */
  reference: z.string(),
  description: z.string(),
  /** What moved: the sum of the positive entries (a sale's or refund's gross, a top-up's or payout's amount). */
  amount: z.number(),
  /** The site's commission account's change. */
  commission: z.number(),
  /** The creator's earnings account's change. */
  net: z.number(),
  /** The fan whose wallet moved or who paid by card. */
  userId: z.string().nullable(),
  user: moneyUserSchema.nullable(),
  /** The creator whose earnings moved. */
  performerId: z.string().nullable(),
  performer: moneyUserSchema.nullable(),
  entries: z.array(ledgerEntrySchema),
  createdAt: z.string(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

/** An optional amount bound of a filter (decimal, ≥ 0, two decimals at most). */
const amountBound = z.coerce.number({ error: 'Enter an amount' }).min(0, 'At least 0').max(100_000_000).multipleOf(0.01, 'At most two decimals').optional();

/** The filters of the transactions list and of its CSV export (a date-only `toDate` includes that whole UTC day). */
const transactionFilter = {
  type: ledgerTransactionTypeSchema.optional(),
  itemType: earningTypeSchema.optional(),
  /** Either party: the fan or the creator. */
  userId: idSchema.optional(),
  fromDate: dateQuerySchema,
  toDate: dateQuerySchema,
  minAmount: amountBound,
  maxAmount: amountBound,
};
type Bounds = { minAmount?: number; maxAmount?: number; fromDate?: string; toDate?: string };
/** min ≤ max and from ≤ to, as field errors (400 on `maxAmount` / `toDate`). */
const boundsInOrder = <T extends z.ZodType<Bounds>>(schema: T) =>
  schema
    .refine((q) => q.minAmount === undefined || q.maxAmount === undefined || q.minAmount <= q.maxAmount, { path: ['maxAmount'], message: 'Must be at least the minimum amount' })
    .refine((q) => !q.fromDate || !q.toDate || Date.parse(q.fromDate) <= Date.parse(q.toDate), { path: ['toDate'], message: 'Must not be before the start date' });

export const ADMIN_TRANSACTION_SORTS = ['createdAt', 'amount'] as const;
const adminTransactionSearchBase = listQuerySchema.extend({ sortBy: sortBySchema(ADMIN_TRANSACTION_SORTS, 'createdAt'), ...transactionFilter });
/** GET /admin/transactions: newest first by default; `q` matches the description or the reference. */
export const adminTransactionSearchSchema = boundsInOrder(adminTransactionSearchBase);
export type AdminTransactionSearch = z.infer<typeof adminTransactionSearchSchema>;
/** GET /admin/transactions/export.csv: the search's filters and order, without pagination. */
export const adminTransactionExportSchema = boundsInOrder(adminTransactionSearchBase.omit({ offset: true, limit: true }));
export type AdminTransactionExport = z.infer<typeof adminTransactionExportSchema>;
/** The CSV's header row, in order. */
export const ADMIN_TRANSACTION_CSV_COLUMNS = ['date', 'id', 'type', 'item', 'reference', 'description', 'user', 'creator', 'amount', 'commission', 'creator net'] as const;

// ── Subscriptions ─────────────────────────────────────────────────────────────────────────────
export const ADMIN_SUBSCRIPTION_SORTS = ['createdAt', 'updatedAt', 'expiresAt'] as const;
/**
 * GET /admin/subscriptions: every subscription (newest first): status, type (`free` = started as a
 * trial, `monthly` = paid from the start), the fan (`userId`), the creator (`performerId`), and when
 * it started (`fromDate`/`toDate` on its creation; a date-only `toDate` includes that whole UTC day).
 */
export const adminSubscriptionSearchSchema = boundsInOrder(
  listQuerySchema.extend({
    sortBy: sortBySchema(ADMIN_SUBSCRIPTION_SORTS, 'createdAt'),
    status: subscriptionStatusSchema.optional(),
    type: subscriptionTypeSchema.optional(),
    userId: idSchema.optional(),
    performerId: idSchema.optional(),
    fromDate: dateQuerySchema,
    toDate: dateQuerySchema,
  }),
);
export type AdminSubscriptionSearch = z.infer<typeof adminSubscriptionSearchSchema>;
