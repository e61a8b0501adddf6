import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  currentUserSchema, forgotPasswordSchema, loginSchema, okSchema, registerPerformerSchema, registerUserSchema,
  resendVerificationSchema, resetPasswordSchema, tokenResponseSchema, updatePasswordSchema, verifyEmailSchema,
} from '@stagepass/shared';
import { authenticated, currentUser } from '../../platform/auth';
import { badRequest, zodDetails } from '../../platform/errors';
import { receiveMultipart } from '../../platform/uploads';
import { socialRoutes } from './social.routes';

const registeredSchema = z.object({ data: z.object({ user: currentUserSchema, verificationRequired: z.boolean(), message: z.string() }) });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, users, performers, settings, config } = app.ctx;
  /** Rate limit for credential endpoints: per client address, Redis-backed when REDIS_URL is set. */
  const limited = { rateLimit: { max: config.RATE_LIMIT_AUTH_MAX, timeWindow: '1 minute' } };

  const afterRegister = async (user: Awaited<ReturnType<typeof auth.createAccount>>) => {
    const mailed = await auth.trySendVerificationEmail(user);
    const verificationRequired = await settings.get('requireEmailVerification');
    return {
      user: users.toCurrentUser(user),
      verificationRequired,
      message: verificationRequired
        ? 'We sent you an e-mail: follow its link to verify your address, then log in.'
        : 'Your account is ready. We sent you an e-mail to verify your address.',
      ...(mailed ? {} : { message: 'Your account is ready, but we could not send the verification e-mail just now. Ask for a new link from the login page.' }),
    };
  };

  app.post(
    '/auth/users/register',
    { config: limited, schema: { tags: ['auth'], body: registerUserSchema, response: { 201: registeredSchema } } },
    async (req, reply) => {
      const user = await auth.createAccount(req.body, { isPerformer: false });
      return reply.status(201).send({ data: await afterRegister(user) });
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
        const keys: string[] = [];
        try {
          const user = await app.ctx.db.transaction(async (tx) => {
            const u = await auth.createAccount(parsed.data, { isPerformer: true, tx });
            for (const f of upload.files) keys.push((await performers.addDocument(u.id, f.field as 'idVerification', f, tx)).storageKey);
            return u;
          });
          return reply.status(201).send({ data: await afterRegister(user) });
        } catch (err) {
          await Promise.all(keys.map((k) => app.ctx.storage.delete(k)));
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
    { config: limited, schema: { tags: ['auth'], body: resendVerificationSchema, response: { 200: z.object({ data: okSchema }) }, description: 'Re-sends the verification link. Same answer whether or not the address exists.' } },
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
    { config: limited, schema: { tags: ['auth'], body: forgotPasswordSchema, response: { 200: z.object({ data: okSchema }) }, description: 'E-mails a single-use reset link valid for one hour. Same answer whether or not the address exists.' } },
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
      preHandler: authenticated,
      schema: {
        tags: ['auth'], body: updatePasswordSchema, response: { 200: z.object({ data: tokenResponseSchema }) },
        description: 'Needs `currentPassword` when the account has a password. Revokes every session, the calling one included, and answers a fresh token.',
      },
    },
    async (req) => {
      const user = currentUser(req);
      const remember = true;
      return { data: await auth.changePassword(user, req.body, remember) };
    },
  );

  await app.register(socialRoutes);
};
