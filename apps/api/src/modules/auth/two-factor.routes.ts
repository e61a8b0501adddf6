import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import type { Config } from '../../config';
import type { AuthService } from './auth.service';
import type { TwoFactorService } from './two-factor.service';

/** What the two-factor routes are given by the composition root (by closure). */
export interface TwoFactorRoutesDeps {
  auth: AuthService;
  config: Config;
  twoFactor: TwoFactorService;
}

/** Two-factor authentication: the code step of a sign-in and the account's setup. Rules: README.md. Contracts: packages/shared/src/routes/auth.ts. */
export const twoFactorRoutes = (deps: TwoFactorRoutesDeps) => async (app: ZodApp) => {
  const r = routes.auth;
  const { auth, twoFactor } = deps;
  /** Per client address like the password step; wrong codes are also counted per challenge, address and account (the service). */
  const limited = { rateLimit: { max: deps.config.RATE_LIMIT_AUTH_MAX, timeWindow: '1 minute' } };

  handle(app, r.loginTwoFactor, async (req) => ({ data: await auth.completeTwoFactorLogin(req.body, req.ip) }), { config: limited });

  handle(app, r.twoFactorStatus, async (req) => ({ data: await twoFactor.status(currentUser(req)) }));

  handle(app, r.twoFactorSetup, async (req) => ({ data: await twoFactor.setup(currentUser(req)) }));

  handle(app, r.twoFactorEnable, async (req) => ({ data: await twoFactor.enable(currentUser(req), req.body.code, req.sessionId) }));

  handle(app, r.twoFactorDisable, async (req) => {
    await twoFactor.disable(currentUser(req), req.body);
    return { data: { success: true as const } };
  });

  handle(app, r.twoFactorRecoveryCodes, async (req) => ({ data: await twoFactor.regenerateRecoveryCodes(currentUser(req), req.body.code) }));
};
