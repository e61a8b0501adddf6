/** Names and figures of vault files (pure: the tiles, the picker and the composers use them). */
import type { MediaType, VaultItem } from '@stagepass/shared';

/** The media types (the contract's, zod-free: packages/shared/src/message-defaults.ts). */
export { MEDIA_TYPES as VAULT_MEDIA_TYPES } from '@stagepass/shared';

export const MEDIA_TYPE_LABEL: Record<MediaType, string> = { image: 'Photo', video: 'Video', audio: 'Audio' };
export const MEDIA_TYPE_OPTIONS = [
  { value: 'image', label: 'Photos' },
  { value: 'video', label: 'Videos' },
  { value: 'audio', label: 'Audio' },
] as const;

/** "1:05" */
export function duration(s: number | undefined): string {
  if (!s || !Number.isFinite(s)) return '';
  const t = Math.round(s);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = String(t % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** What a vault item is called: its caption, else its type and date ("Photo · Jan 5"). */
export function vaultItemName(item: VaultItem): string {
  if (item.caption.trim()) return item.caption.trim();
  const d = new Date(item.createdAt);
  const date = Number.isNaN(d.getTime()) ? '' : ` · ${d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: d.getFullYear() === new Date().getFullYear() ? undefined : 'numeric' })}`;
  return `${MEDIA_TYPE_LABEL[item.file.type]}${date}`;
}
