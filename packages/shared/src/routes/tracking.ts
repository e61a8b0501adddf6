import { envelope, uuidParamSchema } from '../api';
import {
  trackingClickAnswerSchema, trackingClickSchema, trackingCodeInfoSchema, trackingCodeParamsSchema, trackingLinkDetailQuerySchema, trackingLinkDetailSchema,
  trackingLinkInputSchema, trackingLinkSchema, trackingLinkUpdateSchema, trackingLinksQuerySchema, trackingLinksSchema,
} from '../tracking';
import { defineRoutes } from './define';

/** Issue 30 §4: tracking links (modules/tracking README). */
export const tracking = defineRoutes('tracking', {
  list: {
    method: 'GET',
    path: '/tracking/links',
    access: 'performer',
    description:
      "The caller's tracking links, newest first (status live | archived, paginated), each with its all-time figures from the daily rollups: clicks (one per visitor per UTC day, bots left out), unique visitors, sign-ups, follows, subscriptions and revenue (gross sales of the fans it brought, decimal). Counts and sums only, never who. `live`/`max`: the live-link limit.",
    schema: { querystring: trackingLinksQuerySchema, response: { 200: envelope(trackingLinksSchema) } },
  },
  create: {
    method: 'POST',
    path: '/tracking/links',
    access: 'performer',
    description: `A new tracking link named after where it is posted, with a fresh 8-character code (/t/<code>, /<username>?c=<code>). More than the live-link limit (100) → 422.`,
    schema: { body: trackingLinkInputSchema, response: { 201: envelope(trackingLinkSchema) } },
  },
  update: {
    method: 'PATCH',
    path: '/tracking/links/:id',
    access: 'performer',
    description:
      "Rename a link, archive it (its clicks stop counting and it attributes no one new; what it brought keeps counting) or bring it back (within the live-link limit → else 422). Another creator's link → 404.",
    schema: { params: uuidParamSchema, body: trackingLinkUpdateSchema, response: { 200: envelope(trackingLinkSchema) } },
  },
  detail: {
    method: 'GET',
    path: '/tracking/links/:id',
    access: 'performer',
    description: "One link's figures per UTC day over the last `days` (30, 90 or 365; every day, zeros included) and their sums, read from the daily rollups only. Another creator's link → 404.",
    schema: { params: uuidParamSchema, querystring: trackingLinkDetailQuerySchema, response: { 200: envelope(trackingLinkDetailSchema) } },
  },
  code: {
    method: 'GET',
    path: '/tracking/code/:code',
    access: 'anyone',
    description: "Where a tracking link leads (the web's /t/<code>): the creator's username, and whether the link is live. Unknown code → 404.",
    schema: { params: trackingCodeParamsSchema, response: { 200: envelope(trackingCodeInfoSchema) } },
  },
  click: {
    method: 'POST',
    path: '/tracking/clicks',
    access: 'anyone',
    description:
      "A creator's profile opened through a tracking link (?c=<code>), with the browser's random visitor id. Counted once per visitor per UTC day; bots (by User-Agent) and the creator's own clicks are not counted; archived links count nothing. A signed-in fan not yet attributed to this creator's links is attributed to this one. Rate-limited per address. Unknown code → 404.",
    schema: { body: trackingClickSchema, response: { 200: envelope(trackingClickAnswerSchema) } },
  },
});
