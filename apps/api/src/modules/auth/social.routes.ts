import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@stagepass/shared';
import { badRequest } from '../../platform/errors';

/** Social sign-in (Google, Twitter): filled in by social.service.ts. Until configured: 400. */
export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [path, provider] of [['/auth/google/login', 'Google'], ['/auth/google/token', 'Google'], ['/auth/twitter/login', 'Twitter'], ['/auth/twitter/callback', 'Twitter']] as const) {
    app.post(path, { schema: { tags: ['auth'] } }, async () => {
      throw badRequest(MESSAGES.socialNotConfigured(provider));
    });
  }
};
