import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema } from './api';
import { dateQuerySchema, moneyAmountSchema, moneyUserSchema } from './payments';

/** Payout contracts (spec §7 Payouts): payout requests, their review, and a creator's payout settings. */
export const PAYOUT_STATUS_VALUES = ['pending', 'approved', 'paid', 'rejected'] as const;
export const payoutStatusSchema = z.enum(PAYOUT_STATUS_VALUES);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;
export const PAYOUT_METHOD_VALUES = ['stripe', 'manual'] as const;
export const payoutMethodSchema = z.enum(PAYOUT_METHOD_VALUES);
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;
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
  status: payoutStatusSchema,
  method: payoutMethodSchema.nullable(),
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
  status: payoutStatusSchema.optional(),
  performerId: idSchema.optional(),
  fromDate: dateQuerySchema,
  toDate: dateQuerySchema,
});
export type PayoutSearch = z.infer<typeof payoutSearchSchema>;
/** Admin: PUT /admin/payout-requests/{id}/status. `paid` with method stripe pays through Connect. */
export const reviewPayoutSchema = z.object({
  status: z.enum(['approved', 'rejected', 'paid']),
  method: payoutMethodSchema.optional(),
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
