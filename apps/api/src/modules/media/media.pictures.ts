import type { MediaService } from './media.service';

/**
 * A picture URL for each of `fileIds` that has one (the operator console's previews): an image's
 * first thumbnail (else the image), a video's first poster frame; public files get their stable
 * URL, private ones a short-lived signed URL (the console is admin-only). One query.
 */
export async function filePictures(media: MediaService, fileIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (fileIds.length === 0) return out;
  for (const f of await media.byIds(fileIds)) {
    const view = media.fileView(f, 'full');
    const url = view.thumbnails[0] ?? (view.type === 'image' ? view.url : undefined) ?? view.preview;
    if (url) out.set(f.id, url);
  }
  return out;
}
