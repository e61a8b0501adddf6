'use client';
import { Image, Spin } from 'antd';
import { ExclamationCircleOutlined, LockOutlined } from '@ant-design/icons';
import type { MediaFileView } from '@stagepass/shared';
import StreamVideo from '@/components/StreamVideo';
import css from './admin-reads.module.css';

/**
 * Media files as the console's audited reads show them (issue 28 §6): photos (a viewer on click),
 * videos and audio with the browser's controls, files still processing or failed as a status. The
 * URLs are the short-lived signed ones the audited read handed out. `label` names the files for
 * screen readers ("Photo 2 of 3 of the post").
 */
export default function ConsoleMedia({ files, label }: { files: MediaFileView[]; label: string }) {
  if (!files.length) return null;
  const photos = files.filter((f) => f.type === 'image');
  return (
    <div className={css.media}>
      <Image.PreviewGroup>
        {files.map((f, i) => {
          const name = `${f.type === 'image' ? 'Photo' : f.type === 'video' ? 'Video' : 'Audio'}${files.length > 1 ? ` ${i + 1} of ${files.length}` : ''} of ${label}`;
          if (f.status !== 'ready') {
            const failed = f.status === 'failed';
            return (
              <div key={f._id} className={`${css.pending}${failed ? ` ${css.failed}` : ''}`} role="status" aria-label={name}>
                {failed ? <ExclamationCircleOutlined aria-hidden /> : <Spin size="small" />}
                <span>{failed ? `Processing failed${f.error ? `: ${f.error}` : ''}` : 'Processing…'}</span>
              </div>
            );
          }
          if (!f.url && !f.hls) {
            return (
              <div key={f._id} className={css.pending} role="status" aria-label={name}>
                <LockOutlined aria-hidden /> <span>Not available</span>
              </div>
            );
          }
          if (f.type === 'image') {
            return (
              <div key={f._id} className={css.photo} style={f.width && f.height ? { aspectRatio: `${f.width} / ${f.height}` } : undefined}>
                <Image src={f.thumbnails.at(-1) || f.url} preview={{ src: f.url }} alt={photos.length > 1 ? name : `Photo of ${label}`} />
              </div>
            );
          }
          if (f.type === 'video') {
            return <StreamVideo key={f._id} className={css.video} file={f} poster={f.thumbnails[0]} label={name} />;
          }
          // eslint-disable-next-line jsx-a11y/media-has-caption -- a creator's upload: the site has no caption files to offer (no caption upload yet)
          return <audio key={f._id} className={css.audio} controls preload="metadata" src={f.url} aria-label={name} />;
        })}
      </Image.PreviewGroup>
    </div>
  );
}
