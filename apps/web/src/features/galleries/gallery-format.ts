/** Plain helpers of the galleries screens (no React, no antd: unit-tested in gallery-format.unit.test.ts). */
import type { MediaFileView } from '@stagepass/shared';

/**
 * The picture of a cover: its 960 px (else 320 px) thumbnail, or — for a locked gallery, which
 * carries no URL — the blurred preview. `blurred` tells the caller to blur it further.
 */
export function coverPicture(cover: MediaFileView | null, prefer: 'small' | 'large' = 'large'): { src: string; blurred: boolean } | null {
  if (!cover) return null;
  const t = cover.thumbnails;
  const thumb = prefer === 'large' ? t[t.length - 1] : t[0];
  if (thumb) return { src: thumb, blurred: false };
  if (cover.preview) return { src: cover.preview, blurred: true };
  return null;
}

/** `srcSet` of a photo's 320 / 960 px thumbnails (empty when it has none). */
export function thumbSrcSet(file: MediaFileView): string | undefined {
  const [small, large] = file.thumbnails;
  if (!small) return undefined;
  return large ? `${small} 320w, ${large} 960w` : `${small} 320w`;
}

/** "3.4 MB" */
export function byteSize(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} kB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
