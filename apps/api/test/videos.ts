import { uuidv7 } from 'uuidv7';
import { VIDEO_FILE_KINDS, toMinor, type VideoUploadSlot } from '@stagepass/shared';
import type { TestApp } from './harness';
import { files, type FileRow } from '../src/modules/media/media.tables';
import { videos, type VideoRow } from '../src/modules/videos/videos.tables';

/**
 * Test rows for videos, written directly (no HTTP, no processing) so tests can set up any state:
 * a processed file of each slot (renditions, poster, blurred preview) and a video row.
 */

/** A processed (ready) file of a video slot: the main video private, teaser and thumbnail public. */
export async function createVideoFile(
  t: TestApp,
  ownerId: string,
  slot: VideoUploadSlot = 'video',
  o: Partial<{ status: FileRow['status']; visibility: 'public' | 'private' }> = {},
): Promise<FileRow> {
  const id = uuidv7();
  const kind = VIDEO_FILE_KINDS[slot];
  const image = slot === 'thumbnail';
  const visibility = o.visibility ?? (slot === 'video' ? 'private' : 'public');
  const base = `${visibility}/${kind}/${id}`;
  const [row] = await t.ctx.db
    .insert(files)
    .values({
      id, ownerId, kind, visibility, originalName: image ? 'thumb.webp' : 'clip.mp4', mimeType: image ? 'image/webp' : 'video/mp4', size: 4321,
      storageKey: image ? `${base}/large.webp` : `${base}/main.mp4`, status: o.status ?? 'ready', mediaType: image ? 'image' : 'video',
      variants: image ? { thumb: `${base}/thumb.webp`, medium: `${base}/medium.webp`, large: `${base}/large.webp` } : { poster: `${base}/poster.webp` },
      width: 640, height: 360, duration: image ? null : 42, preview: `public/${kind}/${id}/preview.webp`, meta: { thumbnails: image ? ['thumb', 'medium'] : ['poster'] },
      // A private video is packaged as encrypted HLS (media README "HLS"): viewers get its playlist, never the MP4.
      ...(!image && visibility === 'private' && (o.status ?? 'ready') === 'ready'
        ? { hlsStatus: 'ready' as const, hls: { dir: `${base}/hls-test`, renditions: [{ name: '360p', width: 640, height: 360, bandwidth: 800_000, averageBandwidth: 600_000, segments: 1 }], key: 'not-a-real-key' } }
        : {}),
    })
    .returning();
  return row!;
}

/**
 * A video row. Defaults: active, free, published a minute ago (its publication recorded), with a
 * fresh main file (`fileId: null` for none). `price` is a decimal (sale only).
 */
export async function createVideo(
  t: TestApp,
  performerId: string,
  o: Partial<{
    title: string; description: string; tags: string[]; status: VideoRow['status']; access: VideoRow['access']; price: number;
    fileId: string | null; teaserFileId: string | null; thumbnailFileId: string | null; publishAt: Date; publishedAt: Date | null;
  }> = {},
): Promise<VideoRow> {
  const status = o.status ?? 'active';
  const access = o.access ?? 'free';
  const publishAt = o.publishAt ?? new Date(Date.now() - 60_000);
  const fileId = o.fileId !== undefined ? o.fileId : (await createVideoFile(t, performerId, 'video')).id;
  const live = status === 'active' && publishAt.getTime() <= Date.now();
  const [row] = await t.ctx.db
    .insert(videos)
    .values({
      performerId, title: o.title ?? 'A video', description: o.description ?? '', tags: o.tags ?? [], status, access,
      price: access === 'sale' ? toMinor(o.price ?? 9.99) : null, fileId, teaserFileId: o.teaserFileId ?? null, thumbnailFileId: o.thumbnailFileId ?? null,
      publishAt, publishedAt: o.publishedAt !== undefined ? o.publishedAt : live ? publishAt : null,
    })
    .returning();
  return row!;
}
