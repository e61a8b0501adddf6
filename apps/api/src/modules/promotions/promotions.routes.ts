import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { PromotionsService } from './promotions.service';

/** Promotions and free-trial links (README.md beside this file; contracts: packages/shared/src/routes/promotions.ts). */
export const promotionsRoutes = (deps: { promotions: PromotionsService }) => async (app: ZodApp) => {
  const svc = deps.promotions;
  const r = routes.promotions;
  handle(app, r.mine, async (req) => ({ data: await svc.mine(currentUser(req), req.query) }));
  handle(app, r.create, async (req) => ({ data: await svc.create(currentUser(req), req.body) }));
  handle(app, r.end, async (req) => ({ data: await svc.end(currentUser(req), req.params.id) }));
  handle(app, r.ofPerformer, async (req) => ({ data: await svc.ofPerformer(req.params.performerId) }));
  handle(app, r.trialLink, async (req) => ({ data: await svc.trialLink(req.params.code) }));
};
