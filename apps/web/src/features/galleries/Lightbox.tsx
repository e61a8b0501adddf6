'use client';
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { CloseOutlined, LeftOutlined, LoadingOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import type { Photo } from '@stagepass/shared';
import css from './galleries.module.css';

export interface LightboxProps {
  /** The photos loaded so far, in order. */
  photos: Photo[];
  /** How many the gallery has (more may still be loaded with `loadMore`). */
  total: number;
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  /** Called once the viewer holds the focus (the page behind may then be hidden from assistive technology). */
  onShown?: () => void;
  hasMore: boolean;
  loadMore: () => void;
}

const SWIPE = 48;

/**
 * The photo viewer: one photo at a time in its full-size rendition (`file.url`, ≤ 1920 px; the
 * 960 px thumbnail shows while it loads), `Previous photo` / `Next photo` / `Close` buttons, the
 * arrow keys and Escape, swipes on touch screens. A modal dialog (focus kept inside, returned to
 * the photo that opened it; the page behind does not scroll). Loaded on demand (next/dynamic);
 * the next photos of a long gallery are fetched as the viewer nears the end of what is loaded.
 */
export default function Lightbox({ photos, total, index, onIndex, onClose, onShown, hasMore, loadMore }: LightboxProps) {
  const t = useTranslations('galleries');
  const dialog = useRef<HTMLDivElement>(null);
  const closeBtn = useRef<HTMLButtonElement>(null);
  const swipeFrom = useRef<number | null>(null);
  const shownRef = useRef(onShown);
  const [wanted, setWanted] = useState<number | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  const photo = photos[index];
  const canPrev = index > 0;
  const canNext = index < total - 1;

  const prev = useCallback(() => {
    if (index > 0) onIndex(index - 1);
  }, [index, onIndex]);
  const next = useCallback(() => {
    if (index >= total - 1) return;
    if (index + 1 < photos.length) onIndex(index + 1);
    else {
      setWanted(index + 1);
      loadMore();
    }
  }, [index, total, photos.length, onIndex, loadMore]);

  // The photo asked for arrives with the next page.
  useEffect(() => {
    if (wanted !== null && wanted < photos.length) {
      onIndex(wanted);
      setWanted(null);
    }
  }, [wanted, photos.length, onIndex]);

  // Near the end of what is loaded: fetch the next page ahead of time.
  useEffect(() => {
    if (hasMore && index >= photos.length - 3) loadMore();
  }, [hasMore, index, photos.length, loadMore]);

  // The neighbours' full-size renditions are fetched ahead, so stepping through is instant.
  useEffect(() => {
    for (const j of [index + 1, index - 1]) {
      const url = photos[j]?.file.url;
      if (url) new window.Image().src = url;
    }
  }, [index, photos]);

  // Focus moves in (Close) and back to the opener on close; the page behind stays still.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeBtn.current?.focus();
    shownRef.current?.();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
      } else if (e.key === 'ArrowLeft') {
        e.preventDefault();
        prev();
      } else if (e.key === 'ArrowRight') {
        e.preventDefault();
        next();
      } else if (e.key === 'Tab' && dialog.current) {
        // Focus stays inside the dialog.
        const items = [...dialog.current.querySelectorAll<HTMLElement>('button:not([disabled])')];
        if (!items.length) return;
        const first = items[0]!;
        const last = items[items.length - 1]!;
        const active = document.activeElement;
        if (e.shiftKey && (active === first || !dialog.current.contains(active))) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (active === last || !dialog.current.contains(active))) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose, prev, next]);

  const onPointerDown = (e: ReactPointerEvent) => {
    if (e.pointerType !== 'mouse') swipeFrom.current = e.clientX;
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const dx = e.clientX - from;
    if (dx > SWIPE) prev();
    else if (dx < -SWIPE) next();
  };

  const name = t('photoOf', { n: index + 1, total });
  const file = photo?.file;
  const placeholder = file?.thumbnails[file.thumbnails.length - 1] || file?.preview;
  const ready = Boolean(file?.url) && loaded === file?.url;

  return createPortal(
    <div ref={dialog} className={css.lightbox} role="dialog" aria-modal="true" aria-label={t('viewer')}>
      <div className={css.lbBar}>
        <span className={css.lbCounter} aria-live="polite">
          {index + 1} / {total}
        </span>
        <button ref={closeBtn} type="button" className={css.lbButton} aria-label={t('close')} onClick={onClose}>
          <CloseOutlined aria-hidden="true" />
        </button>
      </div>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- swipes and a click beside the photo are pointer shortcuts: the keyboard has the arrow keys and Escape (the dialog's keydown handler) and the buttons */}
      <div
        className={css.lbStage}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onClick={(e) => {
          if (e.target === e.currentTarget) onClose();
        }}
      >
        {!photo ? (
          <LoadingOutlined className={css.lbSpinner} aria-hidden="true" />
        ) : file?.url ? (
          <>
            {placeholder && !ready && (
              // eslint-disable-next-line @next/next/no-img-element -- the photo's own signed thumbnail while the full size loads
              <img src={placeholder} alt="" aria-hidden="true" className={css.lbPlaceholder} />
            )}
            {/* eslint-disable-next-line @next/next/no-img-element -- a short-lived signed URL of the full-size rendition */}
            <img
              key={photo._id}
              src={file.url}
              alt={name}
              className={ready ? css.lbImage : `${css.lbImage} ${css.lbLoading}`}
              onLoad={() => setLoaded(file.url ?? null)}
            />
            {!ready && <LoadingOutlined className={css.lbSpinner} aria-hidden="true" />}
          </>
        ) : (
          <div className={css.lbPending} role="status">
            <LoadingOutlined aria-hidden="true" /> {t('processing')}
          </div>
        )}
      </div>
      {photo?.title && <p className={css.lbCaption}>{photo.title}</p>}
      <button type="button" className={`${css.lbButton} ${css.lbPrev}`} aria-label={t('previousPhoto')} disabled={!canPrev} onClick={prev}>
        <LeftOutlined aria-hidden="true" />
      </button>
      <button type="button" className={`${css.lbButton} ${css.lbNext}`} aria-label={t('nextPhoto')} disabled={!canNext} onClick={next}>
        <RightOutlined aria-hidden="true" />
      </button>
    </div>,
    document.body,
  );
}
