import { routes } from '@stagepass/shared/routes';
import type { Database } from '../../db/client';
import { handle, type ZodApp } from '../../platform/routes';

/** What the health routes are given by the composition root (by closure). */
export interface HealthRoutesDeps {
  database: Database;
}

export const healthRoutes = (deps: HealthRoutesDeps) => async (app: ZodApp) => {
  handle(app, routes.health.live, async () => ({ status: 'ok' as const }));
  handle(app, routes.health.ready, async (_req, reply) => {
    try {
      await deps.database.ping();
      return { status: 'ready', database: deps.database.kind };
    } catch (err) {
      app.log.warn({ err }, 'readiness: database unreachable');
      return reply.status(503).send({ statusCode: 503, error: 'Service Unavailable', message: 'Database unreachable' });
    }
  });
};
