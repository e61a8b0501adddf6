import type { Video } from '@stagepass/shared';
import { money } from '@/lib/format';

/** The fan page of a video (the target of cards, "View" and "Share"). */
export const videoUrl = (id: string) => `/video/${id}`;
export const editVideoUrl = (id: string) => `/creator/videos/${id}/edit`;

/** 75 → "1:15", 3725 → "1:02:05"; empty for an unknown length. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** The access of a video in words: "Free", "Subscribers", "$4.99". */
export function accessText(v: Pick<Video, 'access' | 'price'>): string {
  if (v.access === 'free') return 'Free';
  if (v.access === 'subscribers') return 'Subscribers';
  return money(v.price);
}

/** `<input type=datetime-local>` value ↔ Date (local time). */
export const toLocalInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
export const fromLocalInput = (v: string) => (v ? new Date(v) : null);
