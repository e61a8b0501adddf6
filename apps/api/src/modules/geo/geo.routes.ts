import { routes } from '@stagepass/shared/routes';
import { handle, type ZodApp } from '../../platform/routes';
import { clientIpOf, type GeoService } from './geo.service';

/** What the geo routes are given by the composition root (by closure). */
export interface GeoRoutesDeps {
  geo: GeoService;
}

/** The site-wide country block. Contracts: packages/shared/src/routes/geo.ts. */
export const geoRoutes = (deps: GeoRoutesDeps) => async (app: ZodApp) => {
  handle(app, routes.geo.check, async (req) => {
    return { data: await deps.geo.check(clientIpOf(req)) };
  });
};
