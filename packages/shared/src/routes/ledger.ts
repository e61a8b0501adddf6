import '../zod-config';
import { listEnvelope } from '../api';
import { adminTransactionExportSchema, adminTransactionSchema, adminTransactionSearchSchema } from '../admin-money';
import { defineRoutes } from './define';

const FILTERS =
  'type (wallet_topup, tip, purchase, subscription, payout, refund), itemType (what a sale was for), userId (either party: the fan or the creator), fromDate, toDate (a date-only toDate includes that whole UTC day), minAmount, maxAmount (decimals, inclusive), q (description or reference)';

/** The ledger's movements for the operator (console: Money → Transactions). Rules: apps/api/src/modules/ledger/README.md. */
export const ledger = defineRoutes('admin', {
  adminTransactions: {
    method: 'GET',
    path: '/admin/transactions',
    access: 'admin',
    description: `Operator: every money movement of the ledger (top-ups, tips, purchases by item type, subscriptions, payouts, refunds), newest first (sortBy createdAt|amount), with its entries, the site's commission and the creator's net. Filters: ${FILTERS}. minAmount > maxAmount or fromDate > toDate → 400.`,
    schema: { querystring: adminTransactionSearchSchema, response: { 200: listEnvelope(adminTransactionSchema) } },
  },
  /** A download: the browser fetches it (web: `downloadFromApi(routeHref(…))`), the answer is text/csv. */
  adminTransactionsCsv: {
    method: 'GET',
    path: '/admin/transactions/export.csv',
    access: 'admin',
    description: `Operator: the transactions list's rows (same filters and order, no pagination) as a streamed CSV download: date, id, type, item, reference, description, user, creator, amount, commission, creator net — money as exact decimals with two places. Filters: ${FILTERS}.`,
    schema: { querystring: adminTransactionExportSchema },
  },
});
