import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmEmailChangeSchema, currentUserSchema, forgotPasswordSchema, loginSchema, okSchema, registerPerformerSchema, registerUserSchema,
  resendVerificationSchema, resetPasswordSchema, tokenResponseSchema, updatePasswordSchema, verifyEmailSchema,
} from '@stagepass/shared';
import { authenticated, currentUser } from '../../platform/auth';
import { badRequest, zodDetails } from '../../platform/errors';
import { receiveMultipart } from '../../platform/uploads';
import { socialRoutes } from './social.routes';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Storage } from '../../platform/storage';
import type { UserLimits } from '../../platform/user-limits';
import type { PerformersService } from '../performers/performers.service';
import type { SettingsService } from '../settings/settings.service';
import type { UsersService } from '../users/users.service';
import type { AuthService } from './auth.service';
import type { SocialService } from './social.service';

const registeredSchema = z.object({ data: z.object({ user: currentUserSchema, verificationRequired: z.boolean(), message: z.string() }) });

/** What the auth routes are given by the composition root (by closure). */
export interface AuthRoutesDeps {
  social: SocialService;
  auth: AuthService;
  config: Config;
  db: Db;
  limits: UserLimits;
  performers: PerformersService;
  settings: SettingsService;
  storage: Storage;
  users: UsersService;
}

export const authRoutes = (deps: AuthRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const { auth, users, performers, settings, config } = deps;
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

  app.post(
    '/auth/users/register',
    {
      config: limited,
      schema: {
        tags: ['auth'], body: registerUserSchema, response: { 201: registeredSchema },
        description: 'A taken username → 409 (field `username`). A taken e-mail is not revealed: the answer is the one a new account gets, and that address is mailed a notice instead (see the auth README).',
      },
    },
    async (req, reply) => {
      if ((await auth.registrationConflict(req.body)) === 'email-taken') {
        return reply.status(201).send({ data: await registered(await auth.decoyRegistration(req.body, false)) });
      }
      const user = await auth.createAccount(req.body, { isPerformer: false });
      await auth.enqueueMail({ kind: 'verify-email', userId: user.id });
      return reply.status(201).send({ data: await registered(user) });
    },
  );

  app.post(
    '/auth/performers/register',
    {
      config: limited,
      schema: {
        tags: ['auth'], consumes: ['multipart/form-data'],
        description: 'Multipart: the fields of registerPerformerSchema, plus files `documentVerification` (photo of an ID document) and `idVerification` (selfie holding it), images or PDF up to 15 MB. Account, profile and documents are written together or not at all.',
        response: { 201: registeredSchema },
      },
    },
    async (req, reply) => {
      const upload = await receiveMultipart(req, { files: { idVerification: 'document', documentVerification: 'document' } });
      try {
        const parsed = registerPerformerSchema.safeParse(upload.fields);
        if (!parsed.success) throw badRequest('Some fields are not valid', zodDetails(parsed.error));
        const missing = ['idVerification', 'documentVerification'].filter((f) => !upload.files.some((x) => x.field === f));
        if (missing.length) throw badRequest('Please attach your identity documents', missing.map((field) => ({ field, message: 'Required' })));
        if ((await auth.registrationConflict(parsed.data)) === 'email-taken') {
          return reply.status(201).send({ data: await registered(await auth.decoyRegistration(parsed.data, true)) });
        }
        const keys: string[] = [];
        try {
          const user = await deps.db.transaction(async (tx) => {
            const u = await auth.createAccount(parsed.data, { isPerformer: true, tx });
            for (const f of upload.files) keys.push((await performers.addDocument(u.id, f.field as 'idVerification', f, tx)).storageKey);
            return u;
          });
          await auth.enqueueMail({ kind: 'verify-email', userId: user.id });
          return reply.status(201).send({ data: await registered(user) });
        } catch (err) {
          await Promise.all(keys.map((k) => deps.storage.delete(k)));
          throw err;
        }
      } finally {
        await upload.cleanup();
      }
    },
  );

  app.post(
    '/auth/login',
    { config: limited, schema: { tags: ['auth'], body: loginSchema, response: { 200: z.object({ data: tokenResponseSchema }) }, description: '`username` is a username or an e-mail. Token lifetime: 365 days with remember, else 1 day.' } },
    async (req) => ({ data: await auth.login(req.body) }),
  );

  app.post('/auth/logout', { preHandler: authenticated, schema: { tags: ['auth'], response: { 200: z.object({ data: okSchema }) } } }, async (req) => {
    await auth.revokeSession(req.sessionId!);
    return { data: { success: true as const } };
  });

  app.post(
    '/auth/email-verification',
    { config: limited, schema: { tags: ['auth'], body: resendVerificationSchema, response: { 200: z.object({ data: okSchema }) }, description: 'Queues a new verification link. Same answer, in the same time, whether or not the address exists (the lookup and mail run in a background job).' } },
    async (req) => {
      await auth.resendVerification(req.body.email);
      return { data: { success: true as const } };
    },
  );

  app.post(
    '/auth/email-verification/verify',
    { schema: { tags: ['auth'], body: verifyEmailSchema, response: { 200: z.object({ data: okSchema }) } } },
    async (req) => {
      await auth.verifyEmail(req.body.token);
      return { data: { success: true as const } };
    },
  );

  app.post(
    '/auth/users/forgot',
    { config: limited, schema: { tags: ['auth'], body: forgotPasswordSchema, response: { 200: z.object({ data: okSchema }) }, description: 'Queues a single-use reset link valid for one hour. Same answer, in the same time, whether or not the address exists (the lookup and mail run in a background job).' } },
    async (req) => {
      await auth.forgotPassword(req.body.email);
      return { data: { success: true as const } };
    },
  );

  app.post(
    '/auth/users/reset-password',
    { config: limited, schema: { tags: ['auth'], body: resetPasswordSchema, response: { 200: z.object({ data: okSchema }) } } },
    async (req) => {
      await auth.resetPassword(req.body.token, req.body.password);
      return { data: { success: true as const } };
    },
  );

  app.put(
    '/auth/users/me/password',
    {
      preHandler: [authenticated, (req) => deps.limits.password(req)],
      schema: {
        tags: ['auth'], body: updatePasswordSchema, response: { 200: z.object({ data: tokenResponseSchema }) },
        description: 'The only way to change the password while signed in. Needs `currentPassword` when the account has a password (attempts limited per user: RATE_LIMIT_PASSWORD_MAX per 15 minutes, then 429). Revokes every session, the calling one included, and answers a fresh token with the calling session\'s lifetime (remembered or not).',
      },
    },
    async (req) => ({ data: await auth.changePassword(currentUser(req), req.body, req.sessionId) }),
  );

  app.post(
    '/auth/email-change/confirm',
    {
      config: limited,
      schema: {
        tags: ['auth'], body: confirmEmailChangeSchema, response: { 200: z.object({ data: okSchema }) },
        description: 'Applies an e-mail change with the token mailed to the new address (PUT /users or /performers/me asked for it). Single use, valid 1 day; 400 otherwise; 409 if the address was taken meanwhile. The old address is told.',
      },
    },
    async (req) => {
      await auth.confirmEmailChange(req.body.token);
      return { data: { success: true as const } };
    },
  );

  await app.register(socialRoutes({ config: deps.config, social: deps.social }));
};
