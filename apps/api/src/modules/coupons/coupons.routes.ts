import { routes } from '@stagepass/shared/routes';
import { auditActor } from '../../platform/audit';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { CouponsService } from './coupons.service';

/** What the coupons routes are given by the composition root (by closure). */
export interface CouponsRoutesDeps {
  coupons: CouponsService;
}

/** Spec §7 Coupons. Contracts: packages/shared/src/routes/coupons.ts. */
export const couponsRoutes = (deps: CouponsRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.coupons;
  const r = routes.coupons;

  handle(app, r.apply, async (req) => ({ data: await svc.check(req.params.code, currentUser(req).id, req.body?.performerId) }));

  handle(app, r.adminList, async (req) => ({ data: await svc.list(req.query) }));
  // Operator actions, each audited in its own transaction.
  handle(app, r.adminCreate, async (req, reply) => reply.status(201).send({ data: await svc.create(auditActor(req), req.body) }));
  handle(app, r.adminUpdate, async (req) => ({ data: await svc.update(auditActor(req), req.params.id, req.body) }));
  handle(app, r.adminRemove, async (req) => {
    await svc.remove(auditActor(req), req.params.id);
    return { data: { success: true as const } };
  });
};
