import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { perUser } from '../../platform/rate-key';
import { handle, type ZodApp } from '../../platform/routes';
import type { ReportsService } from './reports.service';

/** What the reports routes are given by the composition root (by closure). */
export interface ReportsRoutesDeps {
  reports: ReportsService;
}

/** Spec §7 Reports. Contracts: packages/shared/src/routes/reports.ts. */
export const reportsRoutes = (deps: ReportsRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.reports;
  const r = routes.reports;

  handle(app, r.create, async (req, reply) => reply.status(201).send({ data: await svc.create(currentUser(req), req.body) }), {
    config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perUser } },
  });

  handle(app, r.adminList, async (req) => ({ data: await svc.list(req.query) }));

  handle(app, r.adminUpdate, async (req) => ({ data: await svc.setStatus(req.params.id, req.body.status) }));
};
