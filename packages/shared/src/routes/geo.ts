import '../zod-config';
import { z } from 'zod';
import { defineRoutes } from './define';

/** Spec §7 Blocking: the site-wide country block. */
// OpenAPI tag `blocking` (country blocking), as it always was.
export const geo = defineRoutes('blocking', {
  check: {
    method: 'GET',
    path: '/block/countries/check',
    access: 'anyone',
    description: "Is the visitor's country blocked site-wide? Reads `x-client-ip` (set by the web server from x-forwarded-for / x-real-ip), else the request address.",
    schema: { response: { 200: z.object({ data: z.object({ blocked: z.boolean(), country: z.string().nullable() }) }) } },
  },
});
