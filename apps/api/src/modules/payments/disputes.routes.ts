import { routes } from '@stagepass/shared/routes';
import { auditActor, operatorRead } from '../../platform/audit';
import { handle, type ZodApp } from '../../platform/routes';
import type { DisputesAdmin } from './disputes.admin';

/** What the disputes routes are given by the composition root (by closure). */
export interface DisputesRoutesDeps {
  disputes: DisputesAdmin;
}

/** Issue 29 §1, the operator's disputes. Contracts: packages/shared/src/routes/disputes.ts; rules: README "Disputes". */
export const disputesRoutes = (deps: DisputesRoutesDeps) => async (app: ZodApp) => {
  const r = routes.disputes;
  handle(app, r.list, async (req) => ({ data: await deps.disputes.list(req.query) }));
  handle(app, r.get, async (req) => ({ data: await deps.disputes.detail(req.params.id, operatorRead(req)) }));
  handle(app, r.submitEvidence, async (req) => ({ data: await deps.disputes.submitEvidence(auditActor(req), req.params.id, req.body) }));
  handle(app, r.sandboxDispute, async (req) => ({ data: await deps.disputes.simulate(auditActor(req), req.body) }));
};
