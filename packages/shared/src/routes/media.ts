import '../zod-config';
import { z } from 'zod';
import { envelope, idParams } from '../api';
import { fileStatusSchema } from '../media';
import { defineRoutes } from './define';

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
});
