import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema } from './api';
import { commentAuthorSchema } from './social';

/**
 * Money contracts (spec §7), one file per module: payments (this file: amounts, gateways, cards,
 * card payments and wallet top-ups), wallet.ts (wallet charges), subscriptions.ts, coupons.ts,
 * earnings.ts, payouts.ts. Amounts are decimals in the site currency (2.95) here and in the API;
 * the database keeps integer minor units (see money.ts).
 */

/** A positive amount with at most two decimals. Range limits come from site settings (checked by the service). */
export const moneyAmountSchema = z.number({ error: 'Enter an amount' }).positive('Must be greater than 0').max(1_000_000).multipleOf(0.01, 'At most two decimals');
/** An optional date filter in a money list's query (`fromDate`, `toDate`). */
export const dateQuerySchema = z.string().trim().max(40).refine((v) => !Number.isNaN(Date.parse(v)), 'Not a date').optional();

/** A small public card of a user (payer, creator) in money lists. */
export const moneyUserSchema = commentAuthorSchema;
export type MoneyUser = z.infer<typeof moneyUserSchema>;

export const GATEWAY_NAMES = ['stripe', 'sandbox'] as const;
export const gatewayNameSchema = z.enum(GATEWAY_NAMES);
export type GatewayName = z.infer<typeof gatewayNameSchema>;
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
  gateway: gatewayNameSchema,
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

// ── Wallet top-ups (card payments) ──────────────────────────────────────────────────────────────
export const walletTopUpSchema = z.object({
  amount: moneyAmountSchema,
  /** Saved card to charge; default: the default card. */
  cardId: idSchema.optional(),
});
export type WalletTopUpInput = z.infer<typeof walletTopUpSchema>;

export const PAYMENT_TRANSACTION_TYPES = ['wallet_topup', 'subscription'] as const;
export const paymentTransactionTypeSchema = z.enum(PAYMENT_TRANSACTION_TYPES);
export type PaymentTransactionType = z.infer<typeof paymentTransactionTypeSchema>;
export const PAYMENT_TRANSACTION_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export const paymentTransactionStatusSchema = z.enum(PAYMENT_TRANSACTION_STATUSES);
export type PaymentTransactionStatus = z.infer<typeof paymentTransactionStatusSchema>;
/** A card payment (GET /payment/transactions/user/search, POST /payment/wallet/top-up). */
export const paymentTransactionSchema = z.object({
  _id: z.string(),
  type: paymentTransactionTypeSchema,
  status: paymentTransactionStatusSchema,
  gateway: gatewayNameSchema,
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
  type: paymentTransactionTypeSchema.optional(),
  status: paymentTransactionStatusSchema.optional(),
  fromDate: dateQuerySchema,
  toDate: dateQuerySchema,
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

/** Header name for charge endpoints. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
