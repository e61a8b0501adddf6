import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { handle, type ZodApp } from '../../platform/routes';
import type { EarningsService } from './earnings.service';

/** What the earnings routes are given by the composition root (by closure). */
export interface EarningsRoutesDeps {
  clock: Clock;
  earnings: EarningsService;
}

/** GET /performer/earning/stats|search|export/csv. Contracts: packages/shared/src/routes/earnings.ts. */
export const earningsRoutes = (deps: EarningsRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.earnings;
  const r = routes.earnings;

  handle(app, r.stats, async (req) => {
    const performerId = await svc.resolvePerformer(currentUser(req), req.query.performerId);
    return { data: await svc.stats(performerId, req.query) };
  });

  handle(app, r.search, async (req) => {
    const performerId = await svc.resolvePerformer(currentUser(req), req.query.performerId);
    return { data: await svc.search(performerId, req.query) };
  });

  handle(app, r.exportCsv, async (req, reply) => {
    const performerId = await svc.resolvePerformer(currentUser(req), req.query.performerId);
    const day = deps.clock.now().toISOString().slice(0, 10);
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="earnings-${day}.csv"`).header('cache-control', 'no-store');
    return reply.send(svc.csv(performerId, req.query));
  });
};
