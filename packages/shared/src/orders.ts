import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema, sortBySchema } from './api';
import { DELIVERY_STATUSES, PRODUCT_TYPES, type DeliveryStatus } from './catalogue';
import { dateQuerySchema, moneyUserSchema } from './payments';

/**
 * Orders (spec §7 Orders; issue 13): one line of a product purchase, written in the same
 * transaction as its wallet charge. Delivery: processing → shipping (with a tracking code) →
 * delivered; refunded (by the seller or an admin) from processing or shipping. Digital orders are
 * delivered at once. Rules: apps/api/src/modules/orders/README.md.
 */
export const TRACKING_CODE_MAX = 100;
export const ORDER_NOTE_MAX = 500;

/** Which delivery status may follow which (PUT /orders/{id}/update); anything else → 409. */
export const DELIVERY_TRANSITIONS: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
  processing: ['shipping', 'refunded'],
  shipping: ['delivered', 'refunded'],
  delivered: [],
  refunded: [],
};
export const canMoveDelivery = (from: DeliveryStatus, to: DeliveryStatus) => DELIVERY_TRANSITIONS[from].includes(to);

/** The delivery address as it was when ordered (or last changed by the buyer while processing). */
export const orderAddressSchema = z.object({
  name: z.string(),
  recipientName: z.string(),
  phone: z.string().nullable(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  streetAddress: z.string(),
  zipCode: z.string(),
  description: z.string(),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  /** Shared by the lines of one cart checkout. */
  checkoutId: z.string(),
  /** The wallet charge that paid for this line. */
  chargeId: z.string(),
  buyerId: z.string(),
  buyer: moneyUserSchema.nullable(),
  performerId: z.string(),
  performer: moneyUserSchema.nullable(),
  /** Null once the product was deleted (the order keeps its name and prices). */
  productId: z.string().nullable(),
  productName: z.string(),
  productType: z.enum(PRODUCT_TYPES),
  /** The product's first image (public), when it still has one. */
  productImage: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  shippingFee: z.number(),
  /** unitPrice × quantity + shippingFee = what the wallet was charged. */
  total: z.number(),
  deliveryAddressId: z.string().nullable(),
  deliveryAddress: orderAddressSchema.nullable(),
  note: z.string(),
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  trackingCode: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  totalDownload: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const ORDER_SORTS = ['createdAt', 'updatedAt', 'total'] as const;
/** GET /orders/users/search: the caller's own orders (as buyer). `q` searches the product name. */
export const orderSearchQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(ORDER_SORTS, 'createdAt'),
  deliveryStatus: z.enum(DELIVERY_STATUSES).optional(),
  productType: z.enum(PRODUCT_TYPES).optional(),
});
export type OrderSearchQuery = z.infer<typeof orderSearchQuerySchema>;
/**
 * GET /orders/search: a creator's orders of their products; admins see all (`performerId` filters;
 * ignored for creators). `fromDate`/`toDate` bound when it was ordered (a date-only `toDate`
 * includes that whole UTC day).
 */
export const sellerOrderSearchQuerySchema = orderSearchQuerySchema.extend({
  performerId: idSchema.optional(),
  buyerId: idSchema.optional(),
  fromDate: dateQuerySchema,
  toDate: dateQuerySchema,
});
export type SellerOrderSearchQuery = z.infer<typeof sellerOrderSearchQuerySchema>;

/** PUT /orders/{id}/update (seller or admin). `trackingCode` is required to move to shipping. */
export const updateOrderSchema = z.object({
  deliveryStatus: z.enum(DELIVERY_STATUSES, { error: 'Choose processing, shipping, delivered or refunded' }),
  trackingCode: z.string().trim().min(1, 'Required').max(TRACKING_CODE_MAX, `At most ${TRACKING_CODE_MAX} characters`).optional(),
});
export type UpdateOrderInput = z.infer<typeof updateOrderSchema>;

/** PUT /orders/{id}/update/delivery-address (the buyer, while processing): one of the buyer's own addresses. */
export const updateOrderAddressSchema = z.object({ deliveryAddressId: idSchema });
export type UpdateOrderAddressInput = z.infer<typeof updateOrderAddressSchema>;
