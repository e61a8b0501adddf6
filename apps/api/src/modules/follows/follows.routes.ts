import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, followItemSchema, followStateSchema, followersQuerySchema, followingQuerySchema, idOrUsernameParamSchema, listEnvelope } from '@stagepass/shared';
import { authenticated, currentUser, isAdmin } from '../../platform/auth';
import { forbidden } from '../../platform/errors';
import type { FollowsService } from './follows.service';

/** What the follows routes are given by the composition root (by closure). */
export interface FollowsRoutesDeps {
  follows: FollowsService;
}

export const followsRoutes = (deps: FollowsRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const svc = deps.follows;
  const tags = ['follows'];

  app.post(
    '/follows/:id',
    { preHandler: authenticated, schema: { tags, params: idOrUsernameParamSchema, response: { 200: envelope(followStateSchema) }, description: 'Follow a creator (id or username). Idempotent. Yourself → 422; a fan or unknown account → 404.' } },
    async (req) => ({ data: await svc.follow(currentUser(req), req.params.id) }),
  );

  app.delete(
    '/follows/:id',
    { preHandler: authenticated, schema: { tags, params: idOrUsernameParamSchema, response: { 200: envelope(followStateSchema) }, description: 'Unfollow a creator. Idempotent: not following answers 200 with isFollowed false.' } },
    async (req) => ({ data: await svc.unfollow(currentUser(req), req.params.id) }),
  );

  app.get(
    '/follows/followers',
    { preHandler: authenticated, schema: { tags, querystring: followersQuerySchema, response: { 200: listEnvelope(followItemSchema) }, description: 'A creator\'s followers (performerId, default the caller). Only the creator themself or an admin (others 403).' } },
    async (req) => {
      const viewer = currentUser(req);
      const performerId = req.query.performerId ?? viewer.id;
      if (performerId !== viewer.id && !isAdmin(viewer)) throw forbidden('Only the creator can see their followers');
      return { data: await svc.followers(performerId, viewer.id, req.query) };
    },
  );

  app.get(
    '/follows/following',
    { preHandler: authenticated, schema: { tags, querystring: followingQuerySchema, response: { 200: listEnvelope(followItemSchema) }, description: 'The creators the caller follows, most recently followed first.' } },
    async (req) => ({ data: await svc.following(currentUser(req).id, req.query) }),
  );
};
