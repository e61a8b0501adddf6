import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { googleLoginSchema, googleTokenSchema, tokenResponseSchema, twitterCallbackSchema, twitterLoginSchema } from '@stagepass/shared';
import { SocialService } from './social.service';
import type { Config } from '../../config';

const tokenAnswer = { 200: z.object({ data: tokenResponseSchema }) };

/** What the social routes are given by the composition root (by closure). */
export interface SocialRoutesDeps {
  social: SocialService;
  config: Config;
}

/** Social sign-in (Google, Twitter). Each answers 400 "not enabled" until the operator configures it. */
export const socialRoutes = (deps: SocialRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const { config } = deps;
  const { social } = deps;
  const limited = { rateLimit: { max: config.RATE_LIMIT_AUTH_MAX, timeWindow: '1 minute' } };

  app.post(
    '/auth/google/login',
    {
      config: limited,
      schema: {
        tags: ['auth'], body: googleLoginSchema, response: tokenAnswer,
        description: '`credential`: the ID token from Google Identity Services, verified against Google\'s keys with our client id as audience. Links or creates the account (see modules/auth/README.md). 400 when Google sign-in is not enabled, 401 when the token does not verify.',
      },
    },
    async (req) => ({ data: await social.googleLogin(req.body) }),
  );

  app.post(
    '/auth/google/token',
    {
      config: limited,
      schema: {
        tags: ['auth'], body: googleTokenSchema, response: tokenAnswer,
        description: 'Authorization-code flow: the code is exchanged at Google (with the client secret) and the returned ID token verified as in /auth/google/login. `redirectUri` is the one the code was issued for (`postmessage` for the GIS popup).',
      },
    },
    async (req) => ({ data: await social.googleCode(req.body) }),
  );

  app.post(
    '/auth/twitter/login',
    {
      config: limited,
      schema: {
        tags: ['auth'], body: twitterLoginSchema, response: { 200: z.object({ data: z.object({ url: z.string() }) }) },
        description: 'Starts OAuth 1.0a: answers the Twitter address to send the browser to. Twitter comes back to `callbackUrl` with `oauth_token` and `oauth_verifier` (valid 15 minutes, once).',
      },
    },
    async (req) => ({ data: await social.twitterLogin(req.body) }),
  );

  app.post(
    '/auth/twitter/callback',
    {
      config: limited,
      schema: {
        tags: ['auth'], body: twitterCallbackSchema, response: tokenAnswer,
        description: 'Finishes OAuth 1.0a with the parameters Twitter added to the callback address. 400 when the request token is unknown, used or expired. The role chosen at /auth/twitter/login applies.',
      },
    },
    async (req) => ({ data: await social.twitterCallback(req.body) }),
  );
};
