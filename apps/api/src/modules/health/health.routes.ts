import { routes } from '@stagepass/shared/routes';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { notFound, unauthorized } from '../../platform/errors';
import { checkMetricsToken, metricsText } from '../../platform/metrics';
import { handle, type ZodApp } from '../../platform/routes';

/** What the health routes are given by the composition root (by closure). */
export interface HealthRoutesDeps {
  config: Pick<Config, 'METRICS_TOKEN'>;
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
  // Prometheus metrics on the API port, for a scraper holding METRICS_TOKEN only (README.md beside this file).
  handle(app, routes.health.metrics, async (req, reply) => {
    const token = deps.config.METRICS_TOKEN;
    if (!token) throw notFound();
    if (checkMetricsToken(req.headers.authorization, token) !== 'ok') {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized('A valid metrics token is required');
    }
    const { contentType, body } = await metricsText();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
};
