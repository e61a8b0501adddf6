import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** POST /stripe/webhook and POST /stripe/accounts — being built. */
export const stripeRoutes: FastifyPluginAsyncZod = async () => {};
