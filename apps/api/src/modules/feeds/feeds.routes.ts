import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FEED_SLOT_MEDIA, FEED_UPLOAD_SLOTS, createFeedSchema, createPollSchema, envelope, feedListQuerySchema, feedSchema,
  idOrUsernameSchema, idSchema, listEnvelope, mediaFileSchema, okSchema, pollSchema, timelineQuerySchema, updateFeedSchema, uuidParamSchema,
} from '@stagepass/shared';
import { authenticated, currentUser, performerOnly } from '../../platform/auth';
import { badRequest } from '../../platform/errors';
import { receiveMultipart } from '../../platform/uploads';
import type { FeedsService } from './feeds.service';

const id = uuidParamSchema;

/** What the feeds routes are given by the composition root (by closure). */
export interface FeedsRoutesDeps {
  feeds: FeedsService;
}

/** Spec §7 Feeds. Thin: schema, guard, service. Rules: README.md beside this file. */
export const feedsRoutes = (deps: FeedsRoutesDeps): FastifyPluginAsyncZod => async (app) => {
  const feeds = deps.feeds;
  const tags = ['feeds'];
  const one = envelope(feedSchema);
  const list = listEnvelope(feedSchema);

  // ----------------------------------------------------------- creator

  app.post(
    '/performer/feeds/:slot/upload',
    {
      preHandler: performerOnly,
      schema: {
        tags, consumes: ['multipart/form-data'], params: z.object({ slot: z.enum(FEED_UPLOAD_SLOTS) }), response: { 200: envelope(mediaFileSchema) },
        description: 'Multipart field `file`. photo/thumbnail: an image; video/teaser: a video; audio: an audio file (checked by content). Answers the file view with its processing status (uploaded → processing → ready | failed).',
      },
    },
    async (req) => {
      const { slot } = req.params;
      const upload = await receiveMultipart(req, { files: { file: FEED_SLOT_MEDIA[slot] }, maxFiles: 1 });
      try {
        const file = upload.files[0];
        if (!file) throw badRequest('Attach a file in the `file` field', [{ field: 'file', message: 'Required' }]);
        return { data: feeds.fileView(await feeds.upload(currentUser(req), slot, file), true) };
      } finally {
        await upload.cleanup();
      }
    },
  );

  app.post(
    '/performer/feeds/polls',
    { preHandler: performerOnly, schema: { tags, body: createPollSchema, response: { 200: envelope(pollSchema) }, description: 'Creates a poll (2–10 options, an end time in the future) to attach to a feed with `pollId`. Answers the poll; its `_id` is the pollId.' } },
    async (req) => ({ data: await feeds.createPoll(currentUser(req), req.body) }),
  );

  app.post(
    '/performer/feeds',
    { preHandler: performerOnly, schema: { tags, body: createFeedSchema, response: { 200: one }, description: 'Creates a feed. Text is stripped to b/i/em/strong/u/br/p/a. Files, teaser, thumbnail and poll must be the creator\'s own. `price` for ppv only, within the site limits. `scheduleAt` publishes later.' } },
    async (req) => {
      const user = currentUser(req);
      return { data: await feeds.toView(user, await feeds.create(user, req.body)) };
    },
  );

  app.get(
    '/performer/feeds',
    { preHandler: performerOnly, schema: { tags, querystring: feedListQuerySchema, response: { 200: list }, description: 'The creator\'s own feeds, scheduled ones included (`status` filters).' } },
    async (req) => {
      const user = currentUser(req);
      const { rows, total } = await feeds.listOwn(user, req.query);
      return { data: { data: await feeds.toViews(user, rows), total } };
    },
  );

  app.get('/performer/feeds/:id', { preHandler: performerOnly, schema: { tags, params: id, response: { 200: one }, description: 'One of the creator\'s own feeds (404 for others\').' } }, async (req) => {
    const user = currentUser(req);
    return { data: await feeds.toView(user, await feeds.ownFeed(user, req.params.id)) };
  });

  app.put('/performer/feeds/:id', { preHandler: performerOnly, schema: { tags, params: id, body: updateFeedSchema, response: { 200: one }, description: 'Edits an own feed (any subset of the create fields); 404 for others\'.' } }, async (req) => {
    const user = currentUser(req);
    return { data: await feeds.toView(user, await feeds.update(user, req.params.id, req.body)) };
  });

  app.delete('/performer/feeds/:id', { preHandler: performerOnly, schema: { tags, params: id, response: { 200: envelope(okSchema) }, description: 'Deletes an own feed and its poll; 404 for others\'.' } }, async (req) => {
    await feeds.remove(currentUser(req), req.params.id);
    return { data: { success: true as const } };
  });

  // ----------------------------------------------------------- fans

  app.get(
    '/user/feeds',
    { preHandler: authenticated, schema: { tags, querystring: timelineQuerySchema, response: { 200: list }, description: 'Home timeline: published feeds of creators the caller follows or subscribes to, newest first.' } },
    async (req) => {
      return { data: await feeds.timeline(currentUser(req), req.query) };
    },
  );

  app.get(
    '/user/feeds/search/:username',
    { schema: { tags, params: z.object({ username: idOrUsernameSchema }), querystring: feedListQuerySchema, response: { 200: list }, description: 'One creator\'s feeds (by username or id), for anyone; locked feeds are listed locked.' } },
    async (req) => {
      const { rows, total } = await feeds.byCreator(req.user, req.params.username, req.query);
      return { data: { data: await feeds.toViews(req.user, rows), total } };
    },
  );

  app.get('/user/feeds/:id', { schema: { tags, params: id, response: { 200: one }, description: 'One feed, for anyone who may know it exists (404 otherwise); locked → no media URLs.' } }, async (req) => {
    const { feed } = await feeds.readable(req.user, req.params.id);
    return { data: await feeds.toView(req.user, feed) };
  });

  app.post(
    '/user/feeds/vote/:id',
    { preHandler: authenticated, schema: { tags, params: id, response: { 200: envelope(pollSchema) }, description: '`id` is the poll OPTION id. One vote per user per poll (409 after), none after the end (422); the caller must be able to view the feed (403 locked, 404 hidden).' } },
    async (req) => ({ data: await feeds.vote(currentUser(req), req.params.id) }),
  );

  app.get(
    '/user/feeds/:id/file/:fileId/status',
    { schema: { tags, params: z.object({ id: z.union([z.literal('new'), idSchema], { error: 'A feed id or `new`' }), fileId: idSchema }), response: { 200: envelope(mediaFileSchema) }, description: 'Processing status of a file of the feed (the uploader may use `new` as the feed id for a file not yet attached; anything else must be a UUID).' } },
    async (req) => ({ data: await feeds.fileStatus(req.user, req.params.id, req.params.fileId) }),
  );
};
