import { PHOTO_UPLOAD_FIELD } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { badRequest } from '../../platform/errors';
import { handle, type ZodApp } from '../../platform/routes';
import { receiveMultipart } from '../../platform/uploads';
import type { Storage } from '../../platform/storage';
import type { GeoService } from '../geo/geo.service';
import type { GalleriesService } from './galleries.service';
import type { PhotosService } from './photos.service';
import { attachment, zipStream } from './galleries.zip';
import type { MediaService } from '../media/media.service';

/** What the galleries and photos routes are given by the composition root (by closure). */
export interface GalleriesRoutesDeps {
  galleries: GalleriesService;
  photos: PhotosService;
  /** The request address → country, for the countries a creator hides from (blocks README). */
  geo: Pick<GeoService, 'countryOfRequest'>;
  /** Where the photos' bytes are read from for a ZIP download. */
  storage: Pick<Storage, 'get'>;
  /** Viewers' marked copies for the ZIP (modules/protection through media's marker hook). */
  media: Pick<MediaService, 'markedBytes'>;
}

/**
 * Spec §7 Galleries and Photos. Thin: contracts (packages/shared/src/routes/galleries.ts,
 * photos.ts), services. Rules: README.md beside this file.
 */
export const galleriesRoutes = (deps: GalleriesRoutesDeps) => async (app: ZodApp) => {
  const { galleries, photos } = deps;
  const g = routes.galleries;
  const p = routes.photos;
  const views = galleries.views;
  const open = () => true;

  // ----------------------------------------------------------- creator: galleries

  handle(app, g.create, async (req) => {
    const user = currentUser(req);
    return { data: await galleries.toView(user, await galleries.create(user, req.body)) };
  });

  handle(app, g.listOwn, async (req) => {
    const user = currentUser(req);
    const { rows, total } = await galleries.listOwn(user, req.query);
    return { data: { data: await galleries.toViews(user, rows), total } };
  });

  handle(app, g.own, async (req) => {
    const user = currentUser(req);
    return { data: await galleries.toView(user, await galleries.ownGallery(user, req.params.id)) };
  });

  handle(app, g.update, async (req) => {
    const user = currentUser(req);
    return { data: await galleries.toView(user, await galleries.update(user, req.params.id, req.body)) };
  });

  handle(app, g.remove, async (req) => {
    await galleries.remove(currentUser(req), req.params.id);
    return { data: { success: true as const } };
  });

  // ----------------------------------------------------------- creator: photos

  handle(app, p.upload, async (req) => {
    const user = currentUser(req);
    const upload = await receiveMultipart(req, { files: { [PHOTO_UPLOAD_FIELD]: 'image' }, maxFiles: 1 });
    try {
      const file = upload.files[0];
      if (!file) throw badRequest(`Attach an image in the \`${PHOTO_UPLOAD_FIELD}\` field`, [{ field: PHOTO_UPLOAD_FIELD, message: 'Required' }]);
      const [view] = await views.photoViews([await photos.upload(user, upload.fields, file)], open);
      return { data: view! };
    } finally {
      await upload.cleanup();
    }
  });

  handle(app, p.create, async (req) => ({ data: await views.photoViews(await photos.create(currentUser(req), req.body), open) }));

  handle(app, p.listOwn, async (req) => {
    const { rows, total } = await photos.listOwn(currentUser(req), req.query);
    return { data: { data: await views.photoViews(rows, open), total } };
  });

  handle(app, p.update, async (req) => {
    const [view] = await views.photoViews([await photos.update(currentUser(req), req.params.id, req.body)], open);
    return { data: view! };
  });

  handle(app, p.remove, async (req) => {
    await photos.remove(currentUser(req), req.params.id);
    return { data: { success: true as const } };
  });

  handle(app, p.setCover, async (req) => {
    const [view] = await views.photoViews([await photos.setCover(currentUser(req), req.params.id)], open);
    return { data: view! };
  });

  // ----------------------------------------------------------- fans

  handle(app, g.search, async (req) => {
    const country = req.query.performerId ? await deps.geo.countryOfRequest(req) : null;
    const { rows, total } = await galleries.search(req.user, req.query, { country });
    return { data: { data: await galleries.toViews(req.user, rows), total } };
  });

  handle(app, g.get, async (req) => ({ data: await galleries.read(req.user, req.params.id) }));

  handle(app, g.download, async (req, reply) => {
    const { title, entries } = await photos.zipEntries(currentUser(req), req.params.id);
    reply.header('content-type', 'application/zip').header('content-disposition', attachment(title)).header('cache-control', 'private, no-store');
    return reply.send(zipStream(deps.storage, entries, req.log, (fileId, viewerId) => deps.media.markedBytes(fileId, 'large', viewerId)));
  });

  handle(app, p.list, async (req) => ({ data: await photos.forGallery(req.user, req.query) }));

  handle(app, p.byPerformer, async (req) => {
    const country = await deps.geo.countryOfRequest(req);
    return { data: await photos.byPerformer(req.user, req.params.performerId, req.query, { country }) };
  });
};
