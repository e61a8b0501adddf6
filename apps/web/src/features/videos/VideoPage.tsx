'use client';
import { useEffect, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { App, Avatar, Button, Card, Tag, Tooltip } from 'antd';
import {
  ArrowLeftOutlined, CalendarOutlined, EditOutlined, EyeOutlined, FlagOutlined, HeartFilled, HeartOutlined, MessageOutlined, ShareAltOutlined, StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { DEFAULT_AVATAR, INTL_LOCALE, type Video } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { useLatch } from '@/lib/use-latch';
import { useSocketEvent } from '@/lib/socket';
import { useMySubscription } from '@/lib/use-my-subscription';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import { useCurrentUser } from '@/store';
import { AccessBadge } from './VideoCard';
import VideoPlayer from './VideoPlayer';
import RelatedVideos from './RelatedVideos';
import { editVideoUrl, videoUrl } from './video-format';
import css from './videos.module.css';

/** Comments and the report dialog are fetched the first time they are opened. */
const CommentDrawer = dynamic(() => import('@/features/feeds/CommentDrawer'), { ssr: false });
const ReportModal = dynamic(() => import('@/features/feeds/ReportModal'), { ssr: false });

/**
 * /video/[id]: one video as the viewer may see it (the server component read it first — a 404 is
 * the not-found view). Player (or teaser + unlock), title, creator, counts, like / bookmark /
 * comments / share / report, description, tags, and more videos of the creator. Reloaded (GET
 * /performer-assets/videos/{id}) after a purchase, when a subscription to the creator becomes
 * active, and — for the owner — when its files finish processing ('media/status').
 */
export default function VideoPage({ initial }: { initial: Video }) {
  const { message, modal } = App.useApp();
  const t = useTranslations('videos');
  const specText = useSpecText();
  const f = useFormat();
  const router = useRouter();
  const me = useCurrentUser();
  // The server's read counted the view: no second read on mount, on focus or on reconnect.
  const { data, mutate } = useRoute(routes.videos.get, { params: { id: initial._id } }, {
    fallbackData: initial,
    revalidateOnMount: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  const video = data ?? initial;
  const [busy, setBusy] = useState<string | null>(null);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const commentsWanted = useLatch(commentsOpen);
  const reportWanted = useLatch(reportOpen);
  const isOwner = Boolean(me && me._id === video.performerId);
  const p = video.performer;
  const profileHref = `/${p.username || p._id}`;
  const reload = () => mutate();

  // A subscribers video unlocks once the fan's subscription to its creator is active (the subscribe dialog revalidates it).
  const waiting = !video.canView && video.access === 'subscribers';
  const { sub } = useMySubscription(waiting ? video.performerId : null);
  const reloadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!waiting || !sub?.isActive || reloadedFor.current === video._id) return;
    reloadedFor.current = video._id;
    void mutate();
  }, [waiting, sub?.isActive, video._id, mutate]);

  // The owner hears their files settle on the socket: reload then (no polling).
  const fileIds = [video.video, video.teaser, video.thumbnail].filter((f) => f && f.status !== 'ready' && f.status !== 'failed').map((f) => f!._id);
  useSocketEvent('media/status', (e) => {
    if ((e.status === 'ready' || e.status === 'failed') && fileIds.includes(e.fileId)) void mutate();
  });

  const react = async (action: 'like' | 'bookmark') => {
    if (!me) return router.push('/auth/login');
    if (action === 'like' && !video.canView) return void message.info(t('unlockToLike'));
    const on = action === 'like' ? video.isLiked : video.isBookmarked;
    setBusy(action);
    try {
      const body = { objectId: video._id, objectType: 'video' as const, action };
      const s = on ? await call(routes.reactions.unreact, { body }) : await call(routes.reactions.react, { body });
      await mutate(
        (v) => (v ? (action === 'like' ? { ...v, isLiked: s.reacted, totalLike: s.total } : { ...v, isBookmarked: s.reacted, totalBookmark: s.total }) : v),
        { revalidate: false },
      );
      if (action === 'bookmark') message.success(s.reacted ? t('bookmarked') : t('unbookmarked'));
    } catch (e) {
      message.error(specText(errorText(e)));
    } finally {
      setBusy(null);
    }
  };

  const share = async () => {
    const url = `${window.location.origin}${videoUrl(video._id)}`;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      message.success(t('linkCopied'));
    } catch {
      modal.info({ title: t('shareTitle'), content: url, okText: t('close') });
    }
  };

  const scheduled = video.isScheduled || (isOwner && video.status !== 'active');

  return (
    <div className={`container page ${css.page}`}>
      <Link href={profileHref} className={css.back}>
        <Button type="text" icon={<ArrowLeftOutlined />}>
          {p.name}
        </Button>
      </Link>

      <VideoPlayer video={video} onUnlocked={reload} />

      <div>
        <h1 className={css.title}>{video.title}</h1>
        <div className={css.stats}>
          <span>
            <EyeOutlined aria-hidden="true" /> {t('views', { count: video.totalView })}
          </span>
          <span>
            <HeartOutlined aria-hidden="true" /> {t('likes', { count: video.totalLike })}
          </span>
          <Tooltip title={f.fullDate(video.publishAt)}>
            {/* the visitor's time zone may differ from the server's */}
            <time dateTime={video.publishAt} suppressHydrationWarning>
              {new Date(video.publishAt).toLocaleDateString(INTL_LOCALE[f.locale], { dateStyle: 'medium' })}
            </time>
          </Tooltip>
          <AccessBadge video={video} />
          {scheduled && (
            <Tag icon={<CalendarOutlined />} color={video.status === 'active' ? 'blue' : 'default'} variant="filled">
              <span suppressHydrationWarning>
                {video.status === 'draft' ? t('draft') : video.status === 'inactive' ? t('inactive') : t('scheduled', { date: f.fullDate(video.publishAt) })}
              </span>
            </Tag>
          )}
        </div>
      </div>

      <div className={css.actions}>
        <Button
          type="text"
          aria-label={video.isLiked ? t('unlike') : t('like')}
          aria-pressed={video.isLiked}
          loading={busy === 'like'}
          icon={video.isLiked ? <HeartFilled className={css.liked} /> : <HeartOutlined />}
          onClick={() => void react('like')}
        >
          <span aria-hidden="true">{f.compactNumber(video.totalLike)}</span>
        </Button>
        <Button type="text" aria-label={t('comments')} icon={<MessageOutlined />} onClick={() => setCommentsOpen(true)}>
          <span aria-hidden="true">{f.compactNumber(video.totalComment)}</span>
        </Button>
        <Button
          type="text"
          aria-label={video.isBookmarked ? t('removeBookmark') : t('bookmark')}
          aria-pressed={video.isBookmarked}
          loading={busy === 'bookmark'}
          icon={video.isBookmarked ? <StarFilled className={css.starred} /> : <StarOutlined />}
          onClick={() => void react('bookmark')}
        />
        <Tooltip title={t('copyLink')}>
          <Button type="text" aria-label={t('share')} icon={<ShareAltOutlined />} onClick={() => void share()} />
        </Tooltip>
        {!isOwner && (
          <Tooltip title={t('report')}>
            <Button type="text" aria-label={t('report')} icon={<FlagOutlined />} onClick={() => (me ? setReportOpen(true) : router.push('/auth/login'))} />
          </Tooltip>
        )}
        <span className={css.spacer} />
        {isOwner && (
          <Link href={editVideoUrl(video._id)}>
            <Button icon={<EditOutlined />}>{t('editVideo')}</Button>
          </Link>
        )}
      </div>

      <Card size="small">
        <div className={css.creator}>
          <Link href={profileHref} aria-label={t('creatorProfile', { name: p.name })}>
            <Avatar src={p.avatar || DEFAULT_AVATAR} alt="" size={48} />
          </Link>
          <div className={css.creatorText}>
            <Link href={profileHref} className={css.creatorName}>
              {p.name}
            </Link>
            {p.username && <span className={css.creatorUser}>@{p.username}</span>}
          </div>
          <Link href={profileHref}>
            <Button>{t('viewProfile')}</Button>
          </Link>
        </div>
        {(video.description || video.tags.length > 0) && (
          <div className={css.about}>
            {video.description && <p className={css.description}>{video.description}</p>}
            {video.tags.length > 0 && (
              <ul className={css.tags} aria-label={t('tags')}>
                {video.tags.map((tag) => (
                  <li key={tag}>
                    <Tag>#{tag}</Tag>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </Card>

      <RelatedVideos video={video} />

      {commentsWanted && (
        <CommentDrawer
          open={commentsOpen}
          onClose={() => setCommentsOpen(false)}
          objectId={video._id}
          objectType="video"
          canComment={video.canView}
          title={t('commentsTitle', { title: video.title })}
          onCount={(d) => void mutate((v) => (v ? { ...v, totalComment: Math.max(0, v.totalComment + d) } : v), { revalidate: false })}
        />
      )}
      {!isOwner && reportWanted && <ReportModal open={reportOpen} onClose={() => setReportOpen(false)} target="video" targetId={video._id} what="video" />}
    </div>
  );
}
