'use client';
import { Tag } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import type { AssetStatus, Gallery } from '@stagepass/shared';
import { fullDate, plural } from '@/lib/format';
import AccessTag from '@/components/AccessTag';

/** The fan page of a gallery (the target of "Share"). */
export const galleryUrl = (id: string) => `/gallery/${id}`;
/** The creator's page to manage one gallery's photos. */
export const manageGalleryUrl = (id: string) => `/creator/galleries/${id}`;

export const photoCount = (n: number) => plural(n, 'photo');

/** Who may open it: `Free`, `Subscribers`, `$X.XX`, and `Purchased` once bought — the one access wording (AccessTag). */
export function AccessBadge({ gallery }: { gallery: Pick<Gallery, 'access' | 'price'> & Partial<Pick<Gallery, 'isBought'>> }) {
  return <AccessTag access={gallery.access} price={gallery.price} isBought={gallery.isBought} />;
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
