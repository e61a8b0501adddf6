import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  addSandboxCardSchema, addStripeCardSchema, cardSchema, envelope, listEnvelope, uuidParamSchema, okSchema,
  paymentTransactionSchema, paymentTransactionSearchSchema, topUpResultSchema, walletTopUpSchema,
} from '@stagepass/shared';
import { authenticated, currentUser } from '../../platform/auth';
import { fingerprint, idempotencyKeyFrom } from '../ledger/idempotency';
import type { UserLimits } from '../../platform/user-limits';
import type { Idempotency } from '../ledger/idempotency';
import type { PaymentsService } from './payments.service';

const idempotencyHeader = z.object({ 'idempotency-key': z.string().optional() }).passthrough();

/** What the payments routes are given by the composition root (by closure). */
export interface PaymentsRoutesDeps {
  idempotency: Idempotency;
  limits: UserLimits;
  payments: PaymentsService;
}

export const paymentsRoutes = (deps: PaymentsRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const svc = deps.payments;
  const tags = ['payments'];
  /** Card attempts (add a card, top up) per user: RATE_LIMIT_CARD_MAX per 15 minutes, then 429. */
  const cardAttempt = (req: FastifyRequest) => deps.limits.card(req);

  app.get(
    '/payment-cards',
    { preHandler: authenticated, schema: { tags, response: { 200: listEnvelope(cardSchema) }, description: 'The caller\'s saved cards on the active gateway, default first.' } },
    async (req) => {
      const data = await svc.listCards(currentUser(req));
      return { data: { data, total: data.length } };
    },
  );

  app.post(
    '/sandbox/cards',
    { preHandler: [authenticated, cardAttempt], schema: { tags, body: addSandboxCardSchema, response: { 201: envelope(cardSchema) }, description: 'Save a test card with the sandbox gateway (only when it is the active gateway). Test numbers: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds; 4000 0000 0000 0341 saves but every charge fails.' } },
    async (req, reply) => reply.status(201).send({ data: await svc.addCard(currentUser(req), 'sandbox', req.body) }),
  );

  app.post(
    '/stripe/cards',
    { preHandler: [authenticated, cardAttempt], schema: { tags, body: addStripeCardSchema, response: { 201: envelope(cardSchema) }, description: 'Save a card collected by Stripe Elements (a PaymentMethod id) on the caller\'s Stripe Customer.' } },
    async (req, reply) => reply.status(201).send({ data: await svc.addCard(currentUser(req), 'stripe', req.body) }),
  );

  app.delete(
    '/payment-cards/:id',
    { preHandler: authenticated, schema: { tags, params: uuidParamSchema, response: { 200: envelope(okSchema) }, description: 'Remove one of the caller\'s cards (others\' → 404). The newest remaining card becomes the default.' } },
    async (req) => {
      await svc.removeCard(currentUser(req), req.params.id);
      return { data: { success: true as const } };
    },
  );

  app.post(
    '/payment/wallet/top-up',
    { preHandler: [authenticated, cardAttempt], schema: { tags, headers: idempotencyHeader, body: walletTopUpSchema, response: { 200: envelope(topUpResultSchema) }, description: 'Charge a saved card and credit the wallet when the gateway confirms. amount within minimumWalletPrice..maximumWalletPrice. Idempotency-Key: the same key replays the first answer and never charges twice. Declined card → 422 with the gateway\'s message.' } },
    async (req, reply) => {
      const user = currentUser(req);
      const key = idempotencyKeyFrom(req.headers['idempotency-key']);
      const res = await deps.idempotency.twoPhase(user.id, key, fingerprint('POST', req.url, req.body), async () => ({ statusCode: 200, body: { data: await svc.topUp(user, req.body, key) } }));
      return reply.status(res.statusCode as 200).send(res.body);
    },
  );

  app.get(
    '/payment/transactions/user/search',
    { preHandler: authenticated, schema: { tags, querystring: paymentTransactionSearchSchema, response: { 200: listEnvelope(paymentTransactionSchema) }, description: 'The caller\'s own card payments (top-ups, subscription periods). Filters: type, status, fromDate, toDate.' } },
    async (req) => ({ data: await svc.search(currentUser(req).id, req.query) }),
  );
};
