import '../zod-config';
import { z } from 'zod';
import { envelope, idSchema } from '../api';
import { cartAddSchema, cartMergeSchema, cartQuantitySchema, cartSchema } from '../products';
import { defineRoutes } from './define';

const one = { 200: envelope(cartSchema) };
const productParam = z.object({ productId: idSchema });

/**
 * The fan's cart, kept on the server (issue 26 §4.5) — always the caller's own: no route names
 * another user's cart. Rules: apps/api/src/modules/orders/README.md "Cart".
 */
export const cart = defineRoutes('cart', {
  get: {
    method: 'GET',
    path: '/cart',
    access: 'user',
    description: "The caller's cart: its lines (productId, quantity), oldest first.",
    schema: { response: one },
  },
  add: {
    method: 'POST',
    path: '/cart/items',
    access: 'user',
    description: 'Adds units of a product the caller may buy (an existing line grows, capped at 99; the stock is checked at checkout). A product they may not see → 404, their own → 422, a 21st line → 422.',
    schema: { body: cartAddSchema, response: one },
  },
  set: {
    method: 'PUT',
    path: '/cart/items/:productId',
    access: 'user',
    description: "Sets a line's quantity (1–99; the line is made when missing, with the add rules).",
    schema: { params: productParam, body: cartQuantitySchema, response: one },
  },
  remove: {
    method: 'DELETE',
    path: '/cart/items/:productId',
    access: 'user',
    description: 'Removes a line (none: the same cart).',
    schema: { params: productParam, response: one },
  },
  merge: {
    method: 'POST',
    path: '/cart/merge',
    access: 'user',
    description: "Merges a guest cart (browser storage) into the caller's at sign-in: quantities add up (capped), lines the caller may not buy and lines past the 20-line limit are left out.",
    schema: { body: cartMergeSchema, response: one },
  },
});
