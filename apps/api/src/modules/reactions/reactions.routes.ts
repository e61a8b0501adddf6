import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOOKMARK_LIST_TYPES, bookmarkItemSchema, envelope, listEnvelope, bookmarkListQuerySchema, reactionInputSchema, reactionStateSchema, type BookmarkListType } from '@stagepass/shared';
import { authenticated, currentUser } from '../../platform/auth';
import type { ReactionsService } from './reactions.service';

/** What the reactions routes are given by the composition root (by closure). */
export interface ReactionsRoutesDeps {
  reactions: ReactionsService;
}

export const reactionsRoutes = (deps: ReactionsRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const svc = deps.reactions;
  const tags = ['reactions'];

  app.post(
    '/reactions',
    { preHandler: authenticated, schema: { tags, body: reactionInputSchema, response: { 200: envelope(reactionStateSchema) }, description: 'Like or bookmark an object. Idempotent. Unknown or hidden object → 404; liking a locked feed → 403.' } },
    async (req) => ({ data: await svc.react(currentUser(req), req.body) }),
  );

  app.delete(
    '/reactions',
    { preHandler: authenticated, schema: { tags, body: reactionInputSchema, response: { 200: envelope(reactionStateSchema) }, description: 'Remove a like or bookmark. Idempotent.' } },
    async (req) => ({ data: await svc.unreact(currentUser(req), req.body) }),
  );

  app.get(
    '/reactions/:type/bookmark',
    {
      preHandler: authenticated,
      schema: {
        tags,
        params: z.object({ type: z.enum(Object.keys(BOOKMARK_LIST_TYPES) as [BookmarkListType, ...BookmarkListType[]]) }),
        querystring: bookmarkListQuerySchema,
        response: { 200: listEnvelope(bookmarkItemSchema) },
        description: 'The caller\'s bookmarks of one type (feeds, performers, videos, galleries, products), newest first.',
      },
    },
    async (req) => ({ data: await svc.bookmarks(currentUser(req), req.params.type, req.query) }),
  );
};
