'use client';
import { Image } from 'antd';
import css from './cover-image.module.css';

/**
 * A picture that fills its frame edge to edge (cropped, never stretched): shop cards, order and
 * bookmark thumbnails. The frame sets the size; this fills it whatever the picture's own ratio.
 */
export default function CoverImage({ src, alt = '' }: { src: string; alt?: string }) {
  return <Image src={src} alt={alt} preview={false} rootClassName={css.cover} />;
}
