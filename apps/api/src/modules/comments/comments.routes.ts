import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commentSchema, commentsQuerySchema, createCommentSchema, envelope, listEnvelope, okSchema, updateCommentSchema, uuidParamSchema } from '@stagepass/shared';
import { authenticated, currentUser } from '../../platform/auth';
import { perUser } from '../../platform/rate-key';
import type { CommentsService } from './comments.service';

/** What the comments routes are given by the composition root (by closure). */
export interface CommentsRoutesDeps {
  comments: CommentsService;
}

export const commentsRoutes = (deps: CommentsRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const svc = deps.comments;
  const tags = ['comments'];
  const idParams = uuidParamSchema;

  app.post(
    '/comments',
    {
      preHandler: authenticated,
      config: { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: perUser } },
      schema: { tags, body: createCommentSchema, response: { 201: envelope(commentSchema) }, description: 'Comment (or reply, with parentId of a top-level comment) on an item the caller can view. Markup is stripped to b/i/em/strong/br.' },
    },
    async (req, reply) => reply.status(201).send({ data: await svc.create(currentUser(req), req.body) }),
  );

  app.get(
    '/comments',
    { schema: { tags, querystring: commentsQuerySchema, response: { 200: listEnvelope(commentSchema) }, description: 'Top-level comments of an item (or the replies of parentId), newest first.' } },
    async (req) => ({ data: await svc.list(req.user, req.query) }),
  );

  app.put(
    '/comments/:id',
    { preHandler: authenticated, schema: { tags, params: idParams, body: updateCommentSchema, response: { 200: envelope(commentSchema) }, description: 'The author edits the text (others 403).' } },
    async (req) => ({ data: await svc.update(currentUser(req), req.params.id, req.body.content) }),
  );

  app.delete(
    '/comments/:id',
    { preHandler: authenticated, schema: { tags, params: idParams, response: { 200: envelope(okSchema) }, description: 'The author, the creator who owns the item, or an admin (others 403). Replies go with their parent.' } },
    async (req) => ({ data: await svc.remove(currentUser(req), req.params.id) }),
  );
};
