import type { MediaService } from './media.service';

/**
 * A picture URL for each of `fileIds` that has one (the operator console's previews: the Content
 * section, the reports queue). A PUBLIC file (a thumbnail, a teaser, a shop image — shown to
 * everyone, locked items included) gets its stable URL: an image's first thumbnail (else the
 * image), a video's first poster frame. A PRIVATE file (a post's photos, a gallery's photos, a
 * video's main file — paid media or not) gets its blurred preview only: opening it is an audited
 * read (issue 28 §6: GET /admin/content/{kind}/{id} with the operator's reason). One query.
 */
export async function filePictures(media: MediaService, fileIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (fileIds.length === 0) return out;
  for (const f of await media.byIds(fileIds)) {
    const view = media.fileView(f, f.visibility === 'public' ? 'full' : 'locked', null);
    const url = view.thumbnails[0] ?? (view.type === 'image' ? view.url : undefined) ?? view.preview;
    if (url) out.set(f.id, url);
  }
  return out;
}
