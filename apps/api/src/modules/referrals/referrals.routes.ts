import { routes } from '@stagepass/shared/routes';
import { auditActor } from '../../platform/audit';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { ReferralsService } from './referrals.service';

/** Creator referrals (README.md beside this file; contracts: packages/shared/src/routes/referrals.ts). */
export const referralsRoutes = (deps: { referrals: ReferralsService }) => async (app: ZodApp) => {
  const svc = deps.referrals;
  const r = routes.referrals;
  handle(app, r.mine, async (req) => ({ data: await svc.mine(currentUser(req), req.query) }));
  handle(app, r.code, async (req) => ({ data: await svc.codeInfo(req.params.code) }));
  handle(app, r.adminList, async (req) => ({ data: await svc.adminList(req.query) }));
  handle(app, r.adminVoid, async (req) => ({ data: await svc.void(auditActor(req), req.params.id, req.body.reason) }));
};
