'use client';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button, Spin } from 'antd';
import { ExclamationCircleOutlined, LockFilled, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import type { MediaFileView, Video } from '@stagepass/shared';
import { useLatch } from '@/lib/use-latch';
import { useFormat } from '@/lib/format';
import { useAppDispatch } from '@/store';
import { openSubscriptionModal } from '@/store/subscription';
import { formatDuration } from './video-format';
import { isBlurredPreview } from './VideoCard';
import StreamVideo, { playable } from '@/components/StreamVideo';
import css from './videos.module.css';

/** The unlock dialog (wallet purchase) is fetched the first time a fan opens it. */
const UnlockModal = dynamic(() => import('@/features/payments/UnlockModal'), { ssr: false });

/** A file not playable yet: "Processing…" (or the failure, or "No video file yet"). */
function Pending({ file, what }: { file: MediaFileView | null; what: 'video' | 'teaser' }) {
  const t = useTranslations('videos');
  if (!file)
    return (
      <div className={css.pending} role="status">
        <VideoCameraOutlined aria-hidden="true" />
        <span>{what === 'video' ? t('noVideoFile') : t('noTeaserFile')}</span>
      </div>
    );
  const failed = file.status === 'failed';
  return (
    <div className={`${css.pending}${failed ? ` ${css.failed}` : ''}`} role="status">
      {failed ? <ExclamationCircleOutlined aria-hidden="true" /> : <Spin size="small" />}
      <span>{failed ? (file.error ? t('processingFailedWhy', { error: file.error }) : t('processingFailed')) : t('processing')}</span>
    </div>
  );
}

const poster = (v: Video) => v.thumbnail?.url || v.thumbnail?.thumbnails.at(-1) || v.video?.thumbnails.at(-1) || v.teaser?.thumbnails[0] || undefined;

/** The call to action of a locked video: buy it (sale) or subscribe (subscribers). */
function Unlock({ video, onUnlock }: { video: Video; onUnlock: () => void }) {
  const dispatch = useAppDispatch();
  const t = useTranslations('videos');
  const { money } = useFormat();
  return video.access === 'sale' ? (
    <Button type="primary" size="large" onClick={onUnlock}>
      {t('unlockFor', { price: money(video.price) })}
    </Button>
  ) : (
    <Button type="primary" size="large" onClick={() => dispatch(openSubscriptionModal({ performer: video.performer, subscriptionType: 'monthly' }))}>
      {t('subscribeToWatch')}
    </Button>
  );
}

/**
 * The player of the fan page. Open (`canView`): the full video (components/StreamVideo:
 * `<video aria-label="Video">` playing the viewer's encrypted HLS playlist, or the owner's MP4), or its processing state. Locked: the
 * teaser plays (poster = the thumbnail) above a bar with the call to action, or — without a
 * teaser — the picture behind a lock overlay; never the main file (the API sends no URL of it).
 * `onUnlocked` runs after a purchase (the page reloads the video).
 */
export default function VideoPlayer({ video, onUnlocked }: { video: Video; onUnlocked: () => unknown }) {
  const t = useTranslations('videos');
  const [unlockOpen, setUnlockOpen] = useState(false);
  const unlockWanted = useLatch(unlockOpen);
  const length = formatDuration(video.duration);

  if (video.canView) {
    const f = video.video;
    return (
      <div className={css.stage}>
        {f && playable(f) ? (
          <StreamVideo key={f._id} className={css.player} file={f} poster={poster(video)} label={t('video')} />
        ) : (
          <Pending file={f} what="video" />
        )}
      </div>
    );
  }

  const lockText = t('lockText', { access: video.access === 'sale' ? 'sale' : 'subscribers', length: length ? ` (${length})` : '' });
  const teaser = video.teaser;
  const dialog = video.access === 'sale' && unlockWanted && (
    <UnlockModal
      target={{ kind: 'video', id: video._id, price: video.price, performerId: video.performerId, creatorName: video.performer.name }}
      open={unlockOpen}
      onClose={() => setUnlockOpen(false)}
      onUnlocked={onUnlocked}
    />
  );

  if (teaser) {
    return (
      <div className={css.stage}>
        {playable(teaser) ? (
          <>
            <span className={css.teaserLabel} aria-hidden="true">
              {t('teaser')}
            </span>
            <StreamVideo key={teaser._id} className={css.player} file={teaser} poster={poster(video)} label={t('teaserVideo')} />
          </>
        ) : (
          <Pending file={teaser} what="teaser" />
        )}
        <div className={css.lockBar}>
          <span className={css.lockBarText}>
            <LockFilled aria-hidden="true" /> {lockText}
          </span>
          <Unlock video={video} onUnlock={() => setUnlockOpen(true)} />
        </div>
        {dialog}
      </div>
    );
  }

  const bg = video.previewImage;
  return (
    <div className={css.stage}>
      <div className={css.locked}>
        {bg && (
          // the video's own picture (dynamic), hence inline
          <div className={`${css.lockedBg}${isBlurredPreview(video) ? ` ${css.blurredBg}` : ''}`} style={{ backgroundImage: `url(${bg})` }} aria-hidden="true" />
        )}
        <div className={css.lockedBody}>
          <div className={css.lockIcon} aria-hidden="true">
            <LockFilled />
          </div>
          <p className={css.lockText}>{lockText}</p>
          <Unlock video={video} onUnlock={() => setUnlockOpen(true)} />
        </div>
      </div>
      {dialog}
    </div>
  );
}
