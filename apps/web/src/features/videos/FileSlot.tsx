'use client';
import { useRef } from 'react';
import { Button, Progress } from 'antd';
import {
  CheckCircleFilled, DeleteOutlined, ExclamationCircleFilled, FileImageOutlined, FolderOpenOutlined, LoadingOutlined, UploadOutlined, VideoCameraOutlined,
} from '@ant-design/icons';
import type { VideoUploadSlot } from '@stagepass/shared';
import { formatDuration } from './video-format';
import type { SlotFile } from './useVideoFiles';
import css from './videos.module.css';

export const SLOT_TEXT: Record<VideoUploadSlot, { title: string; upload: string; what: string; hint: string; accept: string }> = {
  video: { title: 'Video', upload: 'Upload video', what: 'video file', hint: 'The full video. Needed to publish.', accept: 'video/*' },
  teaser: { title: 'Teaser', upload: 'Upload teaser', what: 'teaser', hint: 'A short clip everyone can play, also while the video is locked.', accept: 'video/*' },
  thumbnail: { title: 'Thumbnail', upload: 'Upload thumbnail', what: 'thumbnail', hint: 'The picture on cards and before playing.', accept: 'image/*' },
};

function StatusText({ item }: { item: SlotFile }) {
  switch (item.phase) {
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
        <span className={css.ok}>
          <CheckCircleFilled aria-hidden="true" /> Ready
        </span>
      );
    case 'failed':
      return (
        <span className={css.bad} title={item.error}>
          <ExclamationCircleFilled aria-hidden="true" /> Processing failed{item.error ? `: ${item.error}` : ''}
        </span>
      );
    default:
      return (
        <span className={css.bad}>
          <ExclamationCircleFilled aria-hidden="true" /> {item.error || 'Upload failed'}
        </span>
      );
  }
}

/**
 * One file of the video form (`role=group` named Video / Teaser / Thumbnail): what it holds with
 * its upload progress and processing status (`role=status`: `Uploading N%` → `Processing…` →
 * `Ready`), an upload button (`Upload video|teaser|thumbnail`, opening a hidden file input of the
 * same name), `Choose from vault` and `Remove`. `error`: the API's message for this file.
 */
export default function FileSlot({
  slot,
  item,
  error,
  onFile,
  onVault,
  onRemove,
}: {
  slot: VideoUploadSlot;
  item: SlotFile | null;
  error?: string;
  onFile: (file: File) => void;
  onVault: () => void;
  onRemove: () => void;
}) {
  const input = useRef<HTMLInputElement | null>(null);
  const text = SLOT_TEXT[slot];
  const pic = item?.file?.thumbnails?.[0] || item?.localUrl || (item?.file?.type === 'image' ? item.file.url : undefined);
  const Icon = slot === 'thumbnail' ? FileImageOutlined : VideoCameraOutlined;
  const length = formatDuration(item?.file?.duration);
  return (
    <div className={`${css.slot}${error ? ` ${css.slotError}` : ''}`} role="group" aria-label={text.title}>
      <div>
        <div className={css.slotTitle}>{text.title}</div>
        <div className={css.slotHint}>{text.hint}</div>
      </div>
      {item && (
        <div className={css.slotFile}>
          <div className={css.slotThumb}>
            {pic ? (
              // eslint-disable-next-line @next/next/no-img-element -- the creator's own file (a signed URL or a local object URL)
              <img src={pic} alt="" />
            ) : (
              <Icon aria-hidden="true" />
            )}
          </div>
          <div className={css.slotMeta}>
            <div className={css.slotName} title={item.name}>
              {item.name}
              {length && <span className="muted"> · {length}</span>}
            </div>
            <div className={css.slotStatus} role="status">
              <StatusText item={item} />
            </div>
            {item.phase === 'uploading' && <Progress percent={item.percent} size="small" showInfo={false} status="active" aria-label={`${text.upload} progress`} />}
          </div>
        </div>
      )}
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
      <div className={css.slotButtons}>
        <input
          ref={input}
          type="file"
          accept={text.accept}
          aria-label={text.upload}
          className={css.fileInput}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) onFile(f);
            e.target.value = '';
          }}
        />
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
          {text.upload}
        </Button>
        <Button icon={<FolderOpenOutlined />} onClick={onVault}>
          Choose from vault<span className="sr-only"> ({text.what})</span>
        </Button>
        {item && (
          <Button danger icon={<DeleteOutlined />} onClick={onRemove}>
            Remove<span className="sr-only"> {text.what}</span>
          </Button>
        )}
      </div>
    </div>
  );
}
