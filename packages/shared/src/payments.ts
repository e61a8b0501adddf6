import { z } from 'zod';
import { idOrUsernameSchema, idSchema, isUuid, listQuerySchema, sortBySchema } from './api';
import { commentAuthorSchema } from './social';

/**
 * Money contracts (spec §7 Payments, Wallet, Subscriptions, Earnings, Payouts, Coupons). Amounts
 * are decimals in the site currency (2.95) here and in the API; the database keeps integer minor
 * units (see money.ts).
 */

/** A positive amount with at most two decimals. Range limits come from site settings (checked by the service). */
export const moneyAmountSchema = z.number({ error: 'Enter an amount' }).positive('Must be greater than 0').max(1_000_000).multipleOf(0.01, 'At most two decimals');
const dateQuery = z.string().trim().max(40).refine((v) => !Number.isNaN(Date.parse(v)), 'Not a date').optional();

/** A small public card of a user (payer, creator) in money lists. */
export const moneyUserSchema = commentAuthorSchema;
export type MoneyUser = z.infer<typeof moneyUserSchema>;

export const GATEWAY_NAMES = ['stripe', 'sandbox'] as const;
export type GatewayName = (typeof GATEWAY_NAMES)[number];
/** @deprecated alias of GatewayName */
export type GatewayNameValue = GatewayName;

/** Well-known test cards the sandbox gateway accepts (and how each behaves). */
export const SANDBOX_TEST_CARDS = {
  '4242424242424242': { outcome: 'succeeds', brand: 'visa' },
  '5555555555554444': { outcome: 'succeeds', brand: 'mastercard' },
  '4000000000000002': { outcome: 'card_declined', brand: 'visa' },
  '4000000000009995': { outcome: 'insufficient_funds', brand: 'visa' },
  '4000000000000341': { outcome: 'attach_ok_charge_fails', brand: 'visa' },
} as const;
export type SandboxCardNumber = keyof typeof SANDBOX_TEST_CARDS;

// ── Cards ─────────────────────────────────────────────────────────────────────────────────────
export const cardSchema = z.object({
  _id: z.string(),
  gateway: z.enum(GATEWAY_NAMES),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  holderName: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type Card = z.infer<typeof cardSchema>;

/** POST /sandbox/cards — test card numbers only (SANDBOX_TEST_CARDS). */
export const addSandboxCardSchema = z.object({
  number: z.string().trim().transform((v) => v.replace(/[\s-]/g, '')).pipe(z.string().regex(/^\d{12,19}$/, 'Enter a card number')),
  expMonth: z.coerce.number().int().min(1, 'Invalid month').max(12, 'Invalid month'),
  expYear: z.coerce.number().int().min(2000, 'Invalid year').max(2100, 'Invalid year'),
  cvc: z.string().trim().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit code'),
  holderName: z.string().trim().max(100).optional(),
});
export type AddSandboxCardInput = z.infer<typeof addSandboxCardSchema>;
/** POST /stripe/cards — a PaymentMethod made by Stripe Elements in the browser. */
export const addStripeCardSchema = z.object({ paymentMethodId: z.string().trim().regex(/^pm_[A-Za-z0-9_]+$/, 'Invalid payment method') });
export type AddStripeCardInput = z.infer<typeof addStripeCardSchema>;

// ── Wallet ────────────────────────────────────────────────────────────────────────────────────
export const walletTopUpSchema = z.object({
  amount: moneyAmountSchema,
  /** Saved card to charge; default: the default card. */
  cardId: idSchema.optional(),
});
export type WalletTopUpInput = z.infer<typeof walletTopUpSchema>;

export const PAYMENT_TRANSACTION_TYPES = ['wallet_topup', 'subscription'] as const;
export const PAYMENT_TRANSACTION_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
/** A card payment (GET /payment/transactions/user/search, POST /payment/wallet/top-up). */
export const paymentTransactionSchema = z.object({
  _id: z.string(),
  type: z.enum(PAYMENT_TRANSACTION_TYPES),
  status: z.enum(PAYMENT_TRANSACTION_STATUSES),
  gateway: z.enum(GATEWAY_NAMES),
  amount: z.number(),
  originalAmount: z.number(),
  description: z.string(),
  failureMessage: z.string().nullable(),
  performer: moneyUserSchema.nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentTransaction = z.infer<typeof paymentTransactionSchema>;
export const paymentTransactionSearchSchema = listQuerySchema.extend({
  sortBy: z.enum(['createdAt', 'updatedAt', 'amount']).default('createdAt'),
  type: z.enum(PAYMENT_TRANSACTION_TYPES).optional(),
  status: z.enum(PAYMENT_TRANSACTION_STATUSES).optional(),
  fromDate: dateQuery,
  toDate: dateQuery,
});
export type PaymentTransactionSearch = z.infer<typeof paymentTransactionSearchSchema>;
/** Answer of a top-up: the payment and the wallet balance after it. */
export const topUpResultSchema = z.object({
  transaction: paymentTransactionSchema,
  balance: z.number(),
  /** Stripe: the bank asks the fan to authenticate (3-D Secure) — the web completes it with Stripe.js; the wallet is credited when Stripe confirms. */
  nextAction: z.object({ type: z.literal('authenticate'), clientSecret: z.string() }).nullable(),
});
export type TopUpResult = z.infer<typeof topUpResultSchema>;

export const WALLET_CHARGE_KINDS = ['tip', 'feed', 'product', 'video', 'message', 'gallery', 'stream'] as const;
export type WalletChargeKind = (typeof WALLET_CHARGE_KINDS)[number];
/** POST /wallet/charges/{kind}/{id}. Tips: `price` (within the tip limits) and an optional message; purchases: the item's price applies, an optional coupon. */
export const walletChargeBodySchema = z.object({
  price: moneyAmountSchema.optional(),
  message: z.string().trim().max(500).optional(),
  couponCode: z.string().trim().max(60).optional(),
});
export type WalletChargeBody = z.infer<typeof walletChargeBodySchema>;
/** `{id}`: the item's id; for a tip, the creator's id or username. */
export const walletChargeParamsSchema = z
  .object({ kind: z.enum(WALLET_CHARGE_KINDS), id: idOrUsernameSchema })
  .refine((p) => p.kind === 'tip' || isUuid(p.id), { path: ['id'], message: 'Invalid id' });
export const walletChargeSchema = z.object({
  _id: z.string(),
  type: z.enum(WALLET_CHARGE_KINDS),
  itemId: z.string().nullable(),
  amount: z.number(),
  originalAmount: z.number(),
  description: z.string(),
  performer: moneyUserSchema.nullable(),
  createdAt: z.string(),
});
export type WalletCharge = z.infer<typeof walletChargeSchema>;
export const walletChargeResultSchema = z.object({ charge: walletChargeSchema, balance: z.number() });
export type WalletChargeResult = z.infer<typeof walletChargeResultSchema>;
export const walletChargeSearchSchema = listQuerySchema.extend({
  sortBy: z.enum(['createdAt', 'amount']).default('createdAt'),
  type: z.enum(WALLET_CHARGE_KINDS).optional(),
  fromDate: dateQuery,
  toDate: dateQuery,
});
export type WalletChargeSearch = z.infer<typeof walletChargeSearchSchema>;

// ── Subscriptions ─────────────────────────────────────────────────────────────────────────────
export const SUBSCRIPTION_TYPES = ['monthly', 'free'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
export const SUBSCRIPTION_STATUS_VALUES = ['active', 'past_due', 'cancelled', 'expired'] as const;
export const subscribeSchema = z.object({
  performerId: idSchema,
  type: z.enum(SUBSCRIPTION_TYPES).default('monthly'),
  cardId: idSchema.optional(),
  couponCode: z.string().trim().max(60).optional(),
});
export type SubscribeInput = z.infer<typeof subscribeSchema>;
export const subscriptionSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  performerId: z.string(),
  user: moneyUserSchema.nullable(),
  performer: moneyUserSchema.nullable(),
  status: z.enum(SUBSCRIPTION_STATUS_VALUES),
  type: z.enum(SUBSCRIPTION_TYPES),
  /** Monthly price at renewal. */
  price: z.number(),
  gateway: z.enum(GATEWAY_NAMES).nullable(),
  startsAt: z.string(),
  expiresAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** Grants access now. */
  isActive: z.boolean(),
  /** Will renew at expiresAt. */
  renewing: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionSearchSchema = listQuerySchema.extend({
  sortBy: z.enum(['createdAt', 'updatedAt', 'expiresAt']).default('updatedAt'),
  status: z.enum(SUBSCRIPTION_STATUS_VALUES).optional(),
  performerId: idSchema.optional(),
  userId: idSchema.optional(),
});
export type SubscriptionSearch = z.infer<typeof subscriptionSearchSchema>;
/** What a fan sees about subscribing to a creator (on the creator's public profile). */
export const subscriptionOfferSchema = z.object({
  monthlyPrice: z.number(),
  /** The creator offers a free trial now (their setting and the site's freeSubscriptionEnabled). */
  freeSubscriptionEnabled: z.boolean(),
  freeSubscriptionDays: z.number().int(),
});
export type SubscriptionOffer = z.infer<typeof subscriptionOfferSchema>;
/** A creator's own pricing (PUT /performers/subscription-settings). */
export const subscriptionSettingsSchema = z.object({
  monthlyPrice: moneyAmountSchema,
  freeSubscriptionEnabled: z.boolean(),
  /** Null/absent: the site's freeSubscriptionDuration. */
  freeSubscriptionDays: z.number().int().min(1).max(365).nullable().optional(),
});
export type SubscriptionSettingsInput = z.infer<typeof subscriptionSettingsSchema>;

// ── Coupons ───────────────────────────────────────────────────────────────────────────────────
export const couponCodeSchema = z.string().trim().min(3, 'At least 3 characters').max(60).regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only');
export const createCouponSchema = z.object({
  code: couponCodeSchema,
  name: z.string().trim().max(100).default(''),
  percentage: z.number().int().min(1).max(100),
  performerId: idSchema.nullable().optional(),
  expiresAt: z.string().datetime({ offset: true }).nullable().optional(),
  maxUses: z.number().int().min(1).nullable().optional(),
  active: z.boolean().default(true),
});
export type CreateCouponInput = z.infer<typeof createCouponSchema>;
export const updateCouponSchema = createCouponSchema.partial();
export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  percentage: z.number().int(),
  performerId: z.string().nullable(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  usedCount: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;
/** GET /admin/coupons: newest change first. */
export const COUPON_SORTS = ['updatedAt'] as const;
export const couponListQuerySchema = listQuerySchema.extend({ sortBy: sortBySchema(COUPON_SORTS, 'updatedAt') });
/** POST /coupons/{code}/apply-coupon {performerId?}: is the code usable by the caller (for that creator)? */
export const applyCouponBodySchema = z.object({ performerId: idSchema.optional() });
export const appliedCouponSchema = z.object({ code: z.string(), percentage: z.number().int(), performerId: z.string().nullable(), expiresAt: z.string().nullable() });
export type AppliedCoupon = z.infer<typeof appliedCouponSchema>;

// ── Earnings ──────────────────────────────────────────────────────────────────────────────────
export const EARNING_TYPE_VALUES = ['subscription', 'tip', 'feed', 'product', 'video', 'message', 'gallery', 'stream'] as const;
export const earningSchema = z.object({
  _id: z.string(),
  type: z.enum(EARNING_TYPE_VALUES),
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
  type: z.enum(EARNING_TYPE_VALUES).optional(),
  fromDate: dateQuery,
  toDate: dateQuery,
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

// ── Payouts ───────────────────────────────────────────────────────────────────────────────────
export const PAYOUT_STATUS_VALUES = ['pending', 'approved', 'paid', 'rejected'] as const;
export const PAYOUT_METHOD_VALUES = ['stripe', 'manual'] as const;
export const payoutCalculationSchema = z.object({
  netEarned: z.number(),
  paidOut: z.number(),
  pending: z.number(),
  available: z.number(),
  minimumPayoutAmount: z.number(),
});
export type PayoutCalculation = z.infer<typeof payoutCalculationSchema>;
export const createPayoutSchema = z.object({ amount: moneyAmountSchema, requestNote: z.string().trim().max(1000).default('') });
export type CreatePayoutInput = z.infer<typeof createPayoutSchema>;
/** PUT /payout-requests/{id}: the creator changes the amount and/or the note while it is pending (absent = unchanged). */
export const updatePayoutSchema = z.object({ amount: moneyAmountSchema.optional(), requestNote: z.string().trim().max(1000).optional() });
export type UpdatePayoutInput = z.infer<typeof updatePayoutSchema>;
export const payoutRequestSchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  performer: moneyUserSchema.nullable(),
  amount: z.number(),
  status: z.enum(PAYOUT_STATUS_VALUES),
  method: z.enum(PAYOUT_METHOD_VALUES).nullable(),
  requestNote: z.string(),
  adminNote: z.string(),
  failureMessage: z.string().nullable(),
  approvedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;
export const payoutSearchSchema = listQuerySchema.extend({
  sortBy: z.enum(['createdAt', 'updatedAt', 'amount']).default('updatedAt'),
  status: z.enum(PAYOUT_STATUS_VALUES).optional(),
  performerId: idSchema.optional(),
  fromDate: dateQuery,
  toDate: dateQuery,
});
export type PayoutSearch = z.infer<typeof payoutSearchSchema>;
/** Admin: PUT /admin/payout-requests/{id}/status. `paid` with method stripe pays through Connect. */
export const reviewPayoutSchema = z.object({
  status: z.enum(['approved', 'rejected', 'paid']),
  method: z.enum(PAYOUT_METHOD_VALUES).optional(),
  adminNote: z.string().trim().max(1000).optional(),
});
export type ReviewPayoutInput = z.infer<typeof reviewPayoutSchema>;
export const pendingReviewSchema = z.object({ hasPending: z.boolean(), request: payoutRequestSchema.nullable() });

// ── Creator payout settings ───────────────────────────────────────────────────────────────────
export const bankingSettingsSchema = z.object({
  firstName: z.string().trim().min(1, 'Required').max(100),
  lastName: z.string().trim().min(1, 'Required').max(100),
  bankName: z.string().trim().min(1, 'Required').max(100),
  bankAccount: z.string().trim().min(4, 'Enter the account number or IBAN').max(50),
  routingNumber: z.string().trim().max(50).default(''),
  swiftCode: z.string().trim().max(20).default(''),
  country: z.string().trim().max(2).default(''),
  address: z.string().trim().max(300).default(''),
});
export type BankingSettings = z.infer<typeof bankingSettingsSchema>;
/** Read back with the account number masked (last 4 digits). */
export const bankingSettingsViewSchema = bankingSettingsSchema.extend({ bankAccount: z.string() });

export const PAYOUT_PREFERENCES = ['stripe', 'bank', 'paypal'] as const;
/** PUT /performers/payment-gateway-settings. `taxId` is write-only: answers carry `taxIdSet`. */
export const paymentGatewaySettingsSchema = z.object({
  payoutMethod: z.enum(PAYOUT_PREFERENCES),
  paypalEmail: z.string().trim().toLowerCase().email('Enter a valid e-mail address').max(254).optional().or(z.literal('')),
  taxId: z.string().trim().max(50).optional(),
});
export type PaymentGatewaySettingsInput = z.infer<typeof paymentGatewaySettingsSchema>;
export const paymentGatewaySettingsViewSchema = z.object({
  payoutMethod: z.enum(PAYOUT_PREFERENCES).nullable(),
  paypalEmail: z.string(),
  taxIdSet: z.boolean(),
  stripeAccountId: z.string().nullable(),
  stripePayoutsEnabled: z.boolean(),
});
export type PaymentGatewaySettingsView = z.infer<typeof paymentGatewaySettingsViewSchema>;
/** POST /stripe/accounts: where to send the creator to finish Connect onboarding. */
export const stripeAccountLinkSchema = z.object({ url: z.string(), accountId: z.string() });
export const stripeAccountBodySchema = z.object({ returnUrl: z.string().url().max(2000), refreshUrl: z.string().url().max(2000).optional() });

/** Admin: PUT /admin/performers/{id}/commission — null returns to the site default; 0 means 0. */
export const commissionOverrideSchema = z.object({ percentage: z.number().min(0).max(100).multipleOf(0.01).nullable() });

/** Header name for charge endpoints. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
