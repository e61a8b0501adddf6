import type { FastifyRequest } from 'fastify';

/**
 * Rate-limit key for the social write routes: the signed-in user (the session is resolved in a
 * global onRequest hook, before route-level rate limiting), else the client address. Counters
 * live in Redis when REDIS_URL is set, so the limit holds across API nodes.
 */
export const perUser = (req: FastifyRequest) => (req.user ? `u:${req.user.id}` : `ip:${req.ip}`);
