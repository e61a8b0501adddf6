import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createReportSchema, envelope, listEnvelope, reportSchema, reportsQuerySchema, updateReportSchema, uuidParamSchema } from '@stagepass/shared';
import { adminOnly, authenticated, currentUser } from '../../platform/auth';
import { perUser } from '../../platform/rate-key';
import type { ReportsService } from './reports.service';

/** What the reports routes are given by the composition root (by closure). */
export interface ReportsRoutesDeps {
  reports: ReportsService;
}

export const reportsRoutes = (deps: ReportsRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const svc = deps.reports;

  app.post(
    '/reports',
    {
      preHandler: authenticated,
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perUser } },
      schema: { tags: ['reports'], body: createReportSchema, response: { 201: envelope(reportSchema) }, description: 'Report a feed, creator, comment, … One open report per user and target (409 otherwise).' },
    },
    async (req, reply) => reply.status(201).send({ data: await svc.create(currentUser(req), req.body) }),
  );

  app.get(
    '/admin/reports',
    { preHandler: adminOnly, schema: { tags: ['admin'], querystring: reportsQuerySchema, response: { 200: listEnvelope(reportSchema) }, description: 'Reports for the operator; filters status, target, targetId.' } },
    async (req) => ({ data: await svc.list(req.query) }),
  );

  app.put(
    '/admin/reports/:id',
    { preHandler: adminOnly, schema: { tags: ['admin'], params: uuidParamSchema, body: updateReportSchema, response: { 200: envelope(reportSchema) }, description: 'Resolve, dismiss or re-open a report.' } },
    async (req) => ({ data: await svc.setStatus(req.params.id, req.body.status) }),
  );
};
