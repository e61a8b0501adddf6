import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { auditActor, operatorRead } from '../../platform/audit';
import { perUser } from '../../platform/rate-key';
import { handle, type ZodApp } from '../../platform/routes';
import type { ReportsService } from './reports.service';
import type { ReportQueueService } from './report-queue.service';
import type { ModerationService } from './moderation.service';

/** What the reports routes are given by the composition root (by closure). */
export interface ReportsRoutesDeps {
  reports: ReportsService;
  queue: ReportQueueService;
  moderation: ModerationService;
}

/** Spec §7 Reports, and the console's Reports and Content sections. Contracts: packages/shared/src/routes/reports.ts. */
export const reportsRoutes = (deps: ReportsRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.reports;
  const r = routes.reports;

  handle(app, r.create, async (req, reply) => reply.status(201).send({ data: await svc.create(currentUser(req), req.body) }), {
    config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: perUser } },
  });

  // Operator console (access 'admin': admins with two-factor authentication).
  handle(app, r.adminList, async (req) => ({ data: await deps.queue.list(req.query) }));
  handle(app, r.adminTarget, async (req) => ({ data: await deps.queue.detail(req.params.target, req.params.targetId, operatorRead(req)) }));
  handle(app, r.adminAct, async (req) => ({ data: await deps.queue.act(auditActor(req), req.params.target, req.params.targetId, req.body) }));
  handle(app, r.adminContent, async (req) => ({ data: await deps.moderation.list(req.query) }));
  handle(app, r.adminOpen, async (req) => ({ data: await deps.moderation.open(operatorRead(req)!, currentUser(req), req.params.kind, req.params.id, req.query) }));
  handle(app, r.adminHide, async (req) => ({ data: await deps.moderation.hide(auditActor(req), req.params.kind, req.params.id, req.body.reason) }));
  handle(app, r.adminUnhide, async (req) => ({ data: await deps.moderation.unhide(auditActor(req), req.params.kind, req.params.id) }));
};
