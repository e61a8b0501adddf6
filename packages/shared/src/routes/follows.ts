import { envelope, idOrUsernameParamSchema, listEnvelope } from '../api';
import { followItemSchema, followStateSchema, followersQuerySchema, followingQuerySchema } from '../social';
import { defineRoutes } from './define';

/** Spec §7 Follows: following creators, followers and following lists. */
export const follows = defineRoutes('follows', {
  follow: {
    method: 'POST',
    path: '/follows/:id',
    access: 'user',
    description: 'Follow a creator (id or username). Idempotent. Yourself → 422; a fan or unknown account → 404.',
    schema: { params: idOrUsernameParamSchema, response: { 200: envelope(followStateSchema) } },
  },
  unfollow: {
    method: 'DELETE',
    path: '/follows/:id',
    access: 'user',
    description: 'Unfollow a creator. Idempotent: not following answers 200 with isFollowed false.',
    schema: { params: idOrUsernameParamSchema, response: { 200: envelope(followStateSchema) } },
  },
  followers: {
    method: 'GET',
    path: '/follows/followers',
    access: 'user',
    description: "A creator's followers (performerId, default the caller). Only the creator themself or an admin (others 403).",
    schema: { querystring: followersQuerySchema, response: { 200: listEnvelope(followItemSchema) } },
  },
  following: {
    method: 'GET',
    path: '/follows/following',
    access: 'user',
    description: 'The creators the caller follows, most recently followed first.',
    schema: { querystring: followingQuerySchema, response: { 200: listEnvelope(followItemSchema) } },
  },
});
