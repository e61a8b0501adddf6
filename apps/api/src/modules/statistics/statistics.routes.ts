import type { FastifyReply } from 'fastify';
import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { Clock } from '../../platform/clock';
import { audienceCsv, contentCsv, earningsCsv } from './statistics.csv';
import type { StatisticsService } from './statistics.service';

/** Statistics (README.md beside this file; contracts: packages/shared/src/routes/statistics.ts). Creators see their own; operators the site's. */
export const statisticsRoutes = (deps: { statistics: StatisticsService; clock: Clock }) => async (app: ZodApp) => {
  const svc = deps.statistics;
  const r = routes.statistics;
  const csv = (reply: FastifyReply, name: string, body: string) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="statistics-${name}-${deps.clock.now().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(body);
  handle(app, r.earnings, async (req) => ({ data: await svc.earnings(currentUser(req).id, req.query) }));
  handle(app, r.audience, async (req) => ({ data: await svc.audience(currentUser(req).id, req.query) }));
  handle(app, r.content, async (req) => ({ data: await svc.content(currentUser(req).id, req.query) }));
  handle(app, r.earningsCsv, async (req, reply) => csv(reply, 'earnings', await earningsCsv(svc, currentUser(req).id, req.query)));
  handle(app, r.audienceCsv, async (req, reply) => csv(reply, 'audience', await audienceCsv(svc, currentUser(req).id, req.query)));
  handle(app, r.contentCsv, async (req, reply) => csv(reply, 'content', await contentCsv(svc, currentUser(req).id, req.query)));
  handle(app, r.siteEarnings, async (req) => ({ data: await svc.earnings(null, req.query) }));
  handle(app, r.siteAudience, async (req) => ({ data: await svc.audience(null, req.query) }));
  handle(app, r.siteContent, async (req) => ({ data: await svc.content(null, req.query) }));
  handle(app, r.siteEarningsCsv, async (req, reply) => csv(reply, 'earnings', await earningsCsv(svc, null, req.query)));
  handle(app, r.siteAudienceCsv, async (req, reply) => csv(reply, 'audience', await audienceCsv(svc, null, req.query)));
  handle(app, r.siteContentCsv, async (req, reply) => csv(reply, 'content', await contentCsv(svc, null, req.query)));
};
