import '../zod-config';
import { z } from 'zod';
import { envelope, idOrUsernameSchema, idSchema, listEnvelope, okSchema, uuidParamSchema } from '../api';
import { FEED_UPLOAD_SLOTS, createFeedSchema, feedViewsResultSchema, feedViewsSchema, createPollSchema, feedListQuerySchema, feedSchema, pollSchema, timelineQuerySchema, updateFeedSchema } from '../feeds';
import { mediaFileSchema } from '../media';
import { defineRoutes } from './define';

const one = envelope(feedSchema);
const list = listEnvelope(feedSchema);

/** Spec §7 Feeds: the creator's posts (/performer/feeds) and the fans' side (/user/feeds). */
export const feeds = defineRoutes('feeds', {
  // ----------------------------------------------------------- creator
  upload: {
    method: 'POST',
    path: '/performer/feeds/:slot/upload',
    access: 'performer',
    description:
      'Multipart field `file`. photo/thumbnail: an image; video/teaser: a video; audio: an audio file (checked by content). Answers the file view with its processing status (uploaded → processing → ready | failed).',
    schema: { consumes: ['multipart/form-data'], params: z.object({ slot: z.enum(FEED_UPLOAD_SLOTS) }), response: { 200: envelope(mediaFileSchema) } },
  },
  createPoll: {
    method: 'POST',
    path: '/performer/feeds/polls',
    access: 'performer',
    description: 'Creates a poll (2–10 options, an end time in the future) to attach to a feed with `pollId`. Answers the poll; its `_id` is the pollId.',
    schema: { body: createPollSchema, response: { 200: envelope(pollSchema) } },
  },
  create: {
    method: 'POST',
    path: '/performer/feeds',
    access: 'performer',
    description:
      "Creates a feed. Text is stripped to b/i/em/strong/u/br/p/a. Files, teaser, thumbnail and poll must be the creator's own. `price` for ppv only, within the site limits. `scheduleAt` publishes later.",
    schema: { body: createFeedSchema, response: { 200: one } },
  },
  listOwn: {
    method: 'GET',
    path: '/performer/feeds',
    access: 'performer',
    description: "The creator's own feeds, scheduled ones included (`status` filters).",
    schema: { querystring: feedListQuerySchema, response: { 200: list } },
  },
  own: {
    method: 'GET',
    path: '/performer/feeds/:id',
    access: 'performer',
    description: "One of the creator's own feeds (404 for others').",
    schema: { params: uuidParamSchema, response: { 200: one } },
  },
  update: {
    method: 'PUT',
    path: '/performer/feeds/:id',
    access: 'performer',
    description: "Edits an own feed (any subset of the create fields); 404 for others'.",
    schema: { params: uuidParamSchema, body: updateFeedSchema, response: { 200: one } },
  },
  remove: {
    method: 'DELETE',
    path: '/performer/feeds/:id',
    access: 'performer',
    description: "Deletes an own feed and its poll; 404 for others'.",
    schema: { params: uuidParamSchema, response: { 200: envelope(okSchema) } },
  },
  pin: {
    method: 'POST',
    path: '/performer/feeds/:id/pin',
    access: 'performer',
    description:
      "Pins an own post to the top of the profile (after those already pinned; pinning a pinned one changes nothing). At most 3: a 4th → 409 with the message to unpin one first. Another creator's post → 404.",
    schema: { params: uuidParamSchema, response: { 200: one } },
  },
  unpin: {
    method: 'DELETE',
    path: '/performer/feeds/:id/pin',
    access: 'performer',
    description: "Unpins an own post (not pinned: the same answer). Another creator's post → 404.",
    schema: { params: uuidParamSchema, response: { 200: one } },
  },
  // ----------------------------------------------------------- fans
  timeline: {
    method: 'GET',
    path: '/user/feeds',
    access: 'user',
    description: 'Home timeline: published feeds of creators the caller follows or subscribes to, newest first.',
    schema: { querystring: timelineQuerySchema, response: { 200: list } },
  },
  views: {
    method: 'POST',
    path: '/user/feeds/views',
    access: 'user',
    description:
      'Reports posts the caller saw (≥ 50 % on screen for ≥ 1 s), up to 50 ids per call. Each counts one view at most once per viewer per post per UTC day, never the creator\'s own posts nor posts the caller may not see (hidden, blocked, scheduled, expired, unknown: skipped). Answers how many were counted. Ids that are not UUIDs, an empty or too long list → 400.',
    schema: { body: feedViewsSchema, response: { 200: envelope(feedViewsResultSchema) } },
  },
  byCreator: {
    method: 'GET',
    path: '/user/feeds/search/:username',
    access: 'anyone',
    description: "One creator's feeds (by username or id), for anyone; locked feeds are listed locked. Sorted by publishAt desc (the default) without `q`, the creator's pinned posts come first in pin order, then the rest newest first (never twice). `label`: only posts with that label. Expired posts are left out (but for the owner).",
    schema: { params: z.object({ username: idOrUsernameSchema }), querystring: feedListQuerySchema, response: { 200: list } },
  },
  get: {
    method: 'GET',
    path: '/user/feeds/:id',
    access: 'anyone',
    description: 'One feed, for anyone who may know it exists (404 otherwise); locked → no media URLs.',
    schema: { params: uuidParamSchema, response: { 200: one } },
  },
  vote: {
    method: 'POST',
    path: '/user/feeds/vote/:id',
    access: 'user',
    description:
      '`id` is the poll OPTION id. One vote per user per poll (409 after), none after the end (422); the caller must be able to view the feed (403 locked, 404 hidden).',
    schema: { params: uuidParamSchema, response: { 200: envelope(pollSchema) } },
  },
  fileStatus: {
    method: 'GET',
    path: '/user/feeds/:id/file/:fileId/status',
    access: 'anyone',
    description:
      'Processing status of a file of the feed (the uploader may use `new` as the feed id for a file not yet attached; anything else must be a UUID).',
    schema: {
      params: z.object({ id: z.union([z.literal('new'), idSchema], { error: 'A feed id or `new`' }), fileId: idSchema }),
      response: { 200: envelope(mediaFileSchema) },
    },
  },
});
