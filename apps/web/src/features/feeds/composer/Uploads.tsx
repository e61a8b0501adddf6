'use client';
import { useRef, type ReactNode } from 'react';
import { Button, Progress, Tooltip } from 'antd';
import {
  AudioOutlined, CheckCircleFilled, CloseOutlined, ExclamationCircleFilled, FileImageOutlined, LoadingOutlined, PictureOutlined, VideoCameraAddOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { SCREENING_BLOCKED_MESSAGE, type FeedUploadSlot } from '@stagepass/shared';
import ForensicMarkButton from '@/features/protection/ForensicMarkButton';
import type { UploadItem } from '../useUploads';
import css from './composer.module.css';

const ACCEPT: Record<FeedUploadSlot, string> = {
  photo: 'image/*',
  thumbnail: 'image/*',
  video: 'video/*',
  teaser: 'video/*',
  audio: 'audio/*',
};

function StatusText({ item }: { item: UploadItem }) {
  switch (item.phase) {
    case 'uploading':
      return <span>Uploading {item.percent}%</span>;
    case 'uploaded':
    case 'processing':
      return (
        <span>
          <LoadingOutlined /> Processing…
        </span>
      );
    case 'ready':
      return (
        <span className="ok">
          <CheckCircleFilled /> Ready
        </span>
      );
    case 'failed':
      return (
        <span className="bad" title={item.error}>
          <ExclamationCircleFilled /> {item.error === SCREENING_BLOCKED_MESSAGE ? SCREENING_BLOCKED_MESSAGE : 'Processing failed'}
        </span>
      );
    default:
      return (
        <span className="bad" title={item.error}>
          <ExclamationCircleFilled /> {item.error || 'Upload failed'}
        </span>
      );
  }
}

/** One file of the post: thumbnail, name, upload/processing status, its forensic mark when `markable` (a ready photo), and a remove button. */
function UploadTile({ item, onRemove, label, markable = false }: { item: UploadItem; onRemove: () => void; label?: string; markable?: boolean }) {
  const pic = item.file?.thumbnails?.[0] || item.localUrl || (item.file?.type === 'image' ? item.file.url : undefined);
  const Icon = item.kind === 'audio' ? AudioOutlined : item.kind === 'video' ? VideoCameraOutlined : FileImageOutlined;
  return (
    <div className={`upload-tile-item phase-${item.phase}`} role="group" aria-label={`${label || item.kind} ${item.name}`}>
      {/* The picture is the file's own (dynamic), hence inline. */}
      <div className="upload-thumb" style={pic ? { backgroundImage: `url(${pic})` } : undefined}>
        {!pic && <Icon />}
      </div>
      <div className="upload-meta">
        <div className="upload-name" title={item.name}>
          {label && <strong>{label}: </strong>}
          {item.name}
        </div>
        <div className="upload-status" role="status">
          <StatusText item={item} />
        </div>
        {item.phase === 'uploading' && <Progress percent={item.percent} size="small" showInfo={false} status="active" aria-label={`Upload progress ${item.name}`} />}
      </div>
      {markable && item.kind === 'image' && item.phase === 'ready' && item.file && <ForensicMarkButton fileId={item.file._id} name={item.name} />}
      <Button type="text" size="small" icon={<CloseOutlined />} aria-label={`Remove ${item.name}`} onClick={onRemove} />
    </div>
  );
}

/** The attached media, then the teaser and thumbnail, as tiles; `markable` (a post that is not free): each photo's forensic mark. */
export function AttachedFiles({ media, teaser, thumbnail, onRemove, markable = false }: { media: UploadItem[]; teaser?: UploadItem; thumbnail?: UploadItem; onRemove: (key: string) => void; markable?: boolean }) {
  return (
    <>
      {media.length > 0 && (
        <div className="upload-grid" aria-label="Attached files">
          {media.map((it) => (
            <UploadTile key={it.key} item={it} markable={markable} onRemove={() => onRemove(it.key)} />
          ))}
        </div>
      )}
      {(teaser || thumbnail) && (
        <div className="upload-grid">
          {teaser && <UploadTile item={teaser} label="Teaser" onRemove={() => onRemove(teaser.key)} />}
          {thumbnail && <UploadTile item={thumbnail} label="Thumbnail" onRemove={() => onRemove(thumbnail.key)} />}
        </div>
      )}
    </>
  );
}

/**
 * The composer's tool bar: a button per upload slot, each opening a hidden file input that carries
 * the same accessible name; `children` (the poll button) come last.
 */
export function UploadTools({ onFiles, children }: { onFiles: (slot: FeedUploadSlot, files: FileList | null) => void; children?: ReactNode }) {
  const inputs = useRef<Partial<Record<FeedUploadSlot, HTMLInputElement | null>>>({});
  const pick = (slot: FeedUploadSlot) => inputs.current[slot]?.click();
  const slotInput = (slot: FeedUploadSlot, label: string, multiple: boolean) => (
    <input
      ref={(el) => {
        inputs.current[slot] = el;
      }}
      type="file"
      accept={ACCEPT[slot]}
      multiple={multiple}
      aria-label={label}
      className={css.fileInput}
      onChange={(e) => {
        onFiles(slot, e.target.files);
        e.target.value = '';
      }}
    />
  );
  return (
    <div className="composer-tools">
      {slotInput('photo', 'Add photos', true)}
      {slotInput('video', 'Add videos', true)}
      {slotInput('audio', 'Add audio', true)}
      {slotInput('teaser', 'Add teaser', false)}
      {slotInput('thumbnail', 'Add thumbnail', false)}
      <Button icon={<PictureOutlined />} onClick={() => pick('photo')}>
        Add photos
      </Button>
      <Button icon={<VideoCameraOutlined />} onClick={() => pick('video')}>
        Add videos
      </Button>
      <Button icon={<AudioOutlined />} onClick={() => pick('audio')}>
        Add audio
      </Button>
      <Tooltip title="A short free clip shown on the locked post">
        <Button icon={<VideoCameraAddOutlined />} onClick={() => pick('teaser')}>
          Add teaser
        </Button>
      </Tooltip>
      <Tooltip title="The cover picture of the post">
        <Button icon={<FileImageOutlined />} onClick={() => pick('thumbnail')}>
          Add thumbnail
        </Button>
      </Tooltip>
      {children}
    </div>
  );
}
