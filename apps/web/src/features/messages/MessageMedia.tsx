'use client';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button, Image, Spin } from 'antd';
import { AudioOutlined, ExclamationCircleOutlined, LockFilled, PictureOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import type { Conversation, MediaFileView, Message } from '@stagepass/shared';
import { useFormat } from '@/lib/format';
import { useLatch } from '@/lib/use-latch';
import { useAppDispatch } from '@/store';
import { loadMessages } from '@/store/message';
import StreamVideo, { playable } from '@/components/StreamVideo';
import css from './messages.module.css';

/** The unlock dialog (wallet, coupon, payment) is fetched the first time a fan opens one. */
const UnlockModal = dynamic(() => import('@/features/payments/UnlockModal'), { ssr: false });

const ready = (f: MediaFileView) => (f.type === 'video' ? playable(f) : f.status === 'ready' && Boolean(f.url));

function Pending({ file }: { file: MediaFileView }) {
  const t = useTranslations('messages');
  const failed = file.status === 'failed';
  return (
    <div className={`${css.pending}${failed ? ` ${css.failed}` : ''}`} role="status">
      {failed ? (
        <>
          <ExclamationCircleOutlined /> {t('processingFailed')}
        </>
      ) : (
        <>
          <Spin size="small" /> {t('processing')}
        </>
      )}
    </div>
  );
}

/** A message's media the viewer may open: photos (with a viewer), videos, audio; files still processing as placeholders. */
export function MessageFiles({ files }: { files: MediaFileView[] }) {
  const t = useTranslations('messages');
  if (!files.length) return null;
  const photos = files.filter((f) => f.type === 'image' && ready(f));
  return (
    <div className={`${css.media}${photos.length > 1 ? ` ${css.two}` : ''}`}>
      <Image.PreviewGroup>
        {photos.map((f, i) => (
          // the photo's own proportions (dynamic), so the thread does not jump when it loads
          <div key={f._id} className={css.photo} style={f.width && f.height ? { aspectRatio: `${f.width} / ${f.height}` } : undefined}>
            <Image src={f.thumbnails.at(-1) || f.url} preview={{ src: f.url }} alt={photos.length > 1 ? t('photoOf', { n: i + 1, total: photos.length }) : t('photo')} />
          </div>
        ))}
      </Image.PreviewGroup>
      {files
        .filter((f) => f.type === 'video' && ready(f))
        .map((f) => (
          <StreamVideo key={f._id} className={css.video} file={f} poster={f.thumbnails.at(-1) || f.preview} label={t('video')} />
        ))}
      {files
        .filter((f) => f.type === 'audio' && ready(f))
        .map((f) => (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- a creator's upload: the site has no caption files to offer (no caption upload yet)
          <audio key={f._id} className={css.audio} controls preload="metadata" src={f.url} aria-label={t('audio')} />
        ))}
      {files
        .filter((f) => !ready(f))
        .map((f) => (
          <Pending key={f._id} file={f} />
        ))}
    </div>
  );
}

/**
 * Paid media not bought yet: the blurred preview (never a media URL), what is inside, the price and
 * "Unlock for $X.XX" → the wallet purchase dialog (kind `message`); once paid, the conversation's
 * loaded messages are read again so the files come with their URLs.
 */
export function LockedMessageMedia({ message, conversation }: { message: Message; conversation: Conversation }) {
  const t = useTranslations('messages');
  const f = useFormat();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const wanted = useLatch(open);
  const count = (t: MediaFileView['type']) => message.files.filter((f) => f.type === t).length;
  const inside = [
    count('image') > 0 && (
      <span key="i">
        <PictureOutlined /> {t('photos', { count: count('image') })}
      </span>
    ),
    count('video') > 0 && (
      <span key="v">
        <VideoCameraOutlined /> {t('videos', { count: count('video') })}
      </span>
    ),
    count('audio') > 0 && (
      <span key="a">
        <AudioOutlined /> {t('audios', { count: count('audio') })}
      </span>
    ),
  ].filter(Boolean);
  const preview = message.files.find((f) => f.preview)?.preview;
  return (
    <div className={css.locked} role="group" aria-label={t('lockedMedia', { price: f.money(message.price) })}>
      {/* the message's own blurred preview (dynamic) */}
      {preview && <div className={css.lockedBg} style={{ backgroundImage: `url(${preview})` }} aria-hidden="true" />}
      <div className={css.lockedBody}>
        <div className={css.lockIcon} aria-hidden="true">
          <LockFilled />
        </div>
        {inside.length > 0 && <div>{inside}</div>}
        <Button type="primary" onClick={() => setOpen(true)}>
          {t('unlockFor', { price: f.money(message.price) })}
        </Button>
      </div>
      {wanted && (
        <UnlockModal
          target={{ kind: 'message', id: message._id, price: message.price, performerId: message.senderId, creatorName: conversation.recipient.name }}
          open={open}
          onClose={() => setOpen(false)}
          onUnlocked={() => dispatch(loadMessages({ conversationId: message.conversationId, refresh: true })).unwrap()}
        />
      )}
    </div>
  );
}
