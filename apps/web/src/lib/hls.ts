/**
 * HLS in the browser, shared by live watching (features/live/media/hls.ts) and recorded videos
 * (components/StreamVideo.tsx): hls.js is imported here, on demand, only when a player needs it —
 * it never enters a page's first-load JS. Where Media Source Extensions are missing (iPhone Safari
 * before 17.1) the browser plays the playlist natively.
 */
import type HlsType from 'hls.js';
import { apiUrl } from '@/lib/api';

export const HLS_MIME = 'application/vnd.apple.mpegurl';

/** The playlist URL as the browser fetches it: the API answers a path on its own origin, or a full URL (S3, CDN). */
export function playlistHref(url: string): string {
  return /^https?:\/\//i.test(url) ? url : apiUrl(url);
}

export function hasMediaSource(): boolean {
  return typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
}

/** Native HLS only where hls.js cannot run (no MSE) and the browser says it plays HLS itself. */
export function playsHlsNatively(video: HTMLVideoElement): boolean {
  return !hasMediaSource() && video.canPlayType(HLS_MIME) !== '';
}

/** hls.js, loaded on demand (a separate chunk). */
export async function loadHls(): Promise<typeof HlsType> {
  const { default: Hls } = await import('hls.js');
  return Hls;
}
