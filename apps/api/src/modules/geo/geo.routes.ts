import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { GeoService } from './geo.service';

/** What the geo routes are given by the composition root (by closure). */
export interface GeoRoutesDeps {
  geo: GeoService;
}

export const geoRoutes = (deps: GeoRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/block/countries/check',
    {
      schema: {
        tags: ['blocking'],
        description: 'Is the visitor\'s country blocked site-wide? Reads `x-client-ip` (set by the web server from x-forwarded-for / x-real-ip), else the request address.',
        response: { 200: z.object({ data: z.object({ blocked: z.boolean(), country: z.string().nullable() }) }) },
      },
    },
    async (req) => {
      const header = req.headers['x-client-ip'];
      const ip = (Array.isArray(header) ? header[0] : header) || req.ip;
      return { data: await deps.geo.check(ip) };
    },
  );
};
