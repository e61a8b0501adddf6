import { routes } from '@stagepass/shared/routes';
import { auditActor } from '../../platform/audit';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { GeoService } from '../geo/geo.service';
import type { SalesTaxService } from './sales-tax.service';

/** What the sales tax routes are given by the composition root (by closure). */
export interface SalesTaxRoutesDeps {
  salesTax: SalesTaxService;
  geo: Pick<GeoService, 'countryOfRequest'>;
}

/** Sales tax: a fan's tax place and what applies to them; the operator's rules and report. Rules: README.md "Sales tax"; contracts: packages/shared/src/routes/taxes.ts. */
export const salesTaxRoutes = (deps: SalesTaxRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.salesTax;
  const r = routes.salesTax;
  handle(app, r.mine, async (req) => ({ data: await svc.mine(req.user?.id ?? null, await deps.geo.countryOfRequest(req)) }));
  handle(app, r.residence, async (req) => ({ data: await svc.residence(currentUser(req).id) }));
  handle(app, r.putResidence, async (req) => ({ data: await svc.putResidence(currentUser(req).id, req.body) }));

  handle(app, r.adminRules, async (req) => ({ data: await svc.list(req.query) }));
  // Operator changes, each audited in its own transaction.
  handle(app, r.adminCreateRule, async (req, reply) => reply.status(201).send({ data: await svc.create(auditActor(req), req.body) }));
  handle(app, r.adminUpdateRule, async (req) => ({ data: await svc.update(auditActor(req), req.params.id, req.body) }));
  handle(app, r.adminDeleteRule, async (req) => {
    await svc.remove(auditActor(req), req.params.id);
    return { data: { success: true as const } };
  });
  handle(app, r.adminReport, async (req) => ({ data: await svc.report(req.query) }));
  handle(app, r.adminReportCsv, async (req, reply) => {
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="sales-tax-${req.query.from}-to-${req.query.to}.csv"`).header('cache-control', 'no-store');
    return reply.send(await svc.reportCsv(req.query));
  });
};
