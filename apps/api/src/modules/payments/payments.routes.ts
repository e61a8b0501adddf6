import type { FastifyRequest } from 'fastify';
import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import { fingerprint, idempotencyKeyFrom } from '../ledger/idempotency';
import type { UserLimits } from '../../platform/user-limits';
import type { Idempotency } from '../ledger/idempotency';
import type { PaymentsService } from './payments.service';

/** What the payments routes are given by the composition root (by closure). */
export interface PaymentsRoutesDeps {
  idempotency: Idempotency;
  limits: UserLimits;
  payments: PaymentsService;
}

/** Spec §7 Payments: cards, top-ups, card payment history. Contracts: packages/shared/src/routes/payments.ts. */
export const paymentsRoutes = (deps: PaymentsRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.payments;
  const r = routes.payments;
  /** Card attempts (add a card, top up) per user: RATE_LIMIT_CARD_MAX per 15 minutes, then 429. */
  const cardAttempt = (req: FastifyRequest) => deps.limits.card(req);

  handle(app, r.cards, async (req) => {
    const data = await svc.listCards(currentUser(req));
    return { data: { data, total: data.length } };
  });

  handle(app, r.addSandboxCard, async (req, reply) => reply.status(201).send({ data: await svc.addCard(currentUser(req), 'sandbox', req.body) }), { preHandler: cardAttempt });

  handle(app, r.addStripeCard, async (req, reply) => reply.status(201).send({ data: await svc.addCard(currentUser(req), 'stripe', req.body) }), { preHandler: cardAttempt });

  handle(app, r.removeCard, async (req) => {
    await svc.removeCard(currentUser(req), req.params.id);
    return { data: { success: true as const } };
  });

  handle(
    app,
    r.topUp,
    async (req, reply) => {
      const user = currentUser(req);
      const key = idempotencyKeyFrom(req.headers['idempotency-key']);
      const res = await deps.idempotency.twoPhase(user.id, key, fingerprint('POST', req.url, req.body), async () => ({ statusCode: 200, body: { data: await svc.topUp(user, req.body, key) } }));
      return reply.status(res.statusCode as 200).send(res.body);
    },
    { preHandler: cardAttempt },
  );

  handle(app, r.transactions, async (req) => ({ data: await svc.search(currentUser(req).id, req.query) }));
};
