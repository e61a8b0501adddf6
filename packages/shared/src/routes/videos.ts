import '../zod-config';
import { z } from 'zod';
import { envelope, idSchema, listEnvelope, okSchema, uuidParamSchema } from '../api';
import { mediaFileSchema } from '../media';
import {
  VIDEO_UPLOAD_SLOTS, createVideoSchema, editVideoSchema, ownVideoQuerySchema, removeVideoFileSchema, updateVideoFilesSchema,
  videoSchema, videoSearchQuerySchema,
} from '../videos';
import { defineRoutes } from './define';

const one = envelope(videoSchema);
const list = listEnvelope(videoSchema);
const fileView = envelope(mediaFileSchema);
const UPLOAD =
  'Multipart field `file`, streamed into the media pipeline. Answers the file view with its processing status (uploaded → processing → ready | failed); the owner\'s sockets get `media/status` {fileId, status, error?} at each change, and GET /performer-assets/videos/new/file/{fileId}/status answers it too. Attach the `_id` with create or PUT …/update/{id}.';

/**
 * Spec §7 Videos: the creator's catalogue (/performer/performer-assets/videos…) and the fans' side
 * (/performer-assets/videos…). Rules: apps/api/src/modules/videos/README.md.
 */
export const videos = defineRoutes('videos', {
  // ----------------------------------------------------------- creator
  upload: {
    method: 'POST',
    path: '/performer/performer-assets/videos/upload',
    access: 'performer',
    description: `The main video file (the same as …/videos/video/upload): a video, checked by content. ${UPLOAD}`,
    schema: { consumes: ['multipart/form-data'], response: { 200: fileView } },
  },
  uploadFile: {
    method: 'POST',
    path: '/performer/performer-assets/videos/:slot/upload',
    access: 'performer',
    description: `slot video: the main video file (private: played only through signed URLs given to those the access rule allows); teaser: a short video clip (public: shown to everyone who may see the video listed); thumbnail: an image (public). ${UPLOAD}`,
    schema: { consumes: ['multipart/form-data'], params: z.object({ slot: z.enum(VIDEO_UPLOAD_SLOTS) }), response: { 200: fileView } },
  },
  create: {
    method: 'POST',
    path: '/performer/performer-assets/videos/create',
    access: 'performer',
    description:
      "Creates a video. Files (`fileId` a video, `teaserFileId` a video, `thumbnailFileId` an image) must be the creator's own uploads or vault files (400 with the field otherwise). `status` draft | active | inactive (an active video needs `fileId`: 400); `access` free | subscribers | sale (`price` required for sale, within the site limits). `scheduleAt` (future) publishes an active video at that time.",
    schema: { body: createVideoSchema, response: { 200: one } },
  },
  search: {
    method: 'GET',
    path: '/performer/performer-assets/videos/search',
    access: 'performer',
    description: "The creator's own videos in every status, paginated: `q` (title, description), `status` (draft | active | inactive | scheduled), `access`.",
    schema: { querystring: ownVideoQuerySchema, response: { 200: list } },
  },
  view: {
    method: 'GET',
    path: '/performer/performer-assets/videos/:id/view',
    access: 'performer',
    description: "One of the creator's own videos with every file (404 for another creator's).",
    schema: { params: uuidParamSchema, response: { 200: one } },
  },
  edit: {
    method: 'PUT',
    path: '/performer/performer-assets/videos/edit/:id',
    access: 'performer',
    description:
      'Edits the METADATA of an own video (any subset): title, description, tags, status, access, price, scheduleAt (`null` publishes a scheduled video now; a published video cannot be rescheduled or set back to draft: 422). Files are changed with PUT …/videos/update/{id}. 404 for another creator\'s.',
    schema: { params: uuidParamSchema, body: editVideoSchema, response: { 200: one } },
  },
  update: {
    method: 'PUT',
    path: '/performer/performer-assets/videos/update/:id',
    access: 'performer',
    description:
      "Replaces the FILES of an own video (any subset of `fileId`, `teaserFileId`, `thumbnailFileId`; `null` detaches one — not the video file of an active video: 422). The metadata is changed with PUT …/videos/edit/{id}. 404 for another creator's.",
    schema: { params: uuidParamSchema, body: updateVideoFilesSchema, response: { 200: one } },
  },
  removeFile: {
    method: 'DELETE',
    path: '/performer/performer-assets/videos/remove-file/:id',
    access: 'performer',
    description:
      "Detaches one file of an own video: body {type: video | teaser | thumbnail}. The file itself stays in the creator's vault. The video file of an active video cannot be removed (422: set the video to draft or inactive first, or replace it with PUT …/update/{id}).",
    schema: { params: uuidParamSchema, body: removeVideoFileSchema, response: { 200: one } },
  },
  remove: {
    method: 'DELETE',
    path: '/performer/performer-assets/videos/:id',
    access: 'performer',
    description:
      "Deletes an own video (its files stay in the vault). A video somebody bought cannot be deleted (409: buyers keep what they paid for — set it inactive instead, which withdraws it from everyone else). 404 for another creator's.",
    schema: { params: uuidParamSchema, response: { 200: envelope(okSchema) } },
  },
  // ----------------------------------------------------------- fans
  publicSearch: {
    method: 'GET',
    path: '/performer-assets/videos/search',
    access: 'anyone',
    description:
      'Active, published videos, newest first: `performerId`, `tag`, `q` (title, description), `access`, `excludeId`. Never across a block. Locked ones are listed without their video file (`video: null`).',
    schema: { querystring: videoSearchQuerySchema, response: { 200: list } },
  },
  get: {
    method: 'GET',
    path: '/performer-assets/videos/:id',
    access: 'anyone',
    description:
      'One video, for anyone who may see it (404 for drafts, inactive and not-yet-published videos — except for the owner, admins and buyers of an inactive one — and across a block). Counts a view (not the owner\'s). `video` (the player URL, Range-seekable) only when `canView`; the teaser and thumbnail always.',
    schema: { params: uuidParamSchema, response: { 200: one } },
  },
  fileStatus: {
    method: 'GET',
    path: '/performer-assets/videos/:id/file/:fileId/status',
    access: 'anyone',
    description:
      "Processing status of one of the video's files (the file view: no URL of the main file when locked). The uploader may ask about their own file before attaching it with `new` as the video id (anything else must be a UUID). Live changes: the socket event `media/status` to the owner.",
    schema: {
      params: z.object({ id: z.union([z.literal('new'), idSchema], { error: 'A video id or `new`' }), fileId: idSchema }),
      response: { 200: fileView },
    },
  },
});
