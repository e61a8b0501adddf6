import '../zod-config';
import { envelope, listEnvelope } from '../api';
import {
  reconciliationMismatchSchema, reconciliationMismatchSearchSchema, reconciliationRunBodySchema, reconciliationRunIdSchema, reconciliationRunSchema, reconciliationRunSearchSchema,
} from '../reconciliation';
import { defineRoutes } from './define';

/**
 * Issue 29 §5, reconciliation: the gateway's balance transactions of a period against the ledger
 * (apps/api/src/modules/payments/README.md "Reconciliation"). Operators only; running one is audited.
 */
export const reconciliation = defineRoutes('reconciliation', {
  runs: {
    method: 'GET',
    path: '/admin/reconciliation/runs',
    access: 'admin',
    description:
      'Operator: reconciliation runs, newest first, paginated — the nightly job\'s (the previous UTC day) and the operators\' — each with its gateway, period, status, totals and number of mismatches; `current` marks the latest finished run of its gateway and period (a re-run keeps the older ones as versions).',
    schema: { querystring: reconciliationRunSearchSchema, response: { 200: listEnvelope(reconciliationRunSchema) } },
  },
  run: {
    method: 'GET',
    path: '/admin/reconciliation/runs/:id',
    access: 'admin',
    description: 'Operator: one reconciliation run with its totals.',
    schema: { params: reconciliationRunIdSchema, response: { 200: envelope(reconciliationRunSchema) } },
  },
  mismatches: {
    method: 'GET',
    path: '/admin/reconciliation/runs/:id/mismatches',
    access: 'admin',
    description:
      "Operator: a run's mismatches, oldest first, paginated (filter: kind missing_in_ledger | missing_at_gateway | amount_differs | fee_differs): the gateway's reference and balance transactions, the ledger's movements, both amounts and fees, the payment or dispute it is about, and what to do.",
    schema: { params: reconciliationRunIdSchema, querystring: reconciliationMismatchSearchSchema, response: { 200: listEnvelope(reconciliationMismatchSchema) } },
  },
  start: {
    method: 'POST',
    path: '/admin/reconciliation/runs',
    access: 'admin',
    description:
      "Operator: reconcile the active gateway for a period now (fromDate..toDate, inclusive UTC days, at most 31, none after today): its balance transactions (Stripe: balanceTransactions.list; the sandbox: its own record) against the ledger. Answers the finished run. A run of the same gateway and period under way → 409; a finished one is kept as an older version. Audited (reconciliation.run).",
    schema: { body: reconciliationRunBodySchema, response: { 200: envelope(reconciliationRunSchema) } },
  },
});
