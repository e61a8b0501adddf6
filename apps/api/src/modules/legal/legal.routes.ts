import { routes } from '@stagepass/shared/routes';
import { auditActor } from '../../platform/audit';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { LegalService } from './legal.service';

/** What the legal routes are given by the composition root (by closure). */
export interface LegalRoutesDeps {
  legal: LegalService;
}

/** Issue 28 §1 Age and terms. Contracts: packages/shared/src/routes/legal.ts. */
export const legalRoutes = (deps: LegalRoutesDeps) => async (app: ZodApp) => {
  const { legal } = deps;
  const r = routes.legal;

  handle(app, r.documents, async (req) => ({ data: await legal.documents(req.user) }));
  handle(app, r.accept, async (req) => ({ data: await legal.accept(currentUser(req), req.body, req.ip || null) }));
  handle(app, r.adminList, async () => ({ data: await legal.adminList() }));
  handle(app, r.adminPublish, async (req, reply) => reply.status(201).send({ data: await legal.publish(req.body, auditActor(req)) }));
};
