'use client';
import { useState } from 'react';
import { Button, Image } from 'antd';
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
  const ready = images.filter((f) => f.status === 'ready' && large(f));
  const [index, setIndex] = useState(0);
  const [preview, setPreview] = useState(false);
  if (ready.length === 0)
    return (
      <div className={css.galleryEmpty} role="img" aria-label="No picture yet">
        <PictureOutlined />
      </div>
    );
  const i = Math.min(index, ready.length - 1);
  const many = ready.length > 1;
  const go = (d: number) => setIndex((i + d + ready.length) % ready.length);
  return (
    <div className={css.gallery} role="group" aria-roledescription="carousel" aria-label={`Pictures of ${name}`}>
      <div className={css.galleryMain}>
        <Image.PreviewGroup
          items={ready.map(large)}
          preview={{ open: preview, current: i, onOpenChange: setPreview, onChange: (c) => setIndex(c) }}
        >
          <Image src={large(ready[i]!)} alt={many ? `${name}, picture ${i + 1} of ${ready.length}` : name} rootClassName={css.galleryImage} />
        </Image.PreviewGroup>
        {many && (
          <>
            <Button shape="circle" icon={<LeftOutlined />} aria-label="Previous picture" onClick={() => go(-1)} className={`${css.galleryNav} ${css.galleryPrev}`} />
            <Button shape="circle" icon={<RightOutlined />} aria-label="Next picture" onClick={() => go(1)} className={`${css.galleryNav} ${css.galleryNext}`} />
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
              aria-label={`Show picture ${n + 1} of ${ready.length}`}
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
