import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { LabelsService } from './labels.service';
import type { GeoService } from '../geo/geo.service';

/** A creator's labels (README.md beside this file; contracts: packages/shared/src/routes/labels.ts). */
export const labelsRoutes = (deps: { labels: LabelsService; geo: Pick<GeoService, 'countryOfRequest'> }) => async (app: ZodApp) => {
  const svc = deps.labels;
  const r = routes.labels;
  handle(app, r.mine, async (req) => ({ data: await svc.mine(currentUser(req)) }));
  handle(app, r.create, async (req) => ({ data: await svc.create(currentUser(req), req.body) }));
  handle(app, r.rename, async (req) => ({ data: await svc.rename(currentUser(req), req.params.id, req.body) }));
  handle(app, r.remove, async (req) => {
    await svc.remove(currentUser(req), req.params.id);
    return { data: { success: true as const } };
  });
  handle(app, r.ofItem, async (req) => ({ data: await svc.ofItem(currentUser(req), req.params.kind, req.params.id) }));
  handle(app, r.setItem, async (req) => ({ data: await svc.setItem(currentUser(req), req.params.kind, req.params.id, req.body.labelIds) }));
  handle(app, r.ofCreator, async (req) => ({ data: await svc.ofCreator(req.user, req.params.username, { country: await deps.geo.countryOfRequest(req) }) }));
};
