import '../zod-config';
import { z } from 'zod';
import { envelope, listEnvelope, uuidParamSchema } from '../api';
import {
  tipMenuItemInputSchema, tipMenuItemPatchSchema, tipMenuItemSchema, tipMenuOrderBodySchema, tipMenuOrderResultSchema, tipMenuOrderSchema,
  tipMenuOrdersQuerySchema, tipMenuPerformerParamsSchema, tipMenuReorderSchema,
} from '../tip-menu';
import { defineRoutes } from './define';

/** Issue 31 §2: the tip menu (modules/tipmenu README). */
export const tipmenu = defineRoutes('tipmenu', {
  mine: {
    method: 'GET',
    path: '/tip-menu/mine',
    access: 'performer',
    description: "The caller's menu items in their order (active and not), each with its figures: orders and revenue (prices before tax).",
    schema: { response: { 200: envelope(z.array(tipMenuItemSchema)) } },
  },
  create: {
    method: 'POST',
    path: '/tip-menu/items',
    access: 'performer',
    description: `Adds an item at the end: name (≤ 60), price within the site's tip limits (400 otherwise), description?, keyword? (!letters/digits, unique per creator → 409), active? (default true). At most 30 items (422).`,
    schema: { body: tipMenuItemInputSchema, response: { 200: envelope(tipMenuItemSchema) } },
  },
  update: {
    method: 'PATCH',
    path: '/tip-menu/items/:id',
    access: 'performer',
    description: "Changes one of the caller's items (any field; keyword null removes it). Another creator's → 404. Past orders keep the name and price they were paid with.",
    schema: { params: uuidParamSchema, body: tipMenuItemPatchSchema, response: { 200: envelope(tipMenuItemSchema) } },
  },
  remove: {
    method: 'DELETE',
    path: '/tip-menu/items/:id',
    access: 'performer',
    description: "Deletes one of the caller's items; its orders stay (with the item's name). Another creator's → 404.",
    schema: { params: uuidParamSchema, response: { 200: envelope(z.object({ ok: z.boolean() })) } },
  },
  reorder: {
    method: 'POST',
    path: '/tip-menu/reorder',
    access: 'performer',
    description: "Sets the order of the caller's items: `ids` must be exactly the caller's item ids (400 otherwise).",
    schema: { body: tipMenuReorderSchema, response: { 200: envelope(z.array(tipMenuItemSchema)) } },
  },
  ofPerformer: {
    method: 'GET',
    path: '/tip-menu/performer/:performerId',
    access: 'anyone',
    description: "A creator's active menu items in their order (the profile, a conversation, a live stream). Unknown creator → empty list.",
    schema: { params: tipMenuPerformerParamsSchema, response: { 200: envelope(z.array(tipMenuItemSchema)) } },
  },
  order: {
    method: 'POST',
    path: '/tip-menu/items/:id/orders',
    access: 'user',
    description:
      "Orders an item: a tip of the item's price from the wallet (plus sales tax as tips get it), channel tip_menu, line \"Tip menu: <name>\", and the order row, in one transaction. note? (≤ 300); streamId? (the creator's live stream: the order shows in its chat and on screen). Creators 403; blocked either way 403; inactive or unknown item 404; balance too low 422 (nothing written). Idempotency-Key replays the first answer.",
    schema: {
      params: uuidParamSchema,
      headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
      body: tipMenuOrderBodySchema.nullish(),
      response: { 200: envelope(tipMenuOrderResultSchema) },
    },
  },
  received: {
    method: 'GET',
    path: '/tip-menu/orders/received',
    access: 'performer',
    description: "The caller's orders queue: pending first, then newest first (paginated; status filter).",
    schema: { querystring: tipMenuOrdersQuerySchema, response: { 200: listEnvelope(tipMenuOrderSchema) } },
  },
  myOrders: {
    method: 'GET',
    path: '/tip-menu/orders/mine',
    access: 'user',
    description: "The caller's own orders with their status, newest first (paginated; performerId and status filters).",
    schema: { querystring: tipMenuOrdersQuerySchema, response: { 200: listEnvelope(tipMenuOrderSchema) } },
  },
  done: {
    method: 'POST',
    path: '/tip-menu/orders/:id/done',
    access: 'performer',
    description: 'Marks one of the orders to the caller done (again: the same answer). Another creator\'s → 404.',
    schema: { params: uuidParamSchema, response: { 200: envelope(tipMenuOrderSchema) } },
  },
});
