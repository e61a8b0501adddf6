import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /performer/earning/stats|search|export/csv — being built. */
export const earningsRoutes: FastifyPluginAsyncZod = async () => {};
