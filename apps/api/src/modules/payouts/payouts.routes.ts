import { routes } from '@stagepass/shared/routes';
import { auditActor } from '../../platform/audit';
import { currentUser, isAdmin, twoFactorOn } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { PayoutSettingsService } from './payout-settings.service';
import type { PayoutsService } from './payouts.service';

/** What the payouts routes are given by the composition root (by closure). */
export interface PayoutsRoutesDeps {
  payoutSettings: PayoutSettingsService;
  payouts: PayoutsService;
}

/** Payout requests, creator payout settings and the operator's review. Rules: README.md. Contracts: packages/shared/src/routes/payouts.ts. */
export const payoutsRoutes = (deps: PayoutsRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.payouts;
  const settings = deps.payoutSettings;
  const r = routes.payouts;

  handle(app, r.calculate, async (req) => ({ data: await svc.calculate(currentUser(req).id) }));

  // Money leaving the site and where it goes need two-factor authentication on (403 otherwise).
  const withTwoFactor = { preHandler: twoFactorOn };

  handle(app, r.create, async (req, reply) => reply.status(201).send({ data: await svc.create(currentUser(req), req.body) }), withTwoFactor);

  handle(app, r.update, async (req) => ({ data: await svc.update(currentUser(req), req.params.id, req.body) }), withTwoFactor);

  handle(app, r.search, async (req) => {
    const user = currentUser(req);
    return { data: await svc.search(isAdmin(user) ? null : user.id, req.query) };
  });

  handle(app, r.pendingReview, async (req) => ({ data: await svc.pendingReview(currentUser(req).id) }));

  handle(app, r.view, async (req) => {
    const user = currentUser(req);
    return { data: await svc.view(user, req.params.id, isAdmin(user)) };
  });

  // ── Operator ──────────────────────────────────────────────────────────────────────────────
  handle(app, r.adminList, async (req) => ({ data: await svc.search(null, req.query) }));

  handle(app, r.adminReview, async (req) => ({ data: await svc.review(auditActor(req), req.params.id, req.body) }));

  // ── Creator payout settings ───────────────────────────────────────────────────────────────
  handle(app, r.banking, async (req) => ({ data: await settings.getBanking(currentUser(req).id) }));
  handle(app, r.updateBanking, async (req) => ({ data: await settings.putBanking(currentUser(req).id, req.body) }), withTwoFactor);
  handle(app, r.gatewaySettings, async (req) => ({ data: await settings.getGateway(currentUser(req).id) }));
  handle(app, r.updateGatewaySettings, async (req) => ({ data: await settings.putGateway(currentUser(req).id, req.body) }), withTwoFactor);
};
