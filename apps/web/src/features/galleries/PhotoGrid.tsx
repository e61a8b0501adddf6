'use client';
import { useCallback, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { Button } from 'antd';
import { useTranslations } from 'next-intl';
import { ExclamationCircleOutlined, LoadingOutlined, PictureOutlined } from '@ant-design/icons';
import type { Photo } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useRouteList } from '@/lib/use-infinite-list';
import { EmptyState, ErrorState } from '@/components/states';
import { useSpecText } from '@/i18n/spec';
import { thumbSrcSet } from './parts';
import css from './galleries.module.css';

/** The viewer is fetched the first time a photo is opened. */
const Lightbox = dynamic(() => import('./Lightbox'), { ssr: false });

const PAGE = 24;
/** Grid cells are about a quarter of the content column wide (two columns on phones). */
const SIZES = '(max-width: 600px) 50vw, (max-width: 1100px) 33vw, 260px';

/** `label`: the page's words (the creator's Manage photos page, not translated yet, keeps the English default). */
export function PhotoGridSkeleton({ count = 8, label = 'Loading photos' }: { count?: number; label?: string }) {
  return (
    <ul className={css.photoGrid} aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={css.skeletonCover} aria-hidden="true" />
      ))}
    </ul>
  );
}

function Tile({ photo, name, onOpen, onBroken }: { photo: Photo; name: string; onOpen: () => void; onBroken: () => void }) {
  const t = useTranslations('galleries');
  const f = photo.file;
  if (f.status === 'failed')
    return (
      <div className={css.photoPending} role="img" aria-label={t('tileFailed', { name })}>
        <ExclamationCircleOutlined aria-hidden="true" />
        <span aria-hidden="true">{t('processingFailed')}</span>
      </div>
    );
  if (f.status !== 'ready' || !f.thumbnails[0])
    return (
      <div className={css.photoPending} role="img" aria-label={t('tileProcessing', { name })}>
        <LoadingOutlined aria-hidden="true" />
        <span aria-hidden="true">{t('processing')}</span>
      </div>
    );
  return (
    <button type="button" className={css.photoButton} onClick={onOpen}>
      {/* eslint-disable-next-line @next/next/no-img-element -- short-lived signed thumbnails (320 / 960 px) */}
      <img src={f.thumbnails[0]} srcSet={thumbSrcSet(f)} sizes={SIZES} alt={name} loading="lazy" decoding="async" width={f.width} height={f.height} onError={onBroken} />
    </button>
  );
}

/**
 * An open gallery's photos (GET /performer-assets/photos?galleryId=, 24 a page, `Load more`): a
 * responsive grid of lazy-loaded thumbnails named `Photo i of n`, each opening the lightbox.
 * Signed URLs last an hour: a thumbnail that fails to load reloads the list once.
 */
export default function PhotoGrid({ galleryId }: { galleryId: string }) {
  const t = useTranslations('galleries');
  const specText = useSpecText();
  const list = useRouteList(routes.photos.list, { query: { galleryId } }, PAGE, { revalidateFirstPage: true });
  const [open, setOpen] = useState<number | null>(null);
  // Set once the viewer holds the focus (hiding the grid while a photo of it is focused would not be allowed).
  const [shown, setShown] = useState(false);
  const refreshed = useRef(false);
  const onBroken = useCallback(() => {
    if (refreshed.current) return;
    refreshed.current = true;
    void list.mutate();
  }, [list]);

  if (list.isLoading) return <PhotoGridSkeleton label={t('loadingPhotos')} />;
  if (list.error && !list.items.length) return <ErrorState title={t('photosLoadFailed')} message={specText(errorText(list.error))} onRetry={() => void list.mutate()} />;
  if (!list.items.length) return <EmptyState title={t('noPhotosTitle')} description={t('noPhotosText')} />;
  const total = Math.max(list.total, list.items.length);
  return (
    <section aria-label={t('photosLabel')}>
      {/* Hidden from assistive technology while the viewer (a modal dialog) is open. */}
      <ul className={css.photoGrid} aria-hidden={shown || undefined}>
        {list.items.map((p, i) => (
          <li key={p._id} className={css.photoItem}>
            <Tile photo={p} name={t('photoOf', { n: i + 1, total })} onOpen={() => setOpen(i)} onBroken={onBroken} />
          </li>
        ))}
      </ul>
      {list.hasMore && (
        <div className={css.more}>
          <Button icon={<PictureOutlined aria-hidden="true" />} loading={list.isLoadingMore} onClick={list.loadMore}>
            {t('loadMorePhotos')}
          </Button>
        </div>
      )}
      {open !== null && (
        <Lightbox
          photos={list.items}
          total={total}
          index={open}
          onIndex={setOpen}
          onShown={() => setShown(true)}
          onClose={() => {
            setShown(false);
            setOpen(null);
          }}
          hasMore={list.hasMore}
          loadMore={list.loadMore}
        />
      )}
    </section>
  );
}
