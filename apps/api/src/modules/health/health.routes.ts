import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';

/** What the health routes are given by the composition root (by closure). */
export interface HealthRoutesDeps {
  database: Database;
}

export const healthRoutes = (deps: HealthRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  app.get('/healthz', { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));
  app.get('/readyz', { schema: { tags: ['health'] } }, async (_req, reply) => {
    try {
      await deps.database.ping();
      return { status: 'ready', database: deps.database.kind };
    } catch (err) {
      app.log.warn({ err }, 'readiness: database unreachable');
      return reply.status(503).send({ statusCode: 503, error: 'Service Unavailable', message: 'Database unreachable' });
    }
  });
};
