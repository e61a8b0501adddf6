import path from 'node:path';
import { routes } from '@stagepass/shared/routes';
import { forbidden, notFound } from '../../platform/errors';
import { currentUser, isAdmin } from '../../platform/auth';
import { auditActor } from '../../platform/audit';
import { handle, type ZodApp } from '../../platform/routes';
import type { Storage } from '../../platform/storage';
import type { MediaService } from './media.service';
import { HLS_CONTENT_TYPE, type HlsDelivery } from './media.hls';

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.gif': 'image/gif',
  '.pdf': 'application/pdf', '.mp4': 'video/mp4', '.mov': 'video/quicktime', '.webm': 'video/webm', '.mkv': 'video/x-matroska',
  '.ts': 'video/mp2t', '.m3u8': 'application/vnd.apple.mpegurl', '.avif': 'image/avif', '.mp3': 'audio/mpeg', '.m4a': 'audio/mp4', '.avi': 'video/x-msvideo', '.mpg': 'video/mpeg',
};

/** What the media routes are given by the composition root (by closure). */
export interface MediaRoutesDeps {
  media: MediaService;
  storage: Storage;
  /** Encrypted HLS delivery (README "HLS"). */
  hls: HlsDelivery;
}

/**
 * File delivery. `public/…` keys: anyone, cached for a year (keys never change content).
 * `private/…` keys: only with a valid, unexpired signature. Range requests are honoured.
 * Contracts: packages/shared/src/routes/media.ts.
 */
export const mediaRoutes = (deps: MediaRoutesDeps) => async (app: ZodApp) => {
  const media = deps.media;
  const r = routes.media;

  handle(app, r.status, async (req) => {
    const user = currentUser(req);
    const file = await media.byId(req.params.fileId);
    if (!file || (file.ownerId !== user.id && !isAdmin(user))) throw notFound('File not found');
    return { data: media.statusView(file) };
  });
  // Encrypted HLS: playlists and keys for the viewer a link was signed for; never cached.
  const noStore = (reply: { header: (k: string, v: string) => unknown }) => {
    reply.header('Cache-Control', 'private, no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
  };
  handle(app, r.hlsMaster, async (req, reply) => {
    const body = await deps.hls.master(req.params.fileId, req.query);
    noStore(reply);
    return reply.header('Content-Type', HLS_CONTENT_TYPE).send(body);
  });
  handle(app, r.hlsRendition, async (req, reply) => {
    const body = await deps.hls.rendition(req.params.fileId, req.params.rendition, req.query);
    noStore(reply);
    return reply.header('Content-Type', HLS_CONTENT_TYPE).send(body);
  });
  handle(app, r.hlsKey, async (req, reply) => {
    const key = await deps.hls.key(req.params.fileId, req.query);
    noStore(reply);
    return reply.header('Content-Type', 'application/octet-stream').send(key);
  });
  handle(app, r.adminHls, async () => ({ data: await media.hlsProgress() }));
  handle(app, r.adminHlsRetry, async (req) => {
    await media.retryFailedHls(auditActor(req));
    return { data: await media.hlsProgress() };
  });

  handle(app, r.file, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    if (!key || key.includes('..') || !/^(public|private)\//.test(key)) throw notFound();
    if (key.startsWith('private/')) {
      const { expires, sig } = req.query;
      if (!expires || !sig || !media.verify(key, expires, sig)) throw forbidden('This link is invalid or has expired');
    }
    const stat = await deps.storage.stat(key);
    if (!stat) throw notFound();
    const type = CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
    reply.header('Content-Type', type);
    reply.header('Accept-Ranges', 'bytes');
    reply.header('Cache-Control', key.startsWith('public/') ? 'public, max-age=31536000, immutable' : 'private, no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    if (range && (range[1] || range[2])) {
      let start = range[1] ? Number(range[1]) : stat.size - Number(range[2]);
      let end = range[1] && range[2] ? Number(range[2]) : stat.size - 1;
      start = Math.max(0, start);
      end = Math.min(end, stat.size - 1);
      if (start > end) {
        reply.header('Content-Range', `bytes */${stat.size}`).header('Content-Type', 'application/json; charset=utf-8');
        return reply.status(416).send(JSON.stringify({ statusCode: 416, error: 'Range Not Satisfiable', message: 'Range not satisfiable' }));
      }
      reply.status(206).header('Content-Range', `bytes ${start}-${end}/${stat.size}`).header('Content-Length', end - start + 1);
      return reply.send(await deps.storage.get(key, { start, end }));
    }
    reply.header('Content-Length', stat.size);
    return reply.send(await deps.storage.get(key));
  });
};
