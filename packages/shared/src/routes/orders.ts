import '../zod-config';
import { envelope, listEnvelope, uuidParamSchema } from '../api';
import { orderSchema, orderSearchQuerySchema, sellerOrderSearchQuerySchema, updateOrderAddressSchema, updateOrderSchema } from '../orders';
import { defineRoutes } from './define';

const one = envelope(orderSchema);
const list = listEnvelope(orderSchema);

/**
 * Spec §7 Orders. Orders are made by the wallet (POST /wallet/charges/product/{id} and
 * /wallet/charges/cart). Rules: apps/api/src/modules/orders/README.md.
 */
export const orders = defineRoutes('orders', {
  searchOwn: {
    method: 'GET',
    path: '/orders/users/search',
    access: 'user',
    description: "The caller's orders as a buyer (filters: deliveryStatus, productType, q on the product name).",
    schema: { querystring: orderSearchQuerySchema, response: { 200: list } },
  },
  search: {
    method: 'GET',
    path: '/orders/search',
    access: 'performerOrAdmin',
    description: "A creator's orders of their products; an admin sees every order (performerId filters) without delivery addresses (opening one order shows it: GET /orders/{id}). Filters: deliveryStatus, productType, buyerId, q on the product name.",
    schema: { querystring: sellerOrderSearchQuerySchema, response: { 200: list } },
  },
  get: {
    method: 'GET',
    path: '/orders/:id',
    access: 'user',
    description: "One order, for its buyer, its seller or an admin (anyone else → 404). An operator opening someone else's order (its delivery address) is an audited read (`order.read`, subject: the buyer).",
    operatorRead: true,
    schema: { params: uuidParamSchema, response: { 200: one } },
  },
  update: {
    method: 'PUT',
    path: '/orders/:id/update',
    access: 'performerOrAdmin',
    description:
      "The seller or an admin moves the delivery: processing → shipping (trackingCode required) → delivered; processing or shipping → refunded: the sale is reversed in the ledger exactly once (the fan's wallet gets the total back, the creator's net and the site's commission are taken back) and physical stock is restocked; a second refund → 409. The creator's earnings too low (paid out) → 422. Other moves → 409. Another creator's order → 404. The buyer is notified.",
    schema: { params: uuidParamSchema, body: updateOrderSchema, response: { 200: one } },
  },
  updateAddress: {
    method: 'PUT',
    path: '/orders/:id/update/delivery-address',
    access: 'user',
    description:
      "The buyer changes the delivery address of a physical order while it is processing (else 409) to one of their own addresses (another user's → 404); the order keeps a copy. Anyone else → 404.",
    schema: { params: uuidParamSchema, body: updateOrderAddressSchema, response: { 200: one } },
  },
});
