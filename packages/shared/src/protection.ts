import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema } from './api';

/**
 * Issue 32 §2–§3 (apps/api/src/modules/protection README): per-viewer visible and forensic
 * watermarks on private images and videos served to someone other than their owner, and the leak
 * tracer. Videos carry the forensic mark as A/B segment variants (media README).
 */

export const PROTECTED_MEDIA_KINDS = ['image', 'video'] as const;
export type ProtectedMediaKind = (typeof PROTECTED_MEDIA_KINDS)[number];

export const WATERMARK_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'center', 'tiled'] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];

/** A creator's watermark settings (or the operator's defaults, site settings `watermark*`). */
export const watermarkSettingsSchema = z.object({
  /** The visible mark: the creator's address and the viewer's username. */
  visible: z.boolean(),
  position: z.enum(WATERMARK_POSITIONS, { error: `One of: ${WATERMARK_POSITIONS.join(', ')}` }),
  /** Percent, 10–90. */
  opacity: z.number().int('A whole number').min(10, 'At least 10').max(90, 'At most 90'),
  /** The forensic (invisible) mark on the creator's items (each item may still turn it off). */
  forensic: z.boolean(),
});
export type WatermarkSettings = z.infer<typeof watermarkSettingsSchema>;

/** GET/PUT /performer/protection/settings. */
export const protectionSettingsViewSchema = z.object({
  settings: watermarkSettingsSchema,
  /** No own choice saved: the operator's defaults apply (and follow their changes). */
  usesDefaults: z.boolean(),
  defaults: watermarkSettingsSchema,
  /** What the visible mark writes for the creator (site address + /username). */
  creatorUrl: z.string(),
});
export type ProtectionSettingsView = z.infer<typeof protectionSettingsViewSchema>;
/** PUT body: the settings, or `null` to go back to the operator's defaults. */
export const updateProtectionSettingsSchema = z.object({ settings: watermarkSettingsSchema.nullable() });

/**
 * GET /media/hls/{fileId}/overlay: what the player draws over a private video for the viewer its
 * link was signed for — the creator's address and the viewer's @username, where and how opaque
 * the creator chose (`visible` false: nothing).
 */
export const videoOverlaySchema = z.object({
  visible: z.boolean(),
  position: z.enum(WATERMARK_POSITIONS),
  opacity: z.number().int(),
  lines: z.array(z.string()),
});
export type VideoOverlay = z.infer<typeof videoOverlaySchema>;

/** PUT /performer/protection/files/{fileId}: the forensic mark on one item (image or video) of the creator. */
export const fileProtectionSchema = z.object({ forensic: z.boolean() });
export const fileProtectionViewSchema = z.object({ fileId: z.string(), forensic: z.boolean(), usesDefault: z.boolean() });

export const TRACE_STATUSES = ['identified', 'unidentified', 'no_match'] as const;
export type TraceStatus = (typeof TRACE_STATUSES)[number];

/** POST …/trace/url: an address of this site's storage (a file URL as the site hands them out). */
export const traceUrlSchema = z.object({ url: z.string().trim().min(1, 'Required').max(2000) });

/** One tracer run: which item, which viewer, how sure, and what can be done next. */
export const traceResultSchema = z.object({
  _id: z.string(),
  mediaKind: z.enum(PROTECTED_MEDIA_KINDS),
  /** identified: a viewer's mark was read with confidence ≥ the threshold; unidentified: the item was found, no mark read; no_match: no item of this site (or of the creator) resembles the picture. */
  status: z.enum(TRACE_STATUSES),
  item: z
    .object({
      fileId: z.string(),
      ownerId: z.string(),
      ownerUsername: z.string(),
      /** The rendition the leak was aligned to (thumb, medium, large; `video` for a clip). */
      rendition: z.string(),
      /** Perceptual-hash distance of the leak to the item (0–64). */
      distance: z.number().int(),
    })
    .nullable(),
  viewer: z.object({ _id: z.string(), username: z.string(), name: z.string(), status: z.string() }).nullable(),
  /** Videos: the A/B segments read from the clip, and the distinct payload bits among them (48 name a viewer). */
  video: z.object({ segments: z.number().int(), bitsRead: z.number().int(), bitsNeeded: z.number().int(), offsetSeconds: z.number() }).nullable().optional(),
  /** Probability that every bit of the mark was read right (0–1); null when no item was found. */
  confidence: z.number().nullable(),
  /** The source: `upload` or the pasted address. */
  source: z.string(),
  createdAt: z.string(),
  /** A takedown notice for the site where the leak was found, ready to fill in and send. */
  noticeDraft: z.string().nullable(),
});
export type TraceResult = z.infer<typeof traceResultSchema>;

export const traceListQuerySchema = listQuerySchema.pick({ offset: true, limit: true });
export const traceIdParamsSchema = z.object({ id: idSchema });
/** POST /admin/protection/traces/{id}/suspend. */
export const traceSuspendSchema = z.object({ reason: z.string().trim().min(3, 'Give a reason (at least 3 characters)').max(500) });
/** POST …/traces/{id}/report. */
export const traceReportSchema = z.object({ description: z.string().trim().max(1000).optional() });
