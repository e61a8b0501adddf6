import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@stagepass/shared';
import { HttpError } from './errors';

export const USER_LIMIT_WINDOW_MS = 15 * 60 * 1000;

/** A per-user limiter: call it (after the guard) each time the limited action is attempted. */
export type UserLimiter = (req: FastifyRequest) => Promise<void>;

/**
 * At most `max` attempts per signed-in user in 15 minutes for one kind of action (`name`),
 * counted in the @fastify/rate-limit store (Redis when REDIS_URL is set, so every API node shares
 * the count); the next attempt answers 429 `MESSAGES.rateLimited`.
 */
export function userLimiter(app: FastifyInstance, name: string, max: number): UserLimiter {
  const check = app.createRateLimit({
    max,
    timeWindow: USER_LIMIT_WINDOW_MS,
    keyGenerator: (req) => `user:${name}:${req.user?.id ?? req.ip}`,
  });
  return async (req) => {
    const r = await check(req);
    if (!r.isAllowed && r.isExceeded) throw new HttpError(429, MESSAGES.rateLimited);
  };
}

/** The per-user limits the routes are given (built in app.ts once @fastify/rate-limit is registered) (config: RATE_LIMIT_PASSWORD_MAX, RATE_LIMIT_CARD_MAX). */
export interface UserLimits {
  password: UserLimiter;
  card: UserLimiter;
}

export function createUserLimits(app: FastifyInstance, config: { RATE_LIMIT_PASSWORD_MAX: number; RATE_LIMIT_CARD_MAX: number }): UserLimits {
  return {
    /** Anything that checks the current password: password change, e-mail change. */
    password: userLimiter(app, 'password', config.RATE_LIMIT_PASSWORD_MAX),
    /** Card attempts: adding a card, topping up the wallet. */
    card: userLimiter(app, 'card', config.RATE_LIMIT_CARD_MAX),
  };
}
