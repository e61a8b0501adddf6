import '../zod-config';
import { z } from 'zod';
import { envelope, idOrUsernameSchema, listEnvelope, okSchema, uuidParamSchema } from '../api';
import { createPhotosSchema, galleryPhotoQuerySchema, ownPhotoQuerySchema, performerPhotoQuerySchema, photoSchema, updatePhotoSchema } from '../galleries';
import { defineRoutes } from './define';

const one = envelope(photoSchema);
const list = listEnvelope(photoSchema);

/**
 * Spec §7 Photos: a gallery's photos. Creator routes act on their own photos only (another
 * creator's → 404); a photo's access is its gallery's. Rules: apps/api/src/modules/galleries/README.md.
 */
export const photos = defineRoutes('photos', {
  // ----------------------------------------------------------- creator
  upload: {
    method: 'POST',
    path: '/performer/performer-assets/photos/upload',
    access: 'performer',
    description:
      'Multipart: one image in the field `photo` and the `galleryId` field (optional `title`); one photo per request (upload many in parallel). Stored privately and processed in the background; answers the photo with its file status.',
    schema: { consumes: ['multipart/form-data'], response: { 200: one } },
  },
  create: {
    method: 'POST',
    path: '/performer/performer-assets/photos/create',
    access: 'performer',
    description: "Photos from files already uploaded: the creator's own private images (photo uploads or vault images), `fileIds` and/or `fileId`, into an own gallery.",
    schema: { body: createPhotosSchema, response: { 200: envelope(z.array(photoSchema)) } },
  },
  listOwn: {
    method: 'GET',
    path: '/performer/performer-assets/photos/search',
    access: 'performer',
    description: "The creator's own photos, every status (one gallery's with `galleryId`).",
    schema: { querystring: ownPhotoQuerySchema, response: { 200: list } },
  },
  update: {
    method: 'PUT',
    path: '/performer/performer-assets/photos/:id',
    access: 'performer',
    description: "Edits an own photo (title, description, status; `galleryId` moves it to another own gallery); 404 for others'.",
    schema: { params: uuidParamSchema, body: updatePhotoSchema, response: { 200: one } },
  },
  remove: {
    method: 'DELETE',
    path: '/performer/performer-assets/photos/:id',
    access: 'performer',
    description: "Removes an own photo from its gallery (the file stays in the vault); 404 for others'. A removed cover leaves the first photo as the cover.",
    schema: { params: uuidParamSchema, response: { 200: envelope(okSchema) } },
  },
  setCover: {
    method: 'POST',
    path: '/performer/performer-assets/photos/set-cover/:id',
    access: 'performer',
    description: "Makes an own photo its gallery's cover (one cover per gallery); 404 for others'.",
    schema: { params: uuidParamSchema, response: { 200: one } },
  },
  // ----------------------------------------------------------- fans
  list: {
    method: 'GET',
    path: '/performer-assets/photos',
    access: 'anyone',
    description: "One gallery's photos (`galleryId` required), in order, for those with access to it: 403 while the gallery is locked, 404 when it is hidden.",
    schema: { querystring: galleryPhotoQuerySchema, response: { 200: list } },
  },
  byPerformer: {
    method: 'GET',
    path: '/performer-assets/photos/:performerId',
    access: 'anyone',
    description: "A creator's photos (by id or username) across the galleries the viewer may see, newest first; photos of locked galleries are listed locked (blurred preview only).",
    schema: { params: z.object({ performerId: idOrUsernameSchema }), querystring: performerPhotoQuerySchema, response: { 200: list } },
  },
});
