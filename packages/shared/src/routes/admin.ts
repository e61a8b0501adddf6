import '../zod-config';
import { envelope, listEnvelope } from '../api';
import { auditEntrySchema, auditFacetsSchema, auditLogQuerySchema } from '../audit-log';
import { dashboardQuerySchema, dashboardSchema } from '../admin-dashboard';
import { defineRoutes } from './define';

/** Issue 14, the operator console's own routes: its home (dashboard) and the audit log (read only: no update or delete route exists). */
export const admin = defineRoutes('admin', {
  dashboard: {
    method: 'GET',
    path: '/admin/dashboard',
    access: 'admin',
    description:
      'Operator: the console home for a range of UTC days (range today|7d|30d, or fromDate+toDate): sign-ups (fans, creators), gross sales and commission by type (refunds net out), a daily series; and, as of now, active subscriptions, payout requests awaiting payment (count, amount), open reports, creators awaiting verification.',
    schema: { querystring: dashboardQuerySchema, response: { 200: envelope(dashboardSchema) } },
  },
  auditLog: {
    method: 'GET',
    path: '/admin/audit-log',
    access: 'admin',
    description:
      'Operator: the audit log, newest first, paginated; filters actor (id or username), action (exact, or a domain with a trailing dot: "user."), targetType, targetId, fromDate/toDate, q. Entries are written by the admin actions in their own transactions and can never be changed or deleted.',
    schema: { querystring: auditLogQuerySchema, response: { 200: listEnvelope(auditEntrySchema) } },
  },
  auditFacets: {
    method: 'GET',
    path: '/admin/audit-log/facets',
    access: 'admin',
    description: 'Operator: the action names and target types recorded so far (the audit log filters offer them).',
    schema: { response: { 200: envelope(auditFacetsSchema) } },
  },
});
