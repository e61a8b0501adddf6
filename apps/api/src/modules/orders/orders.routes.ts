import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
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

  handle(app, r.get, async (req) => ({ data: await svc.view(await svc.get(currentUser(req), req.params.id)) }));

  handle(app, r.update, async (req) => ({ data: await svc.view(await svc.update(currentUser(req), req.params.id, req.body)) }));

  handle(app, r.updateAddress, async (req) => ({ data: await svc.view(await svc.updateAddress(currentUser(req), req.params.id, req.body)) }));
};
