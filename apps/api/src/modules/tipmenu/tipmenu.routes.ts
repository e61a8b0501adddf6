import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import { fingerprint, idempotencyKeyFrom } from '../ledger/idempotency';
import type { GeoService } from '../geo/geo.service';
import type { TipMenuService } from './tipmenu.service';

/** The tip menu (README.md beside this file; contracts: packages/shared/src/routes/tipmenu.ts). */
export const tipMenuRoutes = (deps: { tipMenu: TipMenuService; geo: Pick<GeoService, 'countryOfRequest'> }) => async (app: ZodApp) => {
  const svc = deps.tipMenu;
  const r = routes.tipmenu;
  handle(app, r.mine, async (req) => ({ data: await svc.mine(currentUser(req)) }));
  handle(app, r.create, async (req) => ({ data: await svc.create(currentUser(req), req.body) }));
  handle(app, r.update, async (req) => ({ data: await svc.update(currentUser(req), req.params.id, req.body) }));
  handle(app, r.remove, async (req) => ({ data: await svc.remove(currentUser(req), req.params.id) }));
  handle(app, r.reorder, async (req) => ({ data: await svc.reorder(currentUser(req), req.body.ids) }));
  handle(app, r.ofPerformer, async (req) => ({ data: await svc.ofPerformer(req.params.performerId) }));
  handle(app, r.order, async (req, reply) => {
    const body = req.body ?? {};
    const key = idempotencyKeyFrom(req.headers['idempotency-key']);
    const res = await svc.order(currentUser(req), req.params.id, body, key, fingerprint('POST', req.url, body), await deps.geo.countryOfRequest(req));
    return reply.status(res.statusCode as 200).send({ data: res.body });
  });
  handle(app, r.received, async (req) => ({ data: await svc.received(currentUser(req), req.query) }));
  handle(app, r.myOrders, async (req) => ({ data: await svc.myOrders(currentUser(req), req.query) }));
  handle(app, r.done, async (req) => ({ data: await svc.markDone(currentUser(req), req.params.id) }));
};
