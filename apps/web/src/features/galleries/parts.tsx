'use client';
import { Tag } from 'antd';
import { CalendarOutlined, GlobalOutlined, LockOutlined, TagOutlined } from '@ant-design/icons';
import type { AssetStatus, Gallery } from '@stagepass/shared';
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

export { coverPicture, thumbSrcSet } from './gallery-format';
