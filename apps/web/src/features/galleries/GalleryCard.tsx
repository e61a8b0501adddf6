'use client';
import Link from 'next/link';
import { LockFilled, PictureOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import type { Gallery } from '@stagepass/shared';
import { AccessBadge, coverPicture, galleryUrl } from './parts';
import css from './galleries.module.css';

/**
 * One gallery as a cover card: the cover (the blurred preview when locked — a locked gallery
 * carries no URL), a lock, the photo count, the title and who may open it. Links to /gallery/{id}.
 * Its words: the `cards` messages, and the photo count of the `feeds` ones (the profile sends both).
 */
export default function GalleryCard({ gallery: g }: { gallery: Gallery }) {
  const t = useTranslations('cards');
  const tf = useTranslations('feeds');
  const pic = coverPicture(g.cover);
  return (
    <li className={css.cardItem}>
      <Link href={galleryUrl(g._id)} className={css.card}>
        <div className={css.cover}>
          {pic ? (
            // eslint-disable-next-line @next/next/no-img-element -- a signed URL or the inline blurred preview
            <img src={pic.src} alt="" loading="lazy" decoding="async" className={pic.blurred || g.isLocked ? css.blurred : undefined} />
          ) : (
            <PictureOutlined aria-hidden="true" className={css.coverIcon} />
          )}
          {g.isLocked && (
            <span className={css.lock} aria-hidden="true">
              <LockFilled aria-hidden="true" />
            </span>
          )}
          <span className={css.countBadge}>
            <PictureOutlined aria-hidden="true" /> {tf('photos', { count: g.totalPhoto })}
          </span>
        </div>
        <div className={css.cardMeta}>
          <span className={css.cardTitle}>{g.title}</span>
          <span className={css.cardBadges}>
            <AccessBadge gallery={g} />
            {g.isLocked && <span className="sr-only">{t('locked')}</span>}
          </span>
        </div>
      </Link>
    </li>
  );
}

export function GalleryCardSkeleton() {
  return (
    <li className={css.cardItem} aria-hidden="true">
      <div className={css.skeletonCover} />
      <div className={css.skeletonLine} />
    </li>
  );
}
