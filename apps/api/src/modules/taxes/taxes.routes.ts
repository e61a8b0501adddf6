import { routes } from '@stagepass/shared/routes';
import { operatorRead } from '../../platform/audit';
import { currentUser, twoFactorOn } from '../../platform/auth';
import { unauthorized } from '../../platform/errors';
import { handle, type ZodApp } from '../../platform/routes';
import type { TaxDetailsService } from './taxes.service';

/** What the taxes routes are given by the composition root (by closure). */
export interface TaxesRoutesDeps {
  taxes: TaxDetailsService;
}

/** A creator's tax details and the operator's audited read. Rules: README.md; contracts: packages/shared/src/routes/taxes.ts. */
export const taxesRoutes = (deps: TaxesRoutesDeps) => async (app: ZodApp) => {
  const r = routes.taxes;
  handle(app, r.get, async (req) => ({ data: await deps.taxes.get(currentUser(req).id) }));
  // Like bank details: changing them needs two-factor authentication on (403 otherwise).
  handle(app, r.put, async (req) => ({ data: await deps.taxes.put(currentUser(req), req.body) }), { preHandler: twoFactorOn });
  handle(app, r.adminGet, async (req) => {
    const op = operatorRead(req);
    if (!op) throw unauthorized();
    return { data: await deps.taxes.adminGet(op, req.params.id) };
  });
};
