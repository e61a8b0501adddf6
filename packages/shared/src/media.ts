import './zod-config';
import { z } from 'zod';

/**
 * Files of the media pipeline (photos, videos, audio of feeds and, later, videos, galleries and
 * messages). Processing: uploaded → processing → ready | failed (with `error`).
 */
import { FILE_STATUSES, MEDIA_TYPES } from './message-defaults';

/**
 * A media file as the API shows it. `preview` (a tiny, heavily blurred picture) is there for
 * everyone once processed; `thumbnails` and `url` only for callers whose access was checked —
 * for a locked item they are `[]` and absent.
 */
export const mediaFileSchema = z.object({
  _id: z.string(),
  type: z.enum(MEDIA_TYPES),
  status: z.enum(FILE_STATUSES),
  /** Why processing failed (status `failed`). */
  error: z.string().optional(),
  /** Of the stored main rendition (`url`): image/webp, video/mp4, audio/mp4 once ready; the upload's type before. */
  mimeType: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  /** Seconds (video, audio). */
  duration: z.number().optional(),
  /** Blurred preview URL (WebP, ~32 px wide); images and videos, once processed. */
  preview: z.string().optional(),
  /**
   * Pictures, smallest first: an image's 320 px and 960 px wide renditions; a video's poster.
   * Empty without access or before processing is done.
   */
  thumbnails: z.array(z.string()),
  /**
   * What to show or play: the image (≤ 1920 px wide WebP), the video (H.264/AAC MP4, ≤ 1080p,
   * seekable with Range), the audio (AAC .m4a). A short-lived signed URL for private files, a
   * stable one for public files; only with access and once ready. A private video's MP4 only for
   * its owner and operators (downloads): viewers get `hls`.
   */
  url: z.string().optional(),
  /**
   * Private videos, once packaged: the viewer's HLS master playlist (renditions 360p/720p/1080p by
   * source size, AES-128 segments), a URL signed for this viewer and valid 4 h. Its key is served
   * only while the viewer may still watch (checked at every key fetch).
   */
  hls: z.string().optional(),
});
export type MediaFileView = z.infer<typeof mediaFileSchema>;

/** GET /files/{fileId}/status, GET …/file/{fileId}/status. */
export const fileStatusSchema = z.object({
  _id: z.string(),
  status: z.enum(FILE_STATUSES),
  error: z.string().optional(),
});
export type FileStatusView = z.infer<typeof fileStatusSchema>;

/** GET /admin/media/hls: the HLS backfill's progress over private, ready videos. */
export const hlsProgressSchema = z.object({
  total: z.number().int(),
  /** Packaged as encrypted HLS. */
  done: z.number().int(),
  /** Packaging gave up (retry from the console). */
  failed: z.number().int(),
  /** Not packaged yet (queued by the backfill). */
  pending: z.number().int(),
});
export type HlsProgress = z.infer<typeof hlsProgressSchema>;
