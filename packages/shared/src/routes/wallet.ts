import '../zod-config';
import { z } from 'zod';
import { envelope, listEnvelope } from '../api';
import { walletChargeBodySchema, walletChargeParamsSchema, walletChargeResultSchema, walletChargeSchema, walletChargeSearchSchema } from '../wallet';
import { defineRoutes } from './define';

/** Spec §7 Wallet: spending the wallet balance (top-ups are payments routes). */
export const wallet = defineRoutes('wallet', {
  charge: {
    method: 'POST',
    path: '/wallet/charges/:kind/:id',
    access: 'user',
    description:
      "Spend wallet balance. tip/{performerId or username}: body {price (within the tip limits), message?}. feed/{feedId} (and, as they arrive, product, video, gallery, message, stream): the item's price, optional couponCode. Already bought → 409; own item → 422; balance too low → 422 (nothing written); a kind not yet on sale → 422. Idempotency-Key replays the first answer.",
    schema: {
      params: walletChargeParamsSchema,
      headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
      body: walletChargeBodySchema.nullish(),
      response: { 200: envelope(walletChargeResultSchema) },
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
