import { envelope, listEnvelope } from '../api';
import { earningExportSchema, earningSchema, earningSearchSchema, earningStatsQuerySchema, earningStatsSchema } from '../earnings';
import { adminStatementFileParamsSchema, statementFileParamsSchema, statementQuerySchema, statementSchema } from '../statements';
import { defineRoutes } from './define';

const ADMIN_NOTE = " Admins pass performerId to read a creator's figures (a creator always gets their own; another creator's id → 403).";

/** Spec §7 Earnings: a creator's sales (an operator may read any creator's). */
export const earnings = {
  ...defineRoutes('earnings', {
    stats: {
      method: 'GET',
      path: '/performer/earning/stats',
      access: 'performerOrAdmin',
      description: `Totals over the filter (type, fromDate, toDate): gross, commission, net and a per-day series (UTC days, first to last day with a sale). paidOut, pending (pending + approved payout requests) and available (net earned − paid out − pending) are all time.${ADMIN_NOTE}`,
      schema: { querystring: earningStatsQuerySchema, response: { 200: envelope(earningStatsSchema) } },
    },
    search: {
      method: 'GET',
      path: '/performer/earning/search',
      access: 'performerOrAdmin',
      description: `The creator's sales, newest first by default: type, fromDate, toDate (a date-only toDate includes that day), q (description or the fan's username/name), sortBy createdAt|gross|net.${ADMIN_NOTE}`,
      schema: { querystring: earningSearchSchema, response: { 200: listEnvelope(earningSchema) } },
    },
    /** A download: the browser opens it (web: `routeHref`), the answer is text/csv. */
    exportCsv: {
      method: 'GET',
      path: '/performer/earning/export/csv',
      access: 'performerOrAdmin',
      description: `The search's rows (same filters and order, no pagination) as a streamed CSV download: date, type, fan, description, gross, commission, net, commission %.${ADMIN_NOTE}`,
      schema: { querystring: earningExportSchema },
    },
    statement: {
      method: 'GET',
      path: '/earnings/statements',
      access: 'performer',
      description:
        "The caller's earnings statement for a year (period=2026) or a month (period=2026-03), UTC: opening and closing balance, sales by kind (gross, commission, net), refunds and disputes, tax withheld, payouts paid, a year's months. A period not started yet → 400.",
      schema: { querystring: statementQuerySchema, response: { 200: envelope(statementSchema) } },
    },
    /** A download (web: downloadFromApi): application/pdf or text/csv. */
    statementFile: {
      method: 'GET',
      path: '/earnings/statements/:period.:format',
      access: 'performer',
      description: "The caller's statement as a file: .pdf (the summary, a year's months) or .csv (the summary, then every movement with the running balance; streamed).",
      schema: { params: statementFileParamsSchema },
    },
  }),
  // The operator's copy of a creator's statement (console: a creator's page).
  ...defineRoutes('admin', {
    adminStatementFile: {
      method: 'GET',
      path: '/admin/performers/:id/statements/:period.:format',
      access: 'admin',
      operatorRead: true,
      description: "Operator: a creator's statement as .pdf or .csv (as the creator gets it). An audited read: x-access-reason required. Not a creator → 404.",
      schema: { params: adminStatementFileParamsSchema },
    },
  }),
};
