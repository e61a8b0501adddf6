'use client';
/**
 * The product form's images: the kept ones (already on the product) then the new files, each as a
 * tile with its preview and a remove button; `Add images` opens a hidden multiple file input that
 * carries the same accessible name (so tests can `setInputFiles` on it). Nothing is uploaded here:
 * the files go up with the form's one multipart request.
 */
import { useRef } from 'react';
import { Button, Typography } from 'antd';
import { CloseOutlined, LoadingOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { PRODUCT_MAX_IMAGES } from '@stagepass/shared';
import { IMAGE_ACCEPT, fileSize, type ImageItem } from './product-form';
import css from './shop-studio.module.css';

function tilePicture(it: ImageItem): string | undefined {
  if (it.kind === 'new') return it.url;
  return it.file.thumbnails[0] || it.file.url || it.file.preview;
}

function ImageTile({ item, index, onRemove, disabled }: { item: ImageItem; index: number; onRemove: () => void; disabled?: boolean }) {
  const pic = tilePicture(item);
  const name = item.kind === 'new' ? item.file.name : `Image ${index + 1}`;
  const processing = item.kind === 'kept' && item.file.status !== 'ready' && item.file.status !== 'failed';
  return (
    <li className={css.imageTile} aria-label={name}>
      {/* the image's own picture (dynamic), hence inline */}
      <div className={css.imagePic} style={pic ? { backgroundImage: `url(${pic})` } : undefined}>
        {!pic && (processing ? <LoadingOutlined aria-label="Processing" /> : <PictureOutlined />)}
      </div>
      <div className={css.imageMeta}>
        <span className={css.imageName} title={name}>
          {index === 0 && <span className={css.cover}>Cover · </span>}
          {name}
        </span>
        <span className="muted">
          {item.kind === 'new' ? `New · ${fileSize(item.file.size)}` : item.file.status === 'failed' ? 'Processing failed' : processing ? 'Processing…' : 'Saved'}
        </span>
      </div>
      <Button type="text" size="small" icon={<CloseOutlined />} aria-label={`Remove ${name}`} onClick={onRemove} disabled={disabled} className={css.imageRemove} />
    </li>
  );
}

export default function ProductImages({ items, onAdd, onRemove, disabled }: { items: ImageItem[]; onAdd: (files: File[]) => void; onRemove: (key: string) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement | null>(null);
  const full = items.length >= PRODUCT_MAX_IMAGES;
  return (
    <div className={css.images}>
      {items.length > 0 ? (
        <ul className={css.imageGrid} aria-label="Product images">
          {items.map((it, i) => (
            <ImageTile key={it.key} item={it} index={i} onRemove={() => onRemove(it.key)} disabled={disabled} />
          ))}
        </ul>
      ) : (
        <Typography.Paragraph type="secondary" className={css.noImages}>
          No images yet. The first image is the product&apos;s cover in your shop.
        </Typography.Paragraph>
      )}
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        aria-label="Add images"
        className={css.fileInput}
        onChange={(e) => {
          onAdd(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <Button icon={<PlusOutlined />} onClick={() => input.current?.click()} disabled={disabled || full}>
        Add images
      </Button>
      <span className={`muted ${css.hint}`}>
        {items.length}/{PRODUCT_MAX_IMAGES} · JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 15 MB each
      </span>
    </div>
  );
}
