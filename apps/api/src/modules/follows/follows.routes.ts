import { routes } from '@stagepass/shared/routes';
import { currentUser, isAdmin } from '../../platform/auth';
import { forbidden } from '../../platform/errors';
import { handle, type ZodApp } from '../../platform/routes';
import type { FollowsService } from './follows.service';

/** What the follows routes are given by the composition root (by closure). */
export interface FollowsRoutesDeps {
  follows: FollowsService;
}

/** Spec §7 Follows. Contracts: packages/shared/src/routes/follows.ts. */
export const followsRoutes = (deps: FollowsRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.follows;
  const r = routes.follows;

  handle(app, r.follow, async (req) => ({ data: await svc.follow(currentUser(req), req.params.id) }));
  handle(app, r.unfollow, async (req) => ({ data: await svc.unfollow(currentUser(req), req.params.id) }));
  handle(app, r.followers, async (req) => {
    const viewer = currentUser(req);
    const performerId = req.query.performerId ?? viewer.id;
    if (performerId !== viewer.id && !isAdmin(viewer)) throw forbidden('Only the creator can see their followers');
    return { data: await svc.followers(performerId, viewer.id, req.query) };
  });
  handle(app, r.following, async (req) => ({ data: await svc.following(currentUser(req).id, req.query) }));
};
