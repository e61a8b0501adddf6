'use client';
import { useId } from 'react';
import Link from 'next/link';
import { Skeleton } from 'antd';
import { EyeOutlined, LockFilled, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import type { Video } from '@stagepass/shared';
import { useFormat } from '@/lib/format';
import { formatDuration, videoUrl } from './video-format';
import css from './videos.module.css';
import AccessTag from '@/components/AccessTag';

/** Free / Subscribers / $X.XX, and "Purchased" once bought — the one access wording (AccessTag). */
export function AccessBadge({ video }: { video: Pick<Video, 'access' | 'price'> & Partial<Pick<Video, 'isBought'>> }) {
  return <AccessTag access={video.access} price={video.price} isBought={video.isBought} />;
}

/** True when the card's picture is only the blurred preview of a locked video (shown blurred further). */
export function isBlurredPreview(v: Pick<Video, 'previewImage' | 'thumbnail' | 'teaser' | 'video'>): boolean {
  const p = v.previewImage;
  if (!p) return false;
  const own = [v.thumbnail?.url, ...(v.thumbnail?.thumbnails ?? []), ...(v.teaser?.thumbnails ?? []), ...(v.video?.thumbnails ?? [])];
  return !own.includes(p);
}

/** The picture of a video (thumbnail, teaser poster, poster, else the blurred preview), with its length and lock. */
export function VideoThumb({ video, className }: { video: Video; className?: string }) {
  const duration = formatDuration(video.duration);
  return (
    <div className={className ? `${css.thumb} ${className}` : css.thumb}>
      {video.previewImage ? (
        // eslint-disable-next-line @next/next/no-img-element -- media URLs of the API, sized by CSS
        <img src={video.previewImage} alt="" loading="lazy" decoding="async" className={isBlurredPreview(video) ? css.blurred : undefined} />
      ) : (
        <VideoCameraOutlined aria-hidden="true" />
      )}
      {!video.canView && (
        <span className={css.lock} aria-hidden="true">
          <LockFilled />
        </span>
      )}
      {duration && (
        <span className={css.duration} aria-hidden="true">
          {duration}
        </span>
      )}
    </div>
  );
}

/** One video in a grid: picture, length, title, access badge, views; the whole card links to /video/{id} (named by the title, described by the rest). */
export default function VideoCard({ video }: { video: Video }) {
  const id = useId();
  const t = useTranslations('cards');
  const f = useFormat();
  const duration = formatDuration(video.duration);
  return (
    <li>
      <Link href={videoUrl(video._id)} className={css.card} aria-labelledby={`${id}-t`} aria-describedby={`${id}-m`}>
        <VideoThumb video={video} />
        <div className={css.cardBody}>
          <h3 className={css.cardTitle} id={`${id}-t`}>
            {video.title}
          </h3>
          <div className={css.cardMeta} id={`${id}-m`}>
            <AccessBadge video={video} />
            <span>
              <EyeOutlined aria-hidden="true" /> {f.compactNumber(video.totalView)} <span className="sr-only">{t('views', { count: video.totalView })}</span>
            </span>
            <time dateTime={video.publishAt}>{f.timeAgo(video.publishAt)}</time>
            {duration && <span className="sr-only">{t('lengthSr', { duration })}</span>}
            {!video.canView && <span className="sr-only">{t('lockedSr')}</span>}
          </div>
        </div>
      </Link>
    </li>
  );
}

export function VideoCardSkeleton() {
  return (
    <li aria-hidden="true" className={css.card}>
      <div className={css.skeletonThumb} />
      <div className={css.skeletonBody}>
        <Skeleton active title={{ width: '80%' }} paragraph={{ rows: 1, width: '50%' }} />
      </div>
    </li>
  );
}

/** A grid of skeleton cards while a list loads (named "Loading videos" unless told). */
export function VideoGridSkeleton({ count = 6, label }: { count?: number; label?: string }) {
  const t = useTranslations('cards');
  return (
    <ul className={css.grid} aria-busy="true" aria-label={label ?? t('loadingVideos')}>
      {Array.from({ length: count }, (_, i) => (
        <VideoCardSkeleton key={i} />
      ))}
    </ul>
  );
}
