import { routes } from '@stagepass/shared/routes';
import { currentUser } from '../../platform/auth';
import { auditActor } from '../../platform/audit';
import { badRequest, forbidden } from '../../platform/errors';
import { handle, type ZodApp } from '../../platform/routes';
import { mediaTypeOf, receiveMultipart } from '../../platform/uploads';
import type { MediaService } from '../media/media.service';
import type { ProtectionService } from './protection.service';
import type { TracerService } from './protection.tracer';
import type { VideoProtection } from './protection.video';

/** Issue 32 §2–§3 (images and videos). Contracts: packages/shared/src/routes/protection.ts; rules: README.md beside this file. */
export const protectionRoutes = (deps: { media: MediaService; protection: ProtectionService; tracer: TracerService; videos: VideoProtection }) => async (app: ZodApp) => {
  const r = routes.protection;
  const svc = deps.protection;
  const tracer = deps.tracer;

  handle(app, r.marked, async (req, reply) => {
    const { fileId, rendition } = req.params;
    const { v, expires, sig } = req.query;
    if (!deps.media.verifyMarked(fileId, rendition, v, expires, sig)) throw forbidden('This link is invalid or has expired');
    const img = await svc.serveMarked(fileId, rendition, v);
    reply.header('Content-Type', img.contentType);
    // Bound to this URL (viewer and expiry in it): the browser may keep it until the link expires.
    reply.header('Cache-Control', `private, max-age=${Math.max(0, Math.min(3600, Math.floor(expires - Date.now() / 1000)))}`);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Mark-Cache', img.cache);
    reply.header('Content-Length', img.body.length);
    return reply.send(img.body);
  });

  handle(app, r.videoOverlay, async (req, reply) => {
    // Signed like the viewer's playlists (the same link query): a viewer learns only their own overlay.
    const viewerId = deps.media.hlsLinks.verify('playlist', req.params.fileId, req.query);
    reply.header('Cache-Control', 'private, no-store');
    return { data: await deps.videos.overlay(req.params.fileId, viewerId) };
  });
  handle(app, r.settings, async (req) => ({ data: await svc.settingsView(currentUser(req)) }));
  handle(app, r.updateSettings, async (req) => ({ data: await svc.saveSettings(currentUser(req), req.body.settings) }));
  handle(app, r.fileSetting, async (req) => ({ data: await svc.fileSettingView(currentUser(req), req.params.fileId) }));
  handle(app, r.fileSettings, async (req) => ({ data: await svc.saveFileSetting(currentUser(req), req.params.fileId, req.body.forensic) }));

  handle(app, r.traceUpload, async (req, reply) => {
    // Streamed to a temp file (≤ 300 MB, type by content: 413 / 415), a picture or a video clip.
    const upload = await receiveMultipart(req, { files: { file: 'leak' }, maxFiles: 1 });
    try {
      const file = upload.files[0];
      if (!file) throw badRequest('Attach the leaked picture or clip in the `file` field', [{ field: 'file', message: 'Required' }]);
      const run = mediaTypeOf(file.mime) === 'image' ? tracer.traceFile(currentUser(req), auditActor(req), file.tmpPath) : tracer.traceVideoFile(currentUser(req), auditActor(req), file.tmpPath);
      return reply.status(201).send({ data: await run });
    } finally {
      await upload.cleanup();
    }
  });
  handle(app, r.traceUrl, async (req, reply) => reply.status(201).send({ data: await tracer.traceUrl(currentUser(req), auditActor(req), req.body.url) }));
  handle(app, r.traces, async (req) => ({ data: await tracer.list(currentUser(req), req.query) }));
  handle(app, r.traceReport, async (req, reply) => reply.status(201).send({ data: await tracer.report(currentUser(req), req.params.id, req.body.description) }));
  handle(app, r.traceSuspend, async (req) => ({ data: await tracer.suspend(currentUser(req), auditActor(req), req.params.id, req.body.reason) }));
};
