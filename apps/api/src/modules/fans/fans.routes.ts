import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { FansService } from './fans.service';

/** A creator's fans (README.md beside this file; contracts: packages/shared/src/routes/fans.ts). */
export const fansRoutes = (deps: { fans: FansService }) => async (app: ZodApp) => {
  const svc = deps.fans;
  const r = routes.fans;
  handle(app, r.list, async (req) => ({ data: await svc.list(currentUser(req), req.query) }));
  handle(app, r.update, async (req) => ({ data: await svc.update(currentUser(req), req.params.fanId, req.body) }));
};
