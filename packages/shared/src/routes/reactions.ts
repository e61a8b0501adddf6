import '../zod-config';
import { z } from 'zod';
import { envelope, listEnvelope } from '../api';
import { BOOKMARK_LIST_TYPES, bookmarkItemSchema, bookmarkListQuerySchema, reactionInputSchema, reactionStateSchema, type BookmarkListType } from '../social';
import { defineRoutes } from './define';

/** Spec §7 Likes and bookmarks. */
export const reactions = defineRoutes('reactions', {
  react: {
    method: 'POST',
    path: '/reactions',
    access: 'user',
    description: 'Like or bookmark an object. Idempotent. Unknown or hidden object → 404; liking a locked feed → 403.',
    schema: { body: reactionInputSchema, response: { 200: envelope(reactionStateSchema) } },
  },
  unreact: {
    method: 'DELETE',
    path: '/reactions',
    access: 'user',
    description: 'Remove a like or bookmark. Idempotent.',
    schema: { body: reactionInputSchema, response: { 200: envelope(reactionStateSchema) } },
  },
  bookmarks: {
    method: 'GET',
    path: '/reactions/:type/bookmark',
    access: 'user',
    description: "The caller's bookmarks of one type (feeds, performers, videos, galleries, products), newest first.",
    schema: {
      params: z.object({ type: z.enum(Object.keys(BOOKMARK_LIST_TYPES) as [BookmarkListType, ...BookmarkListType[]]) }),
      querystring: bookmarkListQuerySchema,
      response: { 200: listEnvelope(bookmarkItemSchema) },
    },
  },
});
