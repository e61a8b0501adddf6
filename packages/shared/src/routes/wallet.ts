import '../zod-config';
import { z } from 'zod';
import { envelope, listEnvelope } from '../api';
import { cartCheckoutBodySchema, cartCheckoutResultSchema, walletChargeBodySchema, walletChargeParamsSchema, walletChargeResultSchema, walletChargeSchema, walletChargeSearchSchema } from '../wallet';
import { defineRoutes } from './define';

/** Spec §7 Wallet: spending the wallet balance (top-ups are payments routes). */
export const wallet = defineRoutes('wallet', {
  charge: {
    method: 'POST',
    path: '/wallet/charges/:kind/:id',
    access: 'user',
    description:
      "Spend wallet balance. tip/{performerId or username}: body {price (within the tip limits), message?}. feed/{feedId} (and, as they arrive, video, gallery, message, stream): the item's price, optional couponCode. product/{productId}: body {quantity (1–99, default 1; digital: 1), deliveryAddressId (physical: required, the buyer's own address, else 404), note?}; price × quantity + shipping fee; stock is taken in the same transaction (not enough → 422 'Only N left'); the answer carries the `order`. Already bought (feeds, digital products…) → 409; own item → 422; balance too low → 422 (nothing written); a kind not yet on sale → 422. Idempotency-Key replays the first answer.",
    schema: {
      params: walletChargeParamsSchema,
      headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
      body: walletChargeBodySchema.nullish(),
      response: { 200: envelope(walletChargeResultSchema) },
    },
  },
  cart: {
    method: 'POST',
    path: '/wallet/charges/cart',
    access: 'user',
    description:
      "Checks out a cart from the wallet, all or nothing: body {items: [{productId, quantity}] (1–20 distinct products), deliveryAddressId (required when a line is physical: the buyer's own address), note?}. One transaction: a charge and an order per line, sharing a checkoutId; any failing line (stock, balance, a block, an own product, a digital product already bought) writes nothing. Idempotency-Key replays the first answer. Answers the orders (in the request's order), the charges and the new balance.",
    schema: {
      headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
      body: cartCheckoutBodySchema,
      response: { 200: envelope(cartCheckoutResultSchema) },
    },
  },
  search: {
    method: 'GET',
    path: '/wallet/charges/search',
    access: 'user',
    description: "The caller's own wallet spending (tips and purchases). Filters: type, fromDate, toDate.",
    schema: { querystring: walletChargeSearchSchema, response: { 200: listEnvelope(walletChargeSchema) } },
  },
});
