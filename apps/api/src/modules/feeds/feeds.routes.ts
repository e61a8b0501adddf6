import { FEED_SLOT_MEDIA } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { badRequest } from '../../platform/errors';
import { handle, type ZodApp } from '../../platform/routes';
import { receiveMultipart } from '../../platform/uploads';
import type { FeedsService } from './feeds.service';
import type { GeoService } from '../geo/geo.service';

/** What the feeds routes are given by the composition root (by closure). */
export interface FeedsRoutesDeps {
  feeds: FeedsService;
  /**
   * The request address → country, for the countries a creator hides from (blocks README). Until
   * app.ts passes it, hidden countries are not applied to a creator's feed list.
   */
  geo: Pick<GeoService, 'countryOfRequest'>;
}

/** Spec §7 Feeds. Thin: contract (packages/shared/src/routes/feeds.ts), service. Rules: README.md beside this file. */
export const feedsRoutes = (deps: FeedsRoutesDeps) => async (app: ZodApp) => {
  const feeds = deps.feeds;
  const r = routes.feeds;

  // ----------------------------------------------------------- creator

  handle(app, r.upload, async (req) => {
    const { slot } = req.params;
    const upload = await receiveMultipart(req, { files: { file: FEED_SLOT_MEDIA[slot] }, maxFiles: 1 });
    try {
      const file = upload.files[0];
      if (!file) throw badRequest('Attach a file in the `file` field', [{ field: 'file', message: 'Required' }]);
      return { data: feeds.fileView(await feeds.upload(currentUser(req), slot, file), true, currentUser(req)) };
    } finally {
      await upload.cleanup();
    }
  });

  handle(app, r.createPoll, async (req) => ({ data: await feeds.createPoll(currentUser(req), req.body) }));

  handle(app, r.create, async (req) => {
    const user = currentUser(req);
    return { data: await feeds.toView(user, await feeds.create(user, req.body)) };
  });

  handle(app, r.listOwn, async (req) => {
    const user = currentUser(req);
    const { rows, total } = await feeds.listOwn(user, req.query);
    return { data: { data: await feeds.toViews(user, rows), total } };
  });

  handle(app, r.own, async (req) => {
    const user = currentUser(req);
    return { data: await feeds.toView(user, await feeds.ownFeed(user, req.params.id)) };
  });

  handle(app, r.update, async (req) => {
    const user = currentUser(req);
    return { data: await feeds.toView(user, await feeds.update(user, req.params.id, req.body)) };
  });

  handle(app, r.remove, async (req) => {
    await feeds.remove(currentUser(req), req.params.id);
    return { data: { success: true as const } };
  });

  handle(app, r.pin, async (req) => {
    const user = currentUser(req);
    return { data: await feeds.toView(user, await feeds.pins.pin(user, req.params.id)) };
  });

  handle(app, r.unpin, async (req) => {
    const user = currentUser(req);
    return { data: await feeds.toView(user, await feeds.pins.unpin(user, req.params.id)) };
  });

  // ----------------------------------------------------------- fans

  handle(app, r.timeline, async (req) => ({ data: await feeds.timeline(currentUser(req), req.query) }));

  handle(app, r.views, async (req) => ({ data: { counted: await feeds.seen.count(currentUser(req), req.body.ids) } }));

  handle(app, r.byCreator, async (req) => {
    const country = await deps.geo.countryOfRequest(req);
    const { rows, total } = await feeds.byCreator(req.user, req.params.username, req.query, { country });
    return { data: { data: await feeds.toViews(req.user, rows), total } };
  });

  handle(app, r.get, async (req) => {
    const { feed } = await feeds.readable(req.user, req.params.id);
    return { data: await feeds.toView(req.user, feed) };
  });

  handle(app, r.vote, async (req) => ({ data: await feeds.vote(currentUser(req), req.params.id) }));

  handle(app, r.fileStatus, async (req) => ({ data: await feeds.fileStatus(req.user, req.params.id, req.params.fileId) }));
};
