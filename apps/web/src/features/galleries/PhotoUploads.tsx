'use client';
import { useRef, useState, type DragEvent } from 'react';
import { Button, Progress } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, CloudUploadOutlined, ExclamationCircleFilled, FolderOpenOutlined, LoadingOutlined } from '@ant-design/icons';
import type { PhotoUpload } from './usePhotoUploads';
import css from './galleries.module.css';

function StatusText({ item }: { item: PhotoUpload }) {
  switch (item.phase) {
    case 'queued':
      return (
        <span>
          <ClockCircleOutlined aria-hidden="true" /> Waiting…
        </span>
      );
    case 'uploading':
      return <span>Uploading {item.percent}%</span>;
    case 'uploaded':
    case 'processing':
      return (
        <span>
          <LoadingOutlined aria-hidden="true" /> Processing…
        </span>
      );
    case 'ready':
      return (
        <span className="ok">
          <CheckCircleFilled aria-hidden="true" /> Ready
        </span>
      );
    case 'failed':
      return (
        <span className="bad" title={item.error}>
          <ExclamationCircleFilled aria-hidden="true" /> Processing failed
        </span>
      );
    default:
      return (
        <span className="bad">
          <ExclamationCircleFilled aria-hidden="true" /> {item.error || 'Upload failed'}
        </span>
      );
  }
}

/** One file on its way: its picture, name, status text (`role=status`) and progress bar. */
function UploadRow({ item }: { item: PhotoUpload }) {
  return (
    <li className={`upload-tile-item phase-${item.phase}`} aria-label={`Photo ${item.name}`}>
      {/* the file's own local picture (dynamic) */}
      <div className="upload-thumb" style={item.localUrl ? { backgroundImage: `url(${item.localUrl})` } : undefined} />
      <div className="upload-meta">
        <div className="upload-name" title={item.name}>
          {item.name}
        </div>
        <div className="upload-status" role="status">
          <StatusText item={item} />
        </div>
        {(item.phase === 'uploading' || item.phase === 'queued') && (
          <Progress percent={item.percent} size="small" showInfo={false} status="active" aria-label={`Upload progress ${item.name}`} />
        )}
      </div>
    </li>
  );
}

/**
 * The manage page's upload area: `Upload photos` (a hidden `<input type=file multiple>` with the
 * same accessible name, so tests can set files on it), drag and drop of many images, `Add from
 * vault`, and one row per file with its progress and status.
 */
export default function PhotoUploads({ items, onFiles, onVault, onClear }: { items: PhotoUpload[]; onFiles: (files: File[]) => void; onVault: () => void; onClear: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const images = (list: FileList | null) => [...(list ?? [])].filter((f) => f.type.startsWith('image/') || f.type === '');
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const files = images(e.dataTransfer.files);
    if (files.length) onFiles(files);
  };
  const finished = items.some((i) => i.phase === 'ready' || i.phase === 'failed' || i.phase === 'error');
  return (
    <div>
      <div
        className={over ? `${css.dropZone} ${css.dropOver}` : css.dropZone}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <CloudUploadOutlined className={css.dropIcon} aria-hidden="true" />
        <p className={css.dropText}>Drop photos here, or</p>
        <div className={css.dropButtons}>
          <input
            ref={input}
            type="file"
            accept="image/*"
            multiple
            aria-label="Upload photos"
            className={css.fileInput}
            onChange={(e) => {
              const files = images(e.target.files);
              if (files.length) onFiles(files);
              e.target.value = '';
            }}
          />
          <Button type="primary" icon={<CloudUploadOutlined aria-hidden="true" />} onClick={() => input.current?.click()}>
            Upload photos
          </Button>
          <Button icon={<FolderOpenOutlined aria-hidden="true" />} onClick={onVault}>
            Add from vault
          </Button>
        </div>
        <p className={css.dropHint}>JPEG, PNG, WebP, GIF or AVIF, up to 15 MB each · several at once</p>
      </div>
      {items.length > 0 && (
        <>
          <ul className={`upload-grid ${css.uploadList}`} aria-label="Uploads">
            {items.map((it) => (
              <UploadRow key={it.key} item={it} />
            ))}
          </ul>
          {finished && (
            <Button type="link" size="small" onClick={onClear} className={css.clearDone}>
              Clear finished
            </Button>
          )}
        </>
      )}
    </div>
  );
}
