import '../zod-config';
import { z } from 'zod';
import { envelope, idOrUsernameParamSchema, listEnvelope } from '../api';
import {
  feedSearchQuerySchema, keywordsQuerySchema, performerListItemSchema, performerSearchQuerySchema, performerStatsSchema, randomPerformersQuerySchema,
  searchKeywordInputSchema, searchKeywordSchema, topPerformersQuerySchema,
} from '../social';
import { defineRoutes } from './define';

const list = listEnvelope(performerListItemSchema);

/**
 * Spec §7 Search: creators, keywords, feed text. The static `/performers/…` paths win over
 * GET /performers/:id in Fastify's router, so they are not shadowed by the profile route.
 */
export const search = defineRoutes('search', {
  performers: {
    method: 'GET',
    path: '/performers/search',
    access: 'anyone',
    description: 'Creators: q (full-text over name, username, bio; prefix match per word), gender, country, isFreeSubscription; sortBy popular|newest|name|createdAt|updatedAt.',
    schema: { querystring: performerSearchQuerySchema, response: { 200: list } },
  },
  performersForUser: {
    method: 'GET',
    path: '/performers/user/search',
    access: 'user',
    description: 'As /performers/search for a signed-in user, leaving out creators who blocked them.',
    schema: { querystring: performerSearchQuerySchema, response: { 200: list } },
  },
  top: {
    method: 'GET',
    path: '/performers/top',
    access: 'anyone',
    description: 'Creators with the most followers.',
    schema: { querystring: topPerformersQuerySchema, response: { 200: list } },
  },
  random: {
    method: 'GET',
    path: '/performers/search/random',
    access: 'anyone',
    description: 'A random sample of creators (limit ≤ 20): the suggestions. A signed-in caller is never offered themselves, nor a creator they follow or subscribe to.',
    schema: { querystring: randomPerformersQuerySchema, response: { 200: envelope(z.array(performerListItemSchema)) } },
  },
  stats: {
    method: 'GET',
    path: '/performers/:id/stats',
    access: 'anyone',
    description: 'Profile figures of a creator (id or username): published feeds, followers, likes on those feeds, and isFollowed for the caller.',
    schema: { params: idOrUsernameParamSchema, response: { 200: envelope(performerStatsSchema) } },
  },
  recordKeyword: {
    method: 'POST',
    path: '/search/keywords',
    access: 'anyone',
    description: 'Records one search of a keyword (trimmed, spaces collapsed, lower-cased).',
    schema: { body: searchKeywordInputSchema, response: { 200: envelope(searchKeywordSchema) } },
  },
  keywords: {
    method: 'GET',
    path: '/search/list/keywords',
    access: 'anyone',
    description: 'The most searched keywords (default 10).',
    schema: { querystring: keywordsQuerySchema, response: { 200: envelope(z.array(searchKeywordSchema)) } },
  },
  feeds: {
    method: 'GET',
    path: '/search/feeds',
    access: 'anyone',
    description: 'Full-text search over feed text (prefix match per word), newest first; only feeds the caller may see listed.',
    schema: { querystring: feedSearchQuerySchema, response: { 200: listEnvelope(z.unknown()) } },
  },
});
