import { routes } from '@stagepass/shared/routes';
import { auditActor } from '../../platform/audit';
import { handle, type ZodApp } from '../../platform/routes';
import { fingerprint, idempotencyKeyFrom, type Idempotency } from '../ledger/idempotency';
import type { PaymentsAdmin } from './payments.admin';
import type { RefundsService } from './refunds.service';

/** What the refunds routes are given by the composition root (by closure). */
export interface RefundsRoutesDeps {
  idempotency: Idempotency;
  payments: PaymentsAdmin;
  refunds: RefundsService;
}

/** Issue 29 §2, card payments and refunds to the card. Contracts: packages/shared/src/routes/disputes.ts; rules: README "Refunds to the card". */
export const refundsRoutes = (deps: RefundsRoutesDeps) => async (app: ZodApp) => {
  const r = routes.refunds;
  handle(app, r.payments, async (req) => ({ data: await deps.payments.list(req.query) }));
  handle(app, r.payment, async (req) => ({ data: await deps.payments.get(req.params.id) }));
  handle(app, r.refund, async (req, reply) => {
    const actor = auditActor(req);
    const key = idempotencyKeyFrom(req.headers['idempotency-key']);
    // twoPhase: the same key replays the first answer; the refund row is also found by the key, so a
    // retry after a lost answer asks the gateway again with the same refund (never a second one).
    const res = await deps.idempotency.twoPhase(actor.actorId, key, fingerprint('POST', req.url, req.body), async () => ({
      statusCode: 200,
      body: { data: await deps.payments.refundView(await deps.refunds.refund(actor, req.params.id, req.body, key)) },
    }));
    return reply.status(res.statusCode as 200).send(res.body);
  });
};
