import { routes } from '@stagepass/shared/routes';
import { handle, type ZodApp } from '../../platform/routes';
import type { AuditLogService } from './audit-log.service';
import type { DashboardService } from './dashboard.service';

/** What the console's own routes are given by the composition root (by closure). */
export interface AdminRoutesDeps {
  auditLog: AuditLogService;
  dashboard: DashboardService;
}

/** Issue 14: the console home and the audit log (read only). Contracts: packages/shared/src/routes/admin.ts. */
export const adminRoutes = (deps: AdminRoutesDeps) => async (app: ZodApp) => {
  const r = routes.admin;
  handle(app, r.dashboard, async (req) => ({ data: await deps.dashboard.get(req.query) }));
  handle(app, r.auditLog, async (req) => ({ data: await deps.auditLog.list(req.query) }));
  handle(app, r.auditFacets, async () => ({ data: await deps.auditLog.facets() }));
};
