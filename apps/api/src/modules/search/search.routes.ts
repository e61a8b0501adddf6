import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope, feedSearchQuerySchema, idOrUsernameParamSchema, keywordsQuerySchema, listEnvelope, performerListItemSchema, performerSearchQuerySchema,
  performerStatsSchema, randomPerformersQuerySchema, searchKeywordInputSchema, searchKeywordSchema, topPerformersQuerySchema,
} from '@stagepass/shared';
import { authenticated, currentUser } from '../../platform/auth';
import { FollowsService } from '../follows/follows.service';
import { shapeFeeds } from '../reactions/feed-shape';
import type { Db } from '../../db/client';
import type { FeedsService } from '../feeds/feeds.service';
import type { SearchService } from './search.service';

/** What the search routes are given by the composition root (by closure). */
export interface SearchRoutesDeps {
  db: Db;
  feeds: FeedsService;
  search: SearchService;
}

export const searchRoutes = (deps: SearchRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const svc = deps.search;
  const tags = ['search'];
  const list = listEnvelope(performerListItemSchema);

  // Static segments (/performers/search, /performers/top, …) win over GET /performers/:id in
  // Fastify's router, so these are not shadowed by the performers module's profile route.
  app.get(
    '/performers/search',
    { schema: { tags, querystring: performerSearchQuerySchema, response: { 200: list }, description: 'Creators: q (full-text over name, username, bio; prefix match per word), gender, country, isFreeSubscription; sortBy popular|newest|name|createdAt|updatedAt.' } },
    async (req) => ({ data: await svc.searchPerformers(req.query, req.user) }),
  );

  app.get(
    '/performers/user/search',
    { preHandler: authenticated, schema: { tags, querystring: performerSearchQuerySchema, response: { 200: list }, description: 'As /performers/search for a signed-in user, leaving out creators who blocked them.' } },
    async (req) => ({ data: await svc.searchPerformers({ ...req.query, excludeBlockedFor: currentUser(req).id }, req.user) }),
  );

  app.get(
    '/performers/top',
    { schema: { tags, querystring: topPerformersQuerySchema, response: { 200: list }, description: 'Creators with the most followers.' } },
    async (req) => ({ data: await svc.top(req.query.offset, req.query.limit, req.user) }),
  );

  app.get(
    '/performers/search/random',
    { schema: { tags, querystring: randomPerformersQuerySchema, response: { 200: envelope(z.array(performerListItemSchema)) }, description: 'A random sample of creators (limit ≤ 20).' } },
    async (req) => ({ data: await svc.random(req.query, req.user) }),
  );

  app.get(
    '/performers/:id/stats',
    { schema: { tags, params: idOrUsernameParamSchema, response: { 200: envelope(performerStatsSchema) }, description: 'Profile figures of a creator (id or username): published feeds, followers, likes on those feeds, and isFollowed for the caller.' } },
    async (req) => ({ data: await svc.stats(req.params.id, req.user) }),
  );

  app.post(
    '/search/keywords',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, body: searchKeywordInputSchema, response: { 200: envelope(searchKeywordSchema) }, description: 'Records one search of a keyword (trimmed, spaces collapsed, lower-cased).' },
    },
    async (req) => ({ data: await svc.recordKeyword(req.body.keyword) }),
  );

  app.get(
    '/search/list/keywords',
    { schema: { tags, querystring: keywordsQuerySchema, response: { 200: envelope(z.array(searchKeywordSchema)) }, description: 'The most searched keywords (default 10).' } },
    async (req) => ({ data: await svc.topKeywords(req.query.limit) }),
  );

  app.get(
    '/search/feeds',
    { schema: { tags, querystring: feedSearchQuerySchema, response: { 200: listEnvelope(z.unknown()) }, description: 'Full-text search over feed text (prefix match per word), newest first; only feeds the caller may see listed.' } },
    async (req) => {
      const { ids, total } = await svc.searchFeedIds(req.query.q, req.user, req.query.offset, req.query.limit);
      return { data: { data: await shapeFeeds({ db: deps.db, feeds: deps.feeds }, req.user, ids), total } };
    },
  );
};
