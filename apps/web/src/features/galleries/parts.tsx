'use client';
import { Tag } from 'antd';
import { CalendarOutlined, GlobalOutlined, LockOutlined, TagOutlined } from '@ant-design/icons';
import type { AssetStatus, Gallery, MediaFileView } from '@stagepass/shared';
import { fullDate, money, plural } from '@/lib/format';

/** The fan page of a gallery (the target of "Share"). */
export const galleryUrl = (id: string) => `/gallery/${id}`;
/** The creator's page to manage one gallery's photos. */
export const manageGalleryUrl = (id: string) => `/creator/galleries/${id}`;

export const photoCount = (n: number) => plural(n, 'photo');

/** Who may open it: `Free`, `Subscribers`, or `For sale · $X.XX`. */
export function AccessBadge({ gallery }: { gallery: Pick<Gallery, 'access' | 'price'> }) {
  if (gallery.access === 'free')
    return (
      <Tag icon={<GlobalOutlined aria-hidden="true" />} color="green" variant="filled">
        Free
      </Tag>
    );
  if (gallery.access === 'subscribers')
    return (
      <Tag icon={<LockOutlined aria-hidden="true" />} color="purple" variant="filled">
        Subscribers
      </Tag>
    );
  return (
    <Tag icon={<TagOutlined aria-hidden="true" />} color="gold" variant="filled">
      For sale · {money(gallery.price)}
    </Tag>
  );
}

const STATUS: Record<AssetStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'default' },
  active: { label: 'Active', color: 'green' },
  inactive: { label: 'Inactive', color: 'orange' },
};

/** Draft / Active / Inactive, and "Scheduled · {date}" while the publish time is ahead (`compact`: "Scheduled", the date in its title). */
export function StatusTags({ gallery, compact }: { gallery: Pick<Gallery, 'status' | 'isScheduled' | 'publishAt'>; compact?: boolean }) {
  const s = STATUS[gallery.status];
  return (
    <>
      <Tag color={s.color}>{s.label}</Tag>
      {gallery.isScheduled && (
        <Tag icon={<CalendarOutlined aria-hidden="true" />} color="blue" variant="filled" title={compact ? fullDate(gallery.publishAt) : undefined}>
          {compact ? 'Scheduled' : `Scheduled · ${fullDate(gallery.publishAt)}`}
        </Tag>
      )}
    </>
  );
}

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
