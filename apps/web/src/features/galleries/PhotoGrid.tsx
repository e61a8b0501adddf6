'use client';
import { useCallback, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { Button } from 'antd';
import { ExclamationCircleOutlined, LoadingOutlined, PictureOutlined } from '@ant-design/icons';
import type { Photo } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useRouteList } from '@/lib/use-infinite-list';
import { EmptyState, ErrorState } from '@/components/states';
import { thumbSrcSet } from './parts';
import css from './galleries.module.css';

/** The viewer is fetched the first time a photo is opened. */
const Lightbox = dynamic(() => import('./Lightbox'), { ssr: false });

const PAGE = 24;
/** Grid cells are about a quarter of the content column wide (two columns on phones). */
const SIZES = '(max-width: 600px) 50vw, (max-width: 1100px) 33vw, 260px';

export function PhotoGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className={css.photoGrid} aria-label="Loading photos" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={css.skeletonCover} aria-hidden="true" />
      ))}
    </ul>
  );
}

function Tile({ photo, name, onOpen, onBroken }: { photo: Photo; name: string; onOpen: () => void; onBroken: () => void }) {
  const f = photo.file;
  if (f.status === 'failed')
    return (
      <div className={css.photoPending} role="img" aria-label={`${name} (processing failed)`}>
        <ExclamationCircleOutlined aria-hidden="true" />
        <span aria-hidden="true">Processing failed</span>
      </div>
    );
  if (f.status !== 'ready' || !f.thumbnails[0])
    return (
      <div className={css.photoPending} role="img" aria-label={`${name} (processing)`}>
        <LoadingOutlined aria-hidden="true" />
        <span aria-hidden="true">Processing…</span>
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

  if (list.isLoading) return <PhotoGridSkeleton />;
  if (list.error && !list.items.length) return <ErrorState title="The photos didn't load" message={errorText(list.error)} onRetry={() => void list.mutate()} />;
  if (!list.items.length) return <EmptyState title="No photos yet" description="The creator hasn't added photos to this gallery yet." />;
  const total = Math.max(list.total, list.items.length);
  return (
    <section aria-label="Photos">
      {/* Hidden from assistive technology while the viewer (a modal dialog) is open. */}
      <ul className={css.photoGrid} aria-hidden={shown || undefined}>
        {list.items.map((p, i) => (
          <li key={p._id} className={css.photoItem}>
            <Tile photo={p} name={`Photo ${i + 1} of ${total}`} onOpen={() => setOpen(i)} onBroken={onBroken} />
          </li>
        ))}
      </ul>
      {list.hasMore && (
        <div className={css.more}>
          <Button icon={<PictureOutlined aria-hidden="true" />} loading={list.isLoadingMore} onClick={list.loadMore}>
            Load more photos
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
