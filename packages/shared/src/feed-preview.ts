/**
 * A feed's preview picture (no zod here: the web's feed cards import it without the schemas; see
 * defaults.ts).
 */

/** Shown when a feed has no picture to preview (spec §3). */
export const FEED_PREVIEW_FALLBACK = '/leaf.jpg';

/**
 * Preview image of a feed (spec §3): the first feed-photo/feed-video file's first thumbnail
 * (its blurred preview when the feed is locked), else the teaser's thumbnail, else the
 * thumbnail's URL, else /leaf.jpg.
 */
export function pickPreviewImage(feed: {
  isLocked: boolean;
  files: Array<{ type: string; thumbnails: string[]; preview?: string | null; kind?: string }>;
  teaser: { thumbnails: string[]; preview?: string | null } | null;
  thumbnail: { url?: string | null; thumbnails: string[]; preview?: string | null } | null;
}): string {
  const visual = feed.files.find((f) => f.type === 'image' || f.type === 'video' || f.type === 'photo');
  if (visual) {
    const pic = feed.isLocked ? visual.preview : visual.thumbnails[0];
    if (pic) return pic;
  }
  if (feed.teaser?.thumbnails[0]) return feed.teaser.thumbnails[0];
  if (feed.thumbnail?.url) return feed.thumbnail.url;
  if (feed.thumbnail?.thumbnails[0]) return feed.thumbnail.thumbnails[0];
  return FEED_PREVIEW_FALLBACK;
}
