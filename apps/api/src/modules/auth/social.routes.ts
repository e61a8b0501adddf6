import { routes } from '@stagepass/shared/routes';
import { handle, type ZodApp } from '../../platform/routes';
import type { SocialService } from './social.service';
import type { Config } from '../../config';

/** What the social routes are given by the composition root (by closure). */
export interface SocialRoutesDeps {
  social: SocialService;
  config: Config;
}

/**
 * Social sign-in (Google, Twitter). Each answers 400 "not enabled" until the operator configures it.
 * Contracts: packages/shared/src/routes/auth.ts.
 */
export const socialRoutes = (deps: SocialRoutesDeps) => async (app: ZodApp) => {
  const r = routes.auth;
  const { config } = deps;
  const { social } = deps;
  const limited = { rateLimit: { max: config.RATE_LIMIT_AUTH_MAX, timeWindow: '1 minute' } };

  handle(app, r.googleLogin, async (req) => ({ data: await social.googleLogin(req.body, req.ip || null) }), { config: limited });
  handle(app, r.googleToken, async (req) => ({ data: await social.googleCode(req.body, req.ip || null) }), { config: limited });
  handle(app, r.twitterLogin, async (req) => ({ data: await social.twitterLogin(req.body) }), { config: limited });
  handle(app, r.twitterCallback, async (req) => ({ data: await social.twitterCallback(req.body, req.ip || null) }), { config: limited });
};
