import { envelope, listEnvelope, okSchema, uuidParamSchema } from '../api';
import { commentSchema, commentsQuerySchema, createCommentSchema, updateCommentSchema } from '../social';
import { defineRoutes } from './define';

/** Spec §7 Comments: on any item the caller can view, with one level of replies. */
export const comments = defineRoutes('comments', {
  create: {
    method: 'POST',
    path: '/comments',
    access: 'user',
    description: 'Comment (or reply, with parentId of a top-level comment) on an item the caller can view. Markup is stripped to b/i/em/strong/br.',
    schema: { body: createCommentSchema, response: { 201: envelope(commentSchema) } },
  },
  list: {
    method: 'GET',
    path: '/comments',
    access: 'anyone',
    description: 'Top-level comments of an item (or the replies of parentId), newest first.',
    schema: { querystring: commentsQuerySchema, response: { 200: listEnvelope(commentSchema) } },
  },
  update: {
    method: 'PUT',
    path: '/comments/:id',
    access: 'user',
    description: 'The author edits the text (others 403).',
    schema: { params: uuidParamSchema, body: updateCommentSchema, response: { 200: envelope(commentSchema) } },
  },
  remove: {
    method: 'DELETE',
    path: '/comments/:id',
    access: 'user',
    description: 'The author, the creator who owns the item, or an admin (others 403). Replies go with their parent.',
    schema: { params: uuidParamSchema, response: { 200: envelope(okSchema) } },
  },
});
