import './zod-config';
import { z } from 'zod';
import { idOrUsernameSchema, idSchema, isUuid, listQuerySchema } from './api';
import { dateQuerySchema, moneyAmountSchema, moneyUserSchema } from './payments';
import { PURCHASABLE_KINDS } from './content-kinds';
import { ORDER_NOTE_MAX, orderSchema } from './orders';
import { CART_MAX_LINES, PRODUCT_QUANTITY_MAX, cartLineSchema } from './products';

/** Wallet contracts (spec §7 Wallet): paying from the wallet balance (tips and purchases). Top-ups are card payments (payments.ts). */
/** Tips, and a purchase of any purchasable content kind (content-kinds.ts). */
export const WALLET_CHARGE_KINDS = ['tip', ...PURCHASABLE_KINDS] as const;
export const walletChargeKindSchema = z.enum(WALLET_CHARGE_KINDS);
export type WalletChargeKind = z.infer<typeof walletChargeKindSchema>;
const quantitySchema = z.number().int('Enter a whole number').min(1, 'At least 1').max(PRODUCT_QUANTITY_MAX, `At most ${PRODUCT_QUANTITY_MAX}`);
const orderNoteSchema = z.string().trim().max(ORDER_NOTE_MAX, `At most ${ORDER_NOTE_MAX} characters`);
/**
 * POST /wallet/charges/{kind}/{id}. Tips: `price` (within the tip limits) and an optional message;
 * purchases: the item's price applies, an optional coupon (not for products). Products: `quantity`
 * (1–99, default 1; digital products: 1), `deliveryAddressId` (physical products: required, one of
 * the buyer's own addresses) and a `note` to the seller.
 */
export const walletChargeBodySchema = z.object({
  price: moneyAmountSchema.optional(),
  message: z.string().trim().max(500).optional(),
  couponCode: z.string().trim().max(60).optional(),
  quantity: quantitySchema.optional(),
  deliveryAddressId: idSchema.optional(),
  note: orderNoteSchema.optional(),
  /** Tips only: the live stream the tip is sent in (it appears in that stream's chat, written by the server). */
  streamId: idSchema.optional(),
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
/** A charge's answer: the charge, the wallet's new balance and, for a product, its order. */
export const walletChargeResultSchema = z.object({ charge: walletChargeSchema, balance: z.number(), order: orderSchema.optional() });
export type WalletChargeResult = z.infer<typeof walletChargeResultSchema>;

/**
 * POST /wallet/charges/cart: the cart checked out at once, all or nothing — one charge and one
 * order per line, sharing a checkoutId. Lines: 1–20 distinct products. `deliveryAddressId` is
 * required when a line is a physical product.
 */
export const cartCheckoutBodySchema = z.object({
  items: z
    .array(cartLineSchema)
    .min(1, 'The cart is empty')
    .max(CART_MAX_LINES, `At most ${CART_MAX_LINES} products in one checkout`)
    .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, 'A product is listed twice'),
  deliveryAddressId: idSchema.optional(),
  note: orderNoteSchema.optional(),
});
export type CartCheckoutBody = z.infer<typeof cartCheckoutBodySchema>;
export const cartCheckoutResultSchema = z.object({
  checkoutId: z.string(),
  /** In the order of the request's lines. */
  orders: z.array(orderSchema),
  charges: z.array(walletChargeSchema),
  balance: z.number(),
});
export type CartCheckoutResult = z.infer<typeof cartCheckoutResultSchema>;
export const walletChargeSearchSchema = listQuerySchema.extend({
  sortBy: z.enum(['createdAt', 'amount']).default('createdAt'),
  type: walletChargeKindSchema.optional(),
  fromDate: dateQuerySchema,
  toDate: dateQuerySchema,
});
export type WalletChargeSearch = z.infer<typeof walletChargeSearchSchema>;
