import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { CartService } from './cart.service';

/** The fan's cart (issue 26 §4.5). Thin: contract packages/shared/src/routes/cart.ts, rules in cart.service.ts. */
export const cartRoutes = (deps: { cart: CartService }) => async (app: ZodApp) => {
  const svc = deps.cart;
  const r = routes.cart;
  handle(app, r.get, async (req) => ({ data: await svc.get(currentUser(req).id) }));
  handle(app, r.add, async (req) => ({ data: await svc.add(currentUser(req), req.body) }));
  handle(app, r.set, async (req) => ({ data: await svc.set(currentUser(req), req.params.productId, req.body.quantity) }));
  handle(app, r.remove, async (req) => ({ data: await svc.remove(currentUser(req).id, [req.params.productId]) }));
  handle(app, r.merge, async (req) => ({ data: await svc.merge(currentUser(req), req.body.items) }));
};
