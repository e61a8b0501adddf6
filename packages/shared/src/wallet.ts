import './zod-config';
import { z } from 'zod';
import { idOrUsernameSchema, isUuid, listQuerySchema } from './api';
import { dateQuerySchema, moneyAmountSchema, moneyUserSchema } from './payments';
import { PURCHASABLE_KINDS } from './content-kinds';

/** Wallet contracts (spec §7 Wallet): paying from the wallet balance (tips and purchases). Top-ups are card payments (payments.ts). */
/** Tips, and a purchase of any purchasable content kind (content-kinds.ts). */
export const WALLET_CHARGE_KINDS = ['tip', ...PURCHASABLE_KINDS] as const;
export const walletChargeKindSchema = z.enum(WALLET_CHARGE_KINDS);
export type WalletChargeKind = z.infer<typeof walletChargeKindSchema>;
/** POST /wallet/charges/{kind}/{id}. Tips: `price` (within the tip limits) and an optional message; purchases: the item's price applies, an optional coupon. */
export const walletChargeBodySchema = z.object({
  price: moneyAmountSchema.optional(),
  message: z.string().trim().max(500).optional(),
  couponCode: z.string().trim().max(60).optional(),
});
export type WalletChargeBody = z.infer<typeof walletChargeBodySchema>;
/** `{id}`: the item's id; for a tip, the creator's id or username. */
export const walletChargeParamsSchema = z
  .object({ kind: walletChargeKindSchema, id: idOrUsernameSchema })
  .refine((p) => p.kind === 'tip' || isUuid(p.id), { path: ['id'], message: 'Invalid id' });
export const walletChargeSchema = z.object({
  _id: z.string(),
  type: walletChargeKindSchema,
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
  type: walletChargeKindSchema.optional(),
  fromDate: dateQuerySchema,
  toDate: dateQuerySchema,
});
export type WalletChargeSearch = z.infer<typeof walletChargeSearchSchema>;
