import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { BlocksService } from './blocks.service';

/** What the blocks routes are given by the composition root (by closure). */
export interface BlocksRoutesDeps {
  blocks: BlocksService;
}

/** Spec §7 Blocking (users and a creator's countries). Rules: README.md beside this file. */
export const blocksRoutes = (deps: BlocksRoutesDeps) => async (app: ZodApp) => {
  const { blocks } = deps;
  const r = routes.blocks;
  handle(app, r.blockUser, async (req) => ({ data: await blocks.block(currentUser(req), req.body) }));
  handle(app, r.listUsers, async (req) => ({ data: await blocks.list(currentUser(req), req.query) }));
  handle(app, r.status, async (req) => ({ data: await blocks.status(currentUser(req), req.params.id) }));
  handle(app, r.unblockUser, async (req) => ({ data: await blocks.unblock(currentUser(req), req.params.id) }));
  handle(app, r.setCountries, async (req) => ({ data: { countries: await blocks.setCountries(currentUser(req), req.body.countries) } }));
  handle(app, r.countries, async (req) => ({ data: { countries: await blocks.countries(currentUser(req).id) } }));
};
