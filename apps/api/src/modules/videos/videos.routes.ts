import { VIDEO_SLOT_MEDIA, type VideoUploadSlot } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../platform/auth';
import { badRequest } from '../../platform/errors';
import { handle, type ZodApp } from '../../platform/routes';
import { receiveMultipart } from '../../platform/uploads';
import type { VideosService } from './videos.service';

/** What the videos routes are given by the composition root (by closure). */
export interface VideosRoutesDeps {
  videos: VideosService;
}

/** Spec §7 Videos. Thin: contract (packages/shared/src/routes/videos.ts), service. Rules: README.md beside this file. */
export const videosRoutes = (deps: VideosRoutesDeps) => async (app: ZodApp) => {
  const videos = deps.videos;
  const r = routes.videos;

  // ----------------------------------------------------------- creator

  /** One file in the `file` field, streamed to storage and into the media pipeline. */
  const upload = async (req: FastifyRequest, slot: VideoUploadSlot) => {
    const received = await receiveMultipart(req, { files: { file: VIDEO_SLOT_MEDIA[slot] }, maxFiles: 1 });
    try {
      const file = received.files[0];
      if (!file) throw badRequest('Attach a file in the `file` field', [{ field: 'file', message: 'Required' }]);
      return { data: videos.fileView(await videos.upload(currentUser(req), slot, file)) };
    } finally {
      await received.cleanup();
    }
  };
  handle(app, r.upload, (req) => upload(req, 'video'));
  handle(app, r.uploadFile, (req) => upload(req, req.params.slot));

  handle(app, r.create, async (req) => {
    const user = currentUser(req);
    return { data: await videos.toView(user, await videos.create(user, req.body)) };
  });

  handle(app, r.search, async (req) => ({ data: await videos.listOwn(currentUser(req), req.query) }));

  handle(app, r.view, async (req) => {
    const user = currentUser(req);
    return { data: await videos.toView(user, await videos.ownVideo(user, req.params.id)) };
  });

  handle(app, r.edit, async (req) => {
    const user = currentUser(req);
    return { data: await videos.toView(user, await videos.edit(user, req.params.id, req.body)) };
  });

  handle(app, r.update, async (req) => {
    const user = currentUser(req);
    return { data: await videos.toView(user, await videos.updateFiles(user, req.params.id, req.body)) };
  });

  handle(app, r.removeFile, async (req) => {
    const user = currentUser(req);
    return { data: await videos.toView(user, await videos.removeFile(user, req.params.id, req.body.type)) };
  });

  handle(app, r.remove, async (req) => {
    await videos.remove(currentUser(req), req.params.id);
    return { data: { success: true as const } };
  });

  // ----------------------------------------------------------- fans

  handle(app, r.publicSearch, async (req) => ({ data: await videos.search(req.user, req.query) }));

  handle(app, r.get, async (req) => ({ data: await videos.open(req.user, req.params.id) }));

  handle(app, r.fileStatus, async (req) => ({ data: await videos.fileStatus(req.user, req.params.id, req.params.fileId) }));
};
