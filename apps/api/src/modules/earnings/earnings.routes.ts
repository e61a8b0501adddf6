import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { earningExportSchema, earningSchema, earningSearchSchema, earningStatsQuerySchema, earningStatsSchema, envelope, listEnvelope } from '@stagepass/shared';
import { currentUser, performerOrAdmin } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import type { EarningsService } from './earnings.service';

const ADMIN_NOTE = ' Admins pass performerId to read a creator\'s figures (a creator always gets their own; another creator\'s id → 403).';

/** What the earnings routes are given by the composition root (by closure). */
export interface EarningsRoutesDeps {
  clock: Clock;
  earnings: EarningsService;
}

/** GET /performer/earning/stats|search|export/csv. */
export const earningsRoutes = (deps: EarningsRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const svc = deps.earnings;
  const tags = ['earnings'];

  app.get(
    '/performer/earning/stats',
    {
      preHandler: performerOrAdmin,
      schema: {
        tags, querystring: earningStatsQuerySchema, response: { 200: envelope(earningStatsSchema) },
        description: `Totals over the filter (type, fromDate, toDate): gross, commission, net and a per-day series (UTC days, first to last day with a sale). paidOut, pending (pending + approved payout requests) and available (net earned − paid out − pending) are all time.${ADMIN_NOTE}`,
      },
    },
    async (req) => {
      const performerId = await svc.resolvePerformer(currentUser(req), req.query.performerId);
      return { data: await svc.stats(performerId, req.query) };
    },
  );

  app.get(
    '/performer/earning/search',
    {
      preHandler: performerOrAdmin,
      schema: {
        tags, querystring: earningSearchSchema, response: { 200: listEnvelope(earningSchema) },
        description: `The creator's sales, newest first by default: type, fromDate, toDate (a date-only toDate includes that day), q (description or the fan's username/name), sortBy createdAt|gross|net.${ADMIN_NOTE}`,
      },
    },
    async (req) => {
      const performerId = await svc.resolvePerformer(currentUser(req), req.query.performerId);
      return { data: await svc.search(performerId, req.query) };
    },
  );

  app.get(
    '/performer/earning/export/csv',
    {
      preHandler: performerOrAdmin,
      schema: {
        tags, querystring: earningExportSchema, produces: ['text/csv'],
        description: `The search's rows (same filters and order, no pagination) as a streamed CSV download: date, type, fan, description, gross, commission, net, commission %.${ADMIN_NOTE}`,
      },
    },
    async (req, reply) => {
      const performerId = await svc.resolvePerformer(currentUser(req), req.query.performerId);
      const day = deps.clock.now().toISOString().slice(0, 10);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="earnings-${day}.csv"`).header('cache-control', 'no-store');
      return reply.send(svc.csv(performerId, req.query));
    },
  );
};
