import { envelope, listEnvelope, uuidParamSchema } from '../api';
import { createReportSchema, reportSchema, reportsQuerySchema, updateReportSchema } from '../social';
import { defineRoutes } from './define';

/** Spec §7 Reports: users report content; the operator reviews (the operator's entries are tagged admin). */
export const reports = {
  ...defineRoutes('reports', {
    create: {
      method: 'POST',
      path: '/reports',
      access: 'user',
      description: 'Report a feed, creator, comment, … One open report per user and target (409 otherwise).',
      schema: { body: createReportSchema, response: { 201: envelope(reportSchema) } },
    },
  }),
  ...defineRoutes('admin', {
    adminList: {
      method: 'GET',
      path: '/admin/reports',
      access: 'admin',
      description: 'Reports for the operator; filters status, target, targetId.',
      schema: { querystring: reportsQuerySchema, response: { 200: listEnvelope(reportSchema) } },
    },
    adminUpdate: {
      method: 'PUT',
      path: '/admin/reports/:id',
      access: 'admin',
      description: 'Resolve, dismiss or re-open a report.',
      schema: { params: uuidParamSchema, body: updateReportSchema, response: { 200: envelope(reportSchema) } },
    },
  }),
};
