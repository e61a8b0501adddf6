import '../zod-config';
import { envelope, listEnvelope, okSchema, uuidParamSchema } from '../api';
import { ownProductSearchQuerySchema, productDownloadLinkSchema, productDownloadQuerySchema, productSchema, productSearchQuerySchema } from '../products';
import { defineRoutes } from './define';

const one = envelope(productSchema);
const list = listEnvelope(productSchema);
const multipart = ['multipart/form-data'];

/**
 * Spec §7 Products: the creator's shop (/performer/performer-assets/products…: own products only,
 * another creator's → 404) and the fans' side (/performer-assets/products…). Rules:
 * apps/api/src/modules/products/README.md.
 */
export const products = defineRoutes('products', {
  // ----------------------------------------------------------- creator
  create: {
    method: 'POST',
    path: '/performer/performer-assets/products',
    access: 'performer',
    description:
      'Multipart. Fields: name, description, type (physical | digital), status (draft | active | inactive; default draft), price, stock (physical: required), shippingFee (physical; default 0) — checked with the shared createProductSchema (400 with field errors). Files: `image` (0–10 images, public) and `digitalFile` (digital only: one file of any type, private; required to be active). A cut-off upload → 400; nothing is kept when anything fails.',
    schema: { consumes: multipart, response: { 200: one } },
  },
  update: {
    method: 'PUT',
    path: '/performer/performer-assets/products/:id',
    access: 'performer',
    description:
      "Multipart, any subset of the create fields (the type cannot change). `imageIds`: the existing images to keep, in order (JSON array or comma-separated; absent = keep all); new `image` files go after them (10 at most). A new `digitalFile` replaces the old one. Another creator's product → 404.",
    schema: { consumes: multipart, params: uuidParamSchema, response: { 200: one } },
  },
  searchOwn: {
    method: 'GET',
    path: '/performer/performer-assets/products/search',
    access: 'performer',
    description: "The creator's own products, every status (filters: status, type, q on name and description).",
    schema: { querystring: ownProductSearchQuerySchema, response: { 200: list } },
  },
  viewOwn: {
    method: 'GET',
    path: '/performer/performer-assets/products/:id/view',
    access: 'performer',
    description: "One of the creator's own products, with its digital file's name and size (never a URL); another creator's → 404.",
    schema: { params: uuidParamSchema, response: { 200: one } },
  },
  remove: {
    method: 'DELETE',
    path: '/performer/performer-assets/products/:id',
    access: 'performer',
    description:
      "Deletes an own product and its files. A product that has sold (it has orders) is kept for its buyers → 409: set it inactive instead. Another creator's → 404.",
    schema: { params: uuidParamSchema, response: { 200: envelope(okSchema) } },
  },
  // ----------------------------------------------------------- fans
  search: {
    method: 'GET',
    path: '/performer-assets/products/search',
    access: 'anyone',
    description: "Active products (filters: performerId, type, q); never a blocked creator's.",
    schema: { querystring: productSearchQuerySchema, response: { 200: list } },
  },
  get: {
    method: 'GET',
    path: '/performer-assets/products/:id',
    access: 'anyone',
    description:
      "One product: 404 when draft, inactive or across a block (the owner and admins see it). `isBought` for a digital product the caller bought; `stock`. Never the digital file's URL. Counts a view.",
    schema: { params: uuidParamSchema, response: { 200: one } },
  },
  downloadLink: {
    method: 'GET',
    path: '/performer-assets/products/:id/download-link',
    access: 'user',
    description:
      'A digital product\'s download link for a buyer (an order of it that was not refunded; else 403; hidden or unknown product → 404): a single-purpose signed URL bound to this product and the caller, valid 5 minutes — never a session token.',
    schema: { params: uuidParamSchema, response: { 200: envelope(productDownloadLinkSchema) } },
  },
  download: {
    method: 'GET',
    path: '/performer-assets/products/:id/download',
    access: 'anyone',
    description:
      "Streams the digital file (Content-Disposition: attachment) for the `token` of a download link: bound to this product (another product's token → 403), expired → 410, a buyer whose order was refunded since → 403. Counts a download.",
    schema: { params: uuidParamSchema, querystring: productDownloadQuerySchema },
  },
});
