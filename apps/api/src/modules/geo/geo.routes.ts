import { routes } from '@stagepass/shared/routes';
import { handle, type ZodApp } from '../../platform/routes';
import type { GeoService } from './geo.service';

/** What the geo routes are given by the composition root (by closure). */
export interface GeoRoutesDeps {
  geo: GeoService;
}

/** The site-wide country block. Contracts: packages/shared/src/routes/geo.ts. */
export const geoRoutes = (deps: GeoRoutesDeps) => async (app: ZodApp) => {
  handle(app, routes.geo.check, async (req) => {
    const header = req.headers['x-client-ip'];
    const ip = (Array.isArray(header) ? header[0] : header) || req.ip;
    return { data: await deps.geo.check(ip) };
  });
};
