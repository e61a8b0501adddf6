import '../zod-config';
import { envelope, listEnvelope, uuidParamSchema } from '../api';
import { blockCountriesSchema, blockListQuerySchema, blockStateSchema, blockUserSchema, blockedCountriesSchema, blockedUserSchema } from '../blocks';
import { defineRoutes } from './define';

/** Spec §7 Blocking: users a caller blocks, and the countries a creator hides from. Rules: apps/api/src/modules/blocks/README.md. */
export const blocks = defineRoutes('blocking', {
  blockUser: {
    method: 'POST',
    path: '/block/users',
    access: 'user',
    description:
      'Blocks a user (a creator blocks a fan, a fan a creator or another user). Mutual in effect: neither sees nor reaches the other. Ends the renewal of subscriptions between them. Idempotent; yourself → 422; unknown → 404.',
    schema: { body: blockUserSchema, response: { 200: envelope(blockStateSchema) } },
  },
  listUsers: {
    method: 'GET',
    path: '/block/users',
    access: 'user',
    description: 'The users the caller has blocked, newest first; `q` matches their name or username.',
    schema: { querystring: blockListQuerySchema, response: { 200: listEnvelope(blockedUserSchema) } },
  },
  status: {
    method: 'GET',
    path: '/block/users/:id',
    access: 'user',
    description: 'Whether the caller has blocked the user `id` (their own block; a block the other made is not told).',
    schema: { params: uuidParamSchema, response: { 200: envelope(blockStateSchema) } },
  },
  unblockUser: {
    method: 'DELETE',
    path: '/block/users/:id',
    access: 'user',
    description: "Removes the caller's block of the user `id`. Idempotent.",
    schema: { params: uuidParamSchema, response: { 200: envelope(blockStateSchema) } },
  },
  setCountries: {
    method: 'POST',
    path: '/block/countries',
    access: 'performer',
    description: "Sets the countries the creator hides from (replaces the list). Visitors from them (by the request address, the site's GeoIP database) do not see the creator.",
    schema: { body: blockCountriesSchema, response: { 200: envelope(blockedCountriesSchema) } },
  },
  countries: {
    method: 'GET',
    path: '/block/countries',
    access: 'performer',
    description: 'The countries the creator hides from.',
    schema: { response: { 200: envelope(blockedCountriesSchema) } },
  },
});
