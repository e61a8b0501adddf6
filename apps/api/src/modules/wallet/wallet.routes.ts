import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, listEnvelope, walletChargeBodySchema, walletChargeParamsSchema, walletChargeResultSchema, walletChargeSchema, walletChargeSearchSchema } from '@stagepass/shared';
import { authenticated, currentUser } from '../../platform/auth';
import { fingerprint, idempotencyKeyFrom } from '../ledger/idempotency';
import type { WalletService } from './wallet.service';

/** What the wallet routes are given by the composition root (by closure). */
export interface WalletRoutesDeps {
  wallet: WalletService;
}

export const walletRoutes = (deps: WalletRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const svc = deps.wallet;
  const tags = ['wallet'];

  app.post(
    '/wallet/charges/:kind/:id',
    {
      preHandler: authenticated,
      schema: {
        tags,
        params: walletChargeParamsSchema,
        headers: z.object({ 'idempotency-key': z.string().optional() }).passthrough(),
        body: walletChargeBodySchema.nullish(),
        response: { 200: envelope(walletChargeResultSchema) },
        description:
          'Spend wallet balance. tip/{performerId or username}: body {price (within the tip limits), message?}. feed/{feedId} (and, as they arrive, product, video, gallery, message, stream): the item\'s price, optional couponCode. Already bought → 409; own item → 422; balance too low → 422 (nothing written); a kind not yet on sale → 422. Idempotency-Key replays the first answer.',
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const body = req.body ?? {};
      const key = idempotencyKeyFrom(req.headers['idempotency-key']);
      const res = await svc.charge(user, req.params.kind, req.params.id, body, key, fingerprint('POST', req.url, body));
      return reply.status(res.statusCode as 200).send({ data: res.body });
    },
  );

  app.get(
    '/wallet/charges/search',
    { preHandler: authenticated, schema: { tags, querystring: walletChargeSearchSchema, response: { 200: listEnvelope(walletChargeSchema) }, description: 'The caller\'s own wallet spending (tips and purchases). Filters: type, fromDate, toDate.' } },
    async (req) => ({ data: await svc.search(currentUser(req).id, req.query) }),
  );
};
