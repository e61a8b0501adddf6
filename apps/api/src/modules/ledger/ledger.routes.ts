import { routes } from '@stagepass/shared/routes';
import type { Clock } from '../../platform/clock';
import { handle, type ZodApp } from '../../platform/routes';
import type { LedgerSearch } from './ledger.search';

/** What the ledger routes are given by the composition root (by closure). */
export interface LedgerRoutesDeps {
  clock: Clock;
  search: LedgerSearch;
}

/** The operator's transactions (GET /admin/transactions and its CSV). Contracts: packages/shared/src/routes/ledger.ts. */
export const ledgerRoutes = (deps: LedgerRoutesDeps) => async (app: ZodApp) => {
  const r = routes.ledger;

  handle(app, r.adminTransactions, async (req) => ({ data: await deps.search.search(req.query) }));

  handle(app, r.adminTransactionsCsv, async (req, reply) => {
    const day = deps.clock.now().toISOString().slice(0, 10);
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="transactions-${day}.csv"`).header('cache-control', 'no-store');
    return reply.send(deps.search.csv(req.query));
  });
};
