import { envelope } from '../api';
import { fanParamsSchema, fanSchema, fanUpdateSchema, fansPageSchema, fansQuerySchema } from '../fans';
import { defineRoutes } from './define';

/** Issue 31 §4: a creator's fans (modules/fans README). */
export const fans = defineRoutes('fans', {
  list: {
    method: 'GET',
    path: '/fans',
    access: 'performer',
    description:
      "The caller's fans (followers, subscribers and anyone who paid them), from the fan rollup: each with the public card, what they paid in all and by channel (decimal, tax included, refunds taken off), since when, subscription status and tier, last activity, and the caller's private custom name and note. Sort spent | since | activity | name, order asc | desc, filter all | subscribers | expired | followers, tierId, q (prefix of username, display name or custom name); keyset pages (`cursor` = the previous page's `next`); `total` on the first page only.",
    schema: { querystring: fansQuerySchema, response: { 200: envelope(fansPageSchema) } },
  },
  update: {
    method: 'PATCH',
    path: '/fans/:fanId',
    access: 'performer',
    description: "Set or clear the caller's private custom name (≤ 40) and note (≤ 1,000) for one of their fans. Not one of the caller's fans → 404.",
    schema: { params: fanParamsSchema, body: fanUpdateSchema, response: { 200: envelope(fanSchema) } },
  },
});
