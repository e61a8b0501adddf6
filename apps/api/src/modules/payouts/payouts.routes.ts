import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Payout requests, creator payout settings and the operator's review — being built. */
export const payoutsRoutes: FastifyPluginAsyncZod = async () => {};
