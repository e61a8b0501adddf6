import { MESSAGES, registerPerformerSchema, type CurrentUser, type RegisterPerformerInput } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { handle, type ZodApp } from '../../platform/routes';
import { badRequest, zodDetails } from '../../platform/errors';
import { receiveMultipart, type ReceivedFile } from '../../platform/uploads';
import { socialRoutes } from './social.routes';
import { twoFactorRoutes } from './two-factor.routes';
import type { Config } from '../../config';
import type { UserLimits } from '../../platform/user-limits';
import type { SettingsService } from '../settings/settings.service';
import type { UserRow } from '../users/users.tables';
import type { AuthService } from './auth.service';
import type { SocialService } from './social.service';
import type { TwoFactorService } from './two-factor.service';

/** What the auth routes are given by the composition root (by closure). */
export interface AuthRoutesDeps {
  social: SocialService;
  auth: AuthService;
  config: Config;
  limits: UserLimits;
  /**
   * A creator's registration, account and documents in one transaction (PerformersService.registerCreator):
   * the performers module depends on auth, so auth names the function, not the service (no cycle).
   */
  performers: { registerCreator(input: RegisterPerformerInput, documents: ReceivedFile[], ip: string | null): Promise<UserRow> };
  settings: SettingsService;
  twoFactor: TwoFactorService;
  /**
   * A new account as its owner sees it (UsersService.toCurrentUser). Only what the routes use: the
   * users module depends on auth, so auth names the function, not the service (no cycle).
   */
  users: { toCurrentUser(row: UserRow): CurrentUser };
}

/** Spec §7 Auth. Contracts: packages/shared/src/routes/auth.ts. */
export const authRoutes = (deps: AuthRoutesDeps) => async (app: ZodApp) => {
  const { auth, users, performers, settings, config } = deps;
  const r = routes.auth;
  /** Rate limit for credential endpoints: per client address, Redis-backed when REDIS_URL is set. */
  const limited = { rateLimit: { max: config.RATE_LIMIT_AUTH_MAX, timeWindow: '1 minute' } };

  /**
   * The answer to every accepted registration, real or not (F7): a taken e-mail gets the same
   * answer as a new account, and in both cases one mail job is queued (verification link, or
   * "someone tried to register with your address" to the owner) — nothing is mailed inline.
   */
  const registered = async (user: Awaited<ReturnType<typeof auth.createAccount>>) => {
    const verificationRequired = await settings.get('requireEmailVerification');
    return {
      user: users.toCurrentUser(user),
      verificationRequired,
      message: verificationRequired
        ? 'We sent you an e-mail: follow its link to verify your address, then log in.'
        : 'Your account is ready. We sent you an e-mail to verify your address.',
    };
  };

  handle(app, r.registerUser, async (req, reply) => {
    if ((await auth.registrationConflict(req.body)) === 'email-taken') {
      return reply.status(201).send({ data: await registered(await auth.decoyRegistration(req.body, false)) });
    }
    // The verification link is mailed by the handler of user.registered (auth.handlers.ts).
    const user = await auth.createAccount(req.body, { isPerformer: false, verifyEmail: true, ip: req.ip || null });
    return reply.status(201).send({ data: await registered(user) });
  }, { config: limited });

  handle(app, r.registerPerformer, async (req, reply) => {
    const upload = await receiveMultipart(req, { files: { idVerification: 'document', documentVerification: 'document' } });
    try {
      const parsed = registerPerformerSchema.safeParse(upload.fields);
      if (!parsed.success) throw badRequest('Some fields are not valid', zodDetails(parsed.error));
      const missing = ['idVerification', 'documentVerification'].filter((f) => !upload.files.some((x) => x.field === f));
      if (missing.length) throw badRequest('Please attach your identity documents', missing.map((field) => ({ field, message: 'Required' })));
      // The account and its documents in one transaction (PerformersService.registerCreator).
      const user = await performers.registerCreator(parsed.data, upload.files, req.ip || null);
      return reply.status(201).send({ data: await registered(user) });
    } finally {
      await upload.cleanup();
    }
  }, { config: limited });

  handle(app, r.login, async (req) => ({ data: await auth.login(req.body) }), { config: limited });

  handle(app, r.logout, async (req) => {
    await auth.revokeSession(req.sessionId!);
    return { data: { success: true as const } };
  });

  handle(app, r.resendVerification, async (req) => {
    await auth.resendVerification(req.body.email);
    return { data: { success: true as const } };
  }, { config: limited });

  handle(app, r.verifyEmail, async (req) => {
    const { alreadyVerified } = await auth.verifyEmail(req.body.token);
    return alreadyVerified ? { data: { success: true as const, alreadyVerified }, message: MESSAGES.emailAlreadyVerified } : { data: { success: true as const, alreadyVerified } };
  });

  handle(app, r.forgotPassword, async (req) => {
    await auth.forgotPassword(req.body.email);
    return { data: { success: true as const } };
  }, { config: limited });

  handle(app, r.resetPassword, async (req) => {
    await auth.resetPassword(req.body.token, req.body.password);
    return { data: { success: true as const } };
  }, { config: limited });

  handle(app, r.changePassword, async (req) => ({ data: await auth.changePassword(currentUser(req), req.body, req.sessionId) }), {
    preHandler: (req) => deps.limits.password(req),
  });

  handle(app, r.confirmEmailChange, async (req) => {
    await auth.confirmEmailChange(req.body.token);
    return { data: { success: true as const } };
  }, { config: limited });

  await app.register(socialRoutes({ config: deps.config, social: deps.social }));
  await app.register(twoFactorRoutes({ auth, config, twoFactor: deps.twoFactor }));
};
