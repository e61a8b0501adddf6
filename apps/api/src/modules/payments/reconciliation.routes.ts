import { routes } from '@stagepass/shared/routes';
import { auditActor } from '../../platform/audit';
import { handle, type ZodApp } from '../../platform/routes';
import type { ReconciliationService } from './reconciliation.service';

/** What the reconciliation routes are given by the composition root (by closure). */
export interface ReconciliationRoutesDeps {
  reconciliation: ReconciliationService;
}

/** Issue 29 §5, reconciliation. Contracts: packages/shared/src/routes/reconciliation.ts; rules: README "Reconciliation". */
export const reconciliationRoutes = (deps: ReconciliationRoutesDeps) => async (app: ZodApp) => {
  const r = routes.reconciliation;
  handle(app, r.runs, async (req) => ({ data: await deps.reconciliation.list(req.query) }));
  handle(app, r.run, async (req) => ({ data: await deps.reconciliation.get(req.params.id) }));
  handle(app, r.mismatches, async (req) => ({ data: await deps.reconciliation.mismatches(req.params.id, req.query) }));
  handle(app, r.start, async (req) => ({ data: await deps.reconciliation.start(auditActor(req), req.body) }));
};
