import '../zod-config';
import { envelope, listEnvelope, okSchema, uuidParamSchema } from '../api';
import { createGallerySchema, galleryQuerySchema, gallerySchema, ownGalleryQuerySchema, updateGallerySchema } from '../galleries';
import { defineRoutes } from './define';

const one = envelope(gallerySchema);
const list = listEnvelope(gallerySchema);

/**
 * Spec §7 Galleries: the creator's galleries (/performer/performer-assets/galleries…, own only:
 * another creator's → 404) and the fans' side (/performer-assets/galleries…). Locked galleries
 * show the blurred cover and the photo count, never a photo URL. Rules:
 * apps/api/src/modules/galleries/README.md.
 */
export const galleries = defineRoutes('galleries', {
  // ----------------------------------------------------------- creator
  create: {
    method: 'POST',
    path: '/performer/performer-assets/galleries',
    access: 'performer',
    description:
      'Creates a gallery: title, description, tags, status (draft | active | inactive), access (free | subscribers | sale; `price` for sale, within the site limits), `scheduleAt` to publish later.',
    schema: { body: createGallerySchema, response: { 200: one } },
  },
  listOwn: {
    method: 'GET',
    path: '/performer/performer-assets/galleries/search',
    access: 'performer',
    description: "The creator's own galleries, every status (`status`, `access`, `q` filter), with the cover and the photo count.",
    schema: { querystring: ownGalleryQuerySchema, response: { 200: list } },
  },
  own: {
    method: 'GET',
    path: '/performer/performer-assets/galleries/:id/view',
    access: 'performer',
    description: "One of the creator's own galleries (404 for others').",
    schema: { params: uuidParamSchema, response: { 200: one } },
  },
  update: {
    method: 'PUT',
    path: '/performer/performer-assets/galleries/:id',
    access: 'performer',
    description: "Edits an own gallery (any subset of the create fields); 404 for others'. Buyers keep access whatever changes.",
    schema: { params: uuidParamSchema, body: updateGallerySchema, response: { 200: one } },
  },
  remove: {
    method: 'DELETE',
    path: '/performer/performer-assets/galleries/:id',
    access: 'performer',
    description:
      "Deletes an own gallery and its photos (the files stay in the vault); 404 for others'. A gallery someone bought cannot be deleted (409): make it inactive instead — buyers keep access.",
    schema: { params: uuidParamSchema, response: { 200: envelope(okSchema) } },
  },
  // ----------------------------------------------------------- fans
  search: {
    method: 'GET',
    path: '/performer-assets/galleries/search',
    access: 'anyone',
    description: 'Active, published galleries (of one creator with `performerId`; `q` full-text, `tag`, `access`); locked ones listed locked. Nothing across a block.',
    schema: { querystring: galleryQuerySchema, response: { 200: list } },
  },
  get: {
    method: 'GET',
    path: '/performer-assets/galleries/:id',
    access: 'anyone',
    description:
      'One gallery, for anyone who may know it (404 for drafts, inactive, scheduled or blocked — buyers keep seeing what they bought). Locked: the blurred cover and the count only.',
    schema: { params: uuidParamSchema, response: { 200: one } },
  },
  /** A download with the session token (web: `routeHref` + a fetch, like the earnings CSV); the answer is application/zip. */
  download: {
    method: 'GET',
    path: '/performer-assets/galleries/:id/download',
    access: 'user',
    description:
      "The gallery's photos as a ZIP (streamed, application/zip; the processed ≤ 1920 px renditions). Only with access to the gallery: 403 locked, 404 hidden.",
    schema: { params: uuidParamSchema },
  },
});
