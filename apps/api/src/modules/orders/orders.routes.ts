import { routes } from '@stagepass/shared/routes';
import { auditActor, operatorRead } from '../../platform/audit';
import { currentUser, isAdmin } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { OrdersService } from './orders.service';

/** What the orders routes are given by the composition root (by closure). */
export interface OrdersRoutesDeps {
  orders: OrdersService;
}

/** Spec §7 Orders. Thin: contract (packages/shared/src/routes/orders.ts), service. Rules: README.md beside this file. */
export const ordersRoutes = (deps: OrdersRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.orders;
  const r = routes.orders;

  handle(app, r.searchOwn, async (req) => ({ data: await svc.searchOwn(currentUser(req), req.query) }));

  handle(app, r.search, async (req) => ({ data: await svc.searchSeller(currentUser(req), req.query) }));

  handle(app, r.get, async (req) => ({ data: await svc.view(await svc.get(currentUser(req), req.params.id, operatorRead(req))) }));

  handle(app, r.update, async (req) => {
    const user = currentUser(req);
    // An operator's change is audited (in the change's transaction).
    return { data: await svc.view(await svc.update(user, req.params.id, req.body, isAdmin(user) ? auditActor(req) : undefined)) };
  });

  handle(app, r.updateAddress, async (req) => ({ data: await svc.view(await svc.updateAddress(currentUser(req), req.params.id, req.body)) }));
};
