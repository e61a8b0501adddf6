import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { ReactionsService } from './reactions.service';

/** What the reactions routes are given by the composition root (by closure). */
export interface ReactionsRoutesDeps {
  reactions: ReactionsService;
}

/** Spec §7 Likes and bookmarks. Contracts: packages/shared/src/routes/reactions.ts. */
export const reactionsRoutes = (deps: ReactionsRoutesDeps) => async (app: ZodApp) => {
  const svc = deps.reactions;
  const r = routes.reactions;

  handle(app, r.react, async (req) => ({ data: await svc.react(currentUser(req), req.body) }));

  handle(app, r.unreact, async (req) => ({ data: await svc.unreact(currentUser(req), req.body) }));

  handle(app, r.bookmarks, async (req) => ({ data: await svc.bookmarks(currentUser(req), req.params.type, req.query) }));
};
