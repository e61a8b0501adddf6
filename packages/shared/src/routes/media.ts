import '../zod-config';
import { z } from 'zod';
import { envelope, idParams } from '../api';
import { fileStatusSchema, hlsProgressSchema } from '../media';
import { defineRoutes } from './define';

const hlsLinkQuery = z.object({ v: z.string().max(40).optional(), e: z.coerce.number().optional(), s: z.string().max(100).optional() });

/** File delivery and processing status. */
export const media = defineRoutes('media', {
  status: {
    method: 'GET',
    path: '/files/:fileId/status',
    access: 'user',
    description: 'Processing status of a file: uploaded → processing → ready | failed (with `error`). The owner or an admin; 404 for anyone else.',
    schema: { params: idParams('fileId'), response: { 200: envelope(fileStatusSchema) } },
  },
  file: {
    method: 'GET',
    path: '/files/*',
    access: 'anyone',
    description: 'A stored file: `public/…` keys to anyone (cached for a year), `private/…` keys only with a valid, unexpired signature (`expires`, `sig`). Range requests are honoured.',
    schema: { hide: true, querystring: z.object({ expires: z.coerce.number().optional(), sig: z.string().max(200).optional() }) },
  },
  hlsMaster: {
    method: 'GET',
    path: '/media/hls/:fileId/master.m3u8',
    access: 'anyone',
    description:
      "Encrypted HLS (modules/media README \"HLS\"): a private video's master playlist for the viewer the link was signed for (`v` viewer id or `0`, `e` expiry, `s` signature — the video's `hls` URL, valid 4 h). Each rendition's URI is signed for the same viewer. The viewer's access is checked through the content kind's policy (not entitled → 403). Forged, expired or another file's link → 403; no such packaged file → 404. `Cache-Control: private, no-store`.",
    schema: { hide: true, params: idParams('fileId'), querystring: hlsLinkQuery },
  },
  hlsRendition: {
    method: 'GET',
    path: '/media/hls/:fileId/:rendition/index.m3u8',
    access: 'anyone',
    description:
      'A rendition playlist (`360p`, `720p`, `1080p`) for the viewer the link was signed for: the AES-128 key URI signed for that viewer (valid 10 min), segments as signed storage URLs. Access checked again (403).',
    schema: { hide: true, params: idParams('fileId').extend({ rendition: z.string().max(8) }), querystring: hlsLinkQuery },
  },
  hlsKey: {
    method: 'GET',
    path: '/media/hls/:fileId/key',
    access: 'anyone',
    description:
      "The 16-byte AES-128 key of a packaged video, for the viewer the link was signed for, after the content kind's access policy is asked again (a ban, a refund or a block → 403 at the next key fetch).",
    schema: { hide: true, params: idParams('fileId'), querystring: hlsLinkQuery },
  },
  adminHls: {
    method: 'GET',
    path: '/admin/media/hls',
    access: 'admin',
    description: "Operator: the HLS backfill's progress over private, ready videos (packaged, failed, waiting).",
    schema: { response: { 200: envelope(hlsProgressSchema) } },
  },
  adminHlsRetry: {
    method: 'POST',
    path: '/admin/media/hls/retry',
    access: 'admin',
    description: 'Operator: queues the videos whose packaging failed again (audited `media.hls-retry`). Answers the progress.',
    schema: { response: { 200: envelope(hlsProgressSchema) } },
  },
});
