'use client';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useLatch } from '@/lib/use-latch';
import { Button, Carousel, Image, Spin } from 'antd';
import { AudioOutlined, ExclamationCircleOutlined, LockFilled, PictureOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { FEED_PREVIEW_FALLBACK, SCREENING_BLOCKED_MESSAGE, pickPreviewImage, type Feed, type MediaFileView } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call } from '@/lib/api';
import { useFormat } from '@/lib/format';
import { useAppDispatch } from '@/store';
import { openSubscriptionModal } from '@/store/subscription';
import StreamVideo, { playable } from '@/components/StreamVideo';
import css from './feeds.module.css';

/** The unlock dialog (cards, wallet, payment) is fetched the first time a fan opens one. */
const UnlockModal = dynamic(() => import('@/features/payments/UnlockModal'), { ssr: false });

/** A file that is not playable yet: "Processing…" with a spinner, or the failure. */
export function FilePending({ file }: { file: MediaFileView }) {
  const t = useTranslations('feeds');
  const failed = file.status === 'failed';
  return (
    <div className={`media-pending${failed ? ' failed' : ''}`} role="status">
      {failed ? (
        <>
          <ExclamationCircleOutlined className={css.failedIcon} />
          <span>{file.error === SCREENING_BLOCKED_MESSAGE ? t('screeningBlocked') : file.error ? t('processingFailedWith', { error: file.error }) : t('processingFailed')}</span>
        </>
      ) : (
        <>
          <Spin size="small" />
          <span>{t('processing')}</span>
        </>
      )}
    </div>
  );
}

function Photos({ files }: { files: MediaFileView[] }) {
  const t = useTranslations('feeds');
  const [current, setCurrent] = useState(0);
  if (files.length === 1) {
    const f = files[0]!;
    return (
      <div className="media-photo">
        {/* eslint-disable-next-line @next/next/no-img-element -- the blur preview is an inline data URL */}
        <Image src={f.url} alt={t('photo')} placeholder={f.preview ? <img src={f.preview} alt="" className="media-blur" /> : undefined} />
      </div>
    );
  }
  return (
    <Image.PreviewGroup items={files.map((f) => f.url!)}>
      <div className="media-carousel">
        <Carousel arrows dots infinite={false} afterChange={setCurrent}>
          {files.map((f, i) => (
            // The slides out of view are aria-hidden by the carousel: inert too, so Tab skips their preview triggers (axe aria-hidden-focus).
            <div key={f._id} className="media-photo" inert={i !== current}>
              <Image src={f.url} alt={t('photoOf', { n: i + 1, total: files.length })} />
            </div>
          ))}
        </Carousel>
        <span className="media-counter" aria-hidden="true">
          {current + 1}/{files.length}
        </span>
      </div>
    </Image.PreviewGroup>
  );
}

/** Unlocked media: image carousel, video players, audio players; pending files as placeholders. */
export function FeedFiles({ files }: { files: MediaFileView[] }) {
  const t = useTranslations('feeds');
  const ready = (f: MediaFileView) => (f.type === 'video' ? playable(f) : f.status === 'ready' && Boolean(f.url));
  const photos = files.filter((f) => f.type === 'image' && ready(f));
  const videos = files.filter((f) => f.type === 'video' && ready(f));
  const audios = files.filter((f) => f.type === 'audio' && ready(f));
  const pending = files.filter((f) => !ready(f));
  if (!files.length) return null;
  return (
    <div className="feed-media">
      {photos.length > 0 && <Photos files={photos} />}
      {videos.map((f) => (
        <StreamVideo key={f._id} className="media-video" file={f} poster={f.thumbnails[f.thumbnails.length - 1] || f.preview} label={t('video')} />
      ))}
      {audios.map((f) => (
        <div key={f._id} className="media-audio">
          <AudioOutlined aria-hidden="true" />
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a creator's upload: the site has no caption files to offer (no caption upload yet) */}
          <audio controls preload="metadata" src={f.url} aria-label={t('audio')} />
        </div>
      ))}
      {pending.map((f) => (
        <FilePending key={f._id} file={f} />
      ))}
    </div>
  );
}

/**
 * A locked feed: the blurred preview (never a media URL), a lock, what is inside, and the call to
 * action — "Unlock for $X.XX" (pay-per-view: the wallet purchase dialog; `onUnlocked` gets the
 * unlocked feed) or "Subscribe to see this post" (subscribers: the Subscription UI state's modal), or
 * "Upgrade your tier…" for a subscriber below the post's minimum tier (to /user/subscriptions).
 */
export function LockedMedia({ feed, onUnlocked }: { feed: Feed; onUnlocked?: (f: Feed) => void }) {
  const dispatch = useAppDispatch();
  const t = useTranslations('feeds');
  const fmt = useFormat();
  const [unlockOpen, setUnlockOpen] = useState(false);
  const unlockWanted = useLatch(unlockOpen);
  const picked = feed.previewImage || pickPreviewImage(feed);
  const isThumbnail = Boolean(feed.thumbnail?.url && picked === feed.thumbnail.url);
  const bg = picked || FEED_PREVIEW_FALLBACK;
  const count = (type: string) => feed.files.filter((f) => f.type === type).length;
  const inside = [
    count('image') && <span key="i"><PictureOutlined /> {t('photos', { count: count('image') })}</span>,
    count('video') && <span key="v"><VideoCameraOutlined /> {t('videos', { count: count('video') })}</span>,
    count('audio') && <span key="a"><AudioOutlined /> {t('audios', { count: count('audio') })}</span>,
  ].filter(Boolean);
  const ppv = feed.visibility === 'ppv';
  return (
    <div className="feed-media">
      {feed.teaser && playable(feed.teaser) && (
        <div className="media-teaser">
          <span className="media-teaser-label">{t('teaser')}</span>
          <StreamVideo className="media-video" file={feed.teaser} poster={feed.teaser.thumbnails[0]} label={t('teaserVideo')} />
        </div>
      )}
      <div className="locked">
        {/* the post's own picture (dynamic) */}
        <div className={`locked-bg${isThumbnail ? '' : ' blurred'}`} style={{ backgroundImage: `url(${bg})` }} aria-hidden="true" />
        <div className="locked-body">
          <div className="locked-icon" aria-hidden="true">
            <LockFilled />
          </div>
          {inside.length > 0 && <div className="locked-inside">{inside}</div>}
          {ppv ? (
            <Button type="primary" size="large" onClick={() => setUnlockOpen(true)}>
              {t('unlockFor', { price: fmt.money(feed.price) })}
            </Button>
          ) : feed.isSubscribed ? (
            // Subscribed, but on a tier below the post's minimum tier (issue 30 §1): upgrading opens it.
            <Link href="/user/subscriptions">
              <Button type="primary" size="large">
                {t('upgradeTier')}
              </Button>
            </Link>
          ) : (
            <Button
              type="primary"
              size="large"
              onClick={() =>
                dispatch(
                  openSubscriptionModal({ performer: feed.performer, subscriptionType: 'monthly' }),
                )
              }
            >
              {t('subscribeToSee')}
            </Button>
          )}
        </div>
      </div>
      {ppv && unlockWanted && (
        <UnlockModal
          target={{ kind: 'feed', id: feed._id, price: feed.price, performerId: feed.performerId, creatorName: feed.performer.name }}
          open={unlockOpen}
          onClose={() => setUnlockOpen(false)}
          onUnlocked={async () => onUnlocked?.(await call(routes.feeds.get, { params: { id: feed._id } }))}
        />
      )}
    </div>
  );
}
