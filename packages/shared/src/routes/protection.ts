import '../zod-config';
import { z } from 'zod';
import { envelope, idParams, listEnvelope } from '../api';
import { reportSchema } from '../social';
import {
  fileProtectionSchema, fileProtectionViewSchema, protectionSettingsViewSchema, videoOverlaySchema, traceIdParamsSchema, traceListQuerySchema, traceReportSchema, traceResultSchema,
  traceSuspendSchema, traceUrlSchema, updateProtectionSettingsSchema,
} from '../protection';
import { defineRoutes } from './define';

const RENDITIONS = ['thumb', 'medium', 'large'] as const;

/** Issue 32 §2–§3 for images (modules/protection README). */
export const protection = {
  ...defineRoutes('protection', {
    marked: {
      method: 'GET',
      path: '/files/marked/:fileId/:rendition',
      access: 'anyone',
      description:
        'A private image rendition as served to one viewer: with the creator\'s visible mark and the viewer\'s forensic mark, as the creator chose. Only with a valid, unexpired signature that covers the file, the rendition and the viewer (`v`, `expires`, `sig`), as the API hands them out in file views; 403 otherwise.',
      schema: {
        hide: true,
        params: z.object({ fileId: z.uuid({ error: 'Invalid id' }), rendition: z.enum(RENDITIONS) }),
        querystring: z.object({ v: z.uuid({ error: 'Invalid id' }), expires: z.coerce.number(), sig: z.string().max(200) }),
      },
    },
    videoOverlay: {
      method: 'GET',
      path: '/media/hls/:fileId/overlay',
      access: 'anyone',
      description:
        "What the player draws over a private video for the viewer its playlist link was signed for: the creator's address and the viewer's @username, as the creator chose. The same `v`, `e`, `s` as the viewer's master playlist URL (403 otherwise).",
      schema: {
        hide: true,
        params: idParams('fileId'),
        querystring: z.object({ v: z.string().max(40).optional(), e: z.coerce.number().optional(), s: z.string().max(100).optional() }),
        response: { 200: envelope(videoOverlaySchema) },
      },
    },
    settings: {
      method: 'GET',
      path: '/performer/protection/settings',
      access: 'performer',
      description: "The creator's watermark settings (or the operator's defaults while none are saved).",
      schema: { response: { 200: envelope(protectionSettingsViewSchema) } },
    },
    updateSettings: {
      method: 'PUT',
      path: '/performer/protection/settings',
      access: 'performer',
      description: 'Saves the creator\'s watermark settings (`null`: back to the operator\'s defaults). Marks already served keep theirs; the next serve uses the new ones.',
      schema: { body: updateProtectionSettingsSchema, response: { 200: envelope(protectionSettingsViewSchema) } },
    },
    fileSetting: {
      method: 'GET',
      path: '/performer/protection/files/:fileId',
      access: 'performer',
      description: "The forensic mark of one of the creator's private images or videos: on or off for it, and whether that is the item's own choice or the creator's default (`usesDefault`). 404: not the caller's file, or not an image or private video.",
      schema: { params: idParams('fileId'), response: { 200: envelope(fileProtectionViewSchema) } },
    },
    fileSettings: {
      method: 'PUT',
      path: '/performer/protection/files/:fileId',
      access: 'performer',
      description: "Turns the forensic mark on or off for one of the creator's private images or videos (404: not the caller's file).",
      schema: { params: idParams('fileId'), body: fileProtectionSchema, response: { 200: envelope(fileProtectionViewSchema) } },
    },
    traceUpload: {
      method: 'POST',
      path: '/protection/trace',
      access: 'performerOrAdmin',
      description:
        'The leak tracer: multipart field `file` (a picture, or a video clip up to 300 MB: 413 above, 415 for anything else). Finds which item it is (operators: any; creators: their own) and whose forensic mark it carries, with a confidence. Audited.',
      schema: { consumes: ['multipart/form-data'], response: { 201: envelope(traceResultSchema) } },
    },
    traceUrl: {
      method: 'POST',
      path: '/protection/trace/url',
      access: 'performerOrAdmin',
      description: "The leak tracer on an address of this site's storage (a file URL as the site hands them out; 400 on `url` for anything else). Audited.",
      schema: { body: traceUrlSchema, response: { 201: envelope(traceResultSchema) } },
    },
    traces: {
      method: 'GET',
      path: '/protection/traces',
      access: 'performerOrAdmin',
      description: "The caller's tracer runs, newest first (operators: every operator's).",
      schema: { querystring: traceListQuerySchema, response: { 200: listEnvelope(traceResultSchema) } },
    },
    traceReport: {
      method: 'POST',
      path: '/protection/traces/:id/report',
      access: 'performerOrAdmin',
      description: 'Opens a report on the identified viewer\'s account (reason copyright), naming the item and the trace. 422 when the trace named nobody; 409 when the caller already has an open report on that account.',
      schema: { params: traceIdParamsSchema, body: traceReportSchema, response: { 201: envelope(reportSchema) } },
    },
  }),
  ...defineRoutes('admin', {
    traceSuspend: {
      method: 'POST',
      path: '/admin/protection/traces/:id/suspend',
      access: 'admin',
      description: 'Operator: suspends the viewer a trace identified (through the Users section: audited `user.suspend`). 422 when the trace named nobody.',
      schema: { params: traceIdParamsSchema, body: traceSuspendSchema, response: { 200: envelope(traceResultSchema) } },
    },
  }),
};
