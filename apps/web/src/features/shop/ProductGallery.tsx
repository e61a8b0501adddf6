'use client';
import { useState } from 'react';
import { Button, Image } from 'antd';
import { useTranslations } from 'next-intl';
import CoverImage from '@/components/CoverImage';
import { LeftOutlined, PictureOutlined, RightOutlined } from '@ant-design/icons';
import type { MediaFileView } from '@stagepass/shared';
import css from './shop.module.css';

/** The big picture of an image: its ≤ 1920 px rendition, else the 960 px one. */
const large = (f: MediaFileView) => f.url || f.thumbnails[f.thumbnails.length - 1] || '';
/** A small picture for the strip (320 px). */
const small = (f: MediaFileView) => f.thumbnails[0] || f.url || '';

/**
 * A product's images: the current one large (click: the lightbox over all of them), previous /
 * next buttons and a strip of thumbnails. Images still processing are left out.
 */
export default function ProductGallery({ images, name }: { images: MediaFileView[]; name: string }) {
  const t = useTranslations('shop');
  const ready = images.filter((f) => f.status === 'ready' && large(f));
  const [index, setIndex] = useState(0);
  const [preview, setPreview] = useState(false);
  if (ready.length === 0)
    return (
      <div className={css.galleryEmpty} role="img" aria-label={t('noPicture')}>
        <PictureOutlined />
      </div>
    );
  const i = Math.min(index, ready.length - 1);
  const many = ready.length > 1;
  const go = (d: number) => setIndex((i + d + ready.length) % ready.length);
  return (
    <div className={css.gallery} role="group" aria-roledescription="carousel" aria-label={t('picturesOf', { name })}>
      <div className={css.galleryMain}>
        <Image.PreviewGroup
          items={ready.map(large)}
          preview={{ open: preview, current: i, onOpenChange: setPreview, onChange: (c) => setIndex(c) }}
        >
          <Image src={large(ready[i]!)} alt={many ? t('pictureAlt', { name, n: i + 1, total: ready.length }) : name} rootClassName={css.galleryImage} />
        </Image.PreviewGroup>
        {many && (
          <>
            <Button shape="circle" icon={<LeftOutlined />} aria-label={t('previousPicture')} onClick={() => go(-1)} className={`${css.galleryNav} ${css.galleryPrev}`} />
            <Button shape="circle" icon={<RightOutlined />} aria-label={t('nextPicture')} onClick={() => go(1)} className={`${css.galleryNav} ${css.galleryNext}`} />
            <span className={css.galleryCounter} aria-hidden="true">
              {i + 1}/{ready.length}
            </span>
          </>
        )}
      </div>
      {many && (
        <div className={css.strip}>
          {ready.map((f, n) => (
            <button
              key={f._id}
              type="button"
              className={`${css.stripItem}${n === i ? ` ${css.stripCurrent}` : ''}`}
              aria-label={t('showPicture', { n: n + 1, total: ready.length })}
              aria-current={n === i ? 'true' : undefined}
              onClick={() => setIndex(n)}
            >
              <CoverImage src={small(f)} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
