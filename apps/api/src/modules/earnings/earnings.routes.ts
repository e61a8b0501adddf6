import type { FastifyReply } from 'fastify';
import { routes } from '@stagepass/shared/routes';
import { operatorRead } from '../../platform/audit';
import { currentUser } from '../../platform/auth';
import { unauthorized } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import { handle, type ZodApp } from '../../platform/routes';
import type { EarningsService } from './earnings.service';
import type { StatementFile, StatementsService } from './statements.service';

/** What the earnings routes are given by the composition root (by closure). */
export interface EarningsRoutesDeps {
  clock: Clock;
  earnings: EarningsService;
  statements: StatementsService;
}

/** GET /performer/earning/stats|search|export/csv and the statements. Contracts: packages/shared/src/routes/earnings.ts. */
export const earningsRoutes = (deps: EarningsRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.earnings;
  const r = routes.earnings;

  handle(app, r.stats, async (req) => {
    const performerId = await svc.resolvePerformer(currentUser(req), req.query.performerId);
    return { data: await svc.stats(performerId, req.query) };
  });

  handle(app, r.search, async (req) => {
    const performerId = await svc.resolvePerformer(currentUser(req), req.query.performerId);
    return { data: await svc.search(performerId, req.query) };
  });

  handle(app, r.exportCsv, async (req, reply) => {
    const performerId = await svc.resolvePerformer(currentUser(req), req.query.performerId);
    const day = deps.clock.now().toISOString().slice(0, 10);
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="earnings-${day}.csv"`).header('cache-control', 'no-store');
    return reply.send(svc.csv(performerId, req.query));
  });

  // ── Statements (README "Statements")
  const send = (reply: FastifyReply, f: StatementFile) =>
    reply.header('content-type', f.contentType).header('content-disposition', `attachment; filename="${f.fileName}"`).header('cache-control', 'no-store').send(f.body);

  handle(app, r.statement, async (req) => ({ data: (await deps.statements.build(currentUser(req).id, req.query.period)).statement }));

  handle(app, r.statementFile, async (req, reply) => send(reply, await deps.statements.file(currentUser(req).id, req.params.period, req.params.format)));

  handle(app, r.adminStatementFile, async (req, reply) => {
    const op = operatorRead(req);
    if (!op) throw unauthorized();
    return send(reply, await deps.statements.adminFile(op, req.params.id, req.params.period, req.params.format));
  });
};
