'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { useLatch } from '@/lib/use-latch';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { App, Avatar, Button, Card, Dropdown, Modal, Skeleton, Tag, Tooltip } from 'antd';
import {
  CalendarOutlined, ClockCircleOutlined, DeleteOutlined, EditOutlined, FlagOutlined, PushpinFilled, PushpinOutlined, HeartFilled, HeartOutlined, MessageOutlined, MoreOutlined, ShareAltOutlined, StarFilled, StarOutlined,
} from '@ant-design/icons';
import { DEFAULT_AVATAR, type Feed, type MediaFileView } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useTranslations } from 'next-intl';
import { call, errorText } from '@/lib/api';
import { useSocketEvent, useSocketStatus } from '@/lib/socket';
import { useFormat } from '@/lib/format';
import { RichText } from './RichText';
import { useCurrentUser } from '@/store';
import { FeedFiles, LockedMedia } from './FeedMedia';
import FeedPoll from './FeedPoll';
import { confirmDeleteFeed } from './deleteFeed';
import css from './feeds.module.css';
import { useMySubscription } from '@/lib/use-my-subscription';
import HiddenTag from '@/components/HiddenTag';
import AccessTag from '@/components/AccessTag';
import { usePostView } from './post-views';

/** Comments and the report dialog are fetched the first time they are opened on any card. */
const CommentDrawer = dynamic(() => import('./CommentDrawer'), { ssr: false });
const ReportModal = dynamic(() => import('./ReportModal'), { ssr: false });

export const feedUrl = (id: string) => `/post/${id}`;

/** Tolerates partial feed shapes (lists of other modules): defaults for arrays and flags; null without a creator. */
export function normalizeFeed(x: unknown): Feed | null {
  const f = x as Partial<Feed> | null;
  if (!f || !f._id || !f.performer) return null;
  return {
    files: [], teaser: null, thumbnail: null, poll: null, price: null, isLiked: false, isBookmarked: false, isSubscribed: false, isBought: false,
    isLocked: false, totalLike: 0, totalComment: 0, totalBookmark: 0, status: 'published', previewImage: '', text: '', type: 'text', visibility: 'free',
    publishAt: f.createdAt || '', createdAt: '', updatedAt: '', performerId: f.performer._id,
    ...f,
  } as Feed;
}

/** Free / Subscribers / $X.XX, and "Purchased" once unlocked — the one access wording (AccessTag). */
export function VisibilityBadge({ feed }: { feed: Pick<Feed, 'visibility' | 'price'> & Partial<Pick<Feed, 'isBought'>> }) {
  return <AccessTag access={feed.visibility} price={feed.price} isBought={feed.isBought} />;
}

const settled = (f: MediaFileView) => f.status === 'ready' || f.status === 'failed';

/**
 * While any file of an unlocked feed is still processing: its uploader hears each file settle on the
 * socket ('media/status') and the feed is reloaded once all have; the status is read once when the
 * card shows (and after a socket reconnect) so a missed event cannot leave it processing. No polling.
 */
function useProcessing(feed: Feed, setFeed: (f: Feed) => void) {
  const pending = feed.isLocked ? [] : [...feed.files, feed.teaser, feed.thumbnail].filter((f): f is MediaFileView => Boolean(f && !settled(f)));
  const key = pending.map((f) => f._id).join(',');
  const done = useRef(new Set<string>());
  const reload = useCallback(async () => {
    try {
      setFeed(await call(routes.feeds.get, { params: { id: feed._id } }));
    } catch {
      /* keeps showing processing */
    }
  }, [feed._id, setFeed]);
  const check = useCallback(
    async (ids: string[]) => {
      try {
        const st = await Promise.all(ids.map((fid) => call(routes.feeds.fileStatus, { params: { id: feed._id, fileId: fid } })));
        if (st.every((s) => s.status === 'ready' || s.status === 'failed')) await reload();
      } catch {
        /* the next event or reconnect tells */
      }
    },
    [feed._id, reload],
  );
  useSocketEvent('media/status', (e) => {
    if (!key || (e.status !== 'ready' && e.status !== 'failed')) return;
    const ids = key.split(',');
    if (!ids.includes(e.fileId)) return;
    done.current.add(e.fileId);
    if (ids.every((id) => done.current.has(id))) void reload();
  });
  useEffect(() => {
    done.current = new Set();
    if (key) void check(key.split(','));
  }, [key, check]);
  const socketStatus = useSocketStatus();
  const wasDown = useRef(false);
  useEffect(() => {
    if (socketStatus === 'reconnecting' || socketStatus === 'disconnect') wasDown.current = true;
    else if (socketStatus === 'connected' && wasDown.current) {
      wasDown.current = false;
      if (key) void check(key.split(','));
    }
  }, [socketStatus, key, check]);
}

/**
 * A locked subscribers-only card reloads itself once the fan's subscription to its creator is
 * active (no page reload): it watches the SWR entry of that subscription (one request per creator,
 * shared by all the creator's cards), which the subscribe dialog revalidates after a payment.
 */
function useUnlockOnSubscribe(feed: Feed, setFeed: (f: Feed) => void) {
  const waiting = feed.isLocked && feed.visibility === 'subscribers';
  const { sub } = useMySubscription(waiting ? feed.performerId : null);
  const active = Boolean(sub?.isActive);
  const reloaded = useRef<string | null>(null);
  useEffect(() => {
    if (!waiting || !active || reloaded.current === feed._id) return;
    reloaded.current = feed._id;
    call(routes.feeds.get, { params: { id: feed._id } }).then(setFeed, () => undefined);
  }, [waiting, active, feed._id, setFeed]);
}

/**
 * One feed, used everywhere (timeline, profile, search, bookmarks, single post, my posts):
 * header, sanitized text, media or locked preview, poll, actions (like, bookmark, comments,
 * report, share; edit/delete for the owner).
 */
export default function FeedCard({ feed: initial, onDeleted }: { feed: Feed; onDeleted?: (id: string) => void }) {
  const { message } = App.useApp();
  const router = useRouter();
  const me = useCurrentUser();
  const t = useTranslations('feeds');
  const fmt = useFormat();
  const [feed, setFeed] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const commentsWanted = useLatch(commentsOpen);
  const reportWanted = useLatch(reportOpen);
  // Lists rebuild their feed objects on every render (normalizeFeed): take the prop again only when
  // its content changed, or a local update (like, unlock, subscribe) would be thrown away.
  const initialKey = JSON.stringify(initial);
  const lastKey = useRef(initialKey);
  useEffect(() => {
    if (lastKey.current === initialKey) return;
    lastKey.current = initialKey;
    setFeed(initial);
  }, [initialKey, initial]);
  useProcessing(feed, setFeed);
  useUnlockOnSubscribe(feed, setFeed);

  const isOwner = Boolean(me && me._id === feed.performerId);
  const cardRef = useRef<HTMLElement>(null);
  // A signed-in fan's view of a published post is counted (README of feeds "Post views"); the creator's own never.
  usePostView(cardRef, feed._id, Boolean(me) && !isOwner && feed.status !== 'scheduled');
  const p = feed.performer;
  const profileHref = `/${p.username || p._id}`;

  const react = async (action: 'like' | 'bookmark') => {
    if (!me) return router.push('/auth/login');
    const on = action === 'like' ? feed.isLiked : feed.isBookmarked;
    setBusy(action);
    try {
      const body = { objectId: feed._id, objectType: 'feed' as const, action };
      const s = on ? await call(routes.reactions.unreact, { body }) : await call(routes.reactions.react, { body });
      setFeed((f) => (action === 'like' ? { ...f, isLiked: s.reacted, totalLike: s.total } : { ...f, isBookmarked: s.reacted, totalBookmark: s.total }));
      if (action === 'bookmark') message.success(t(s.reacted ? 'bookmarkSaved' : 'bookmarkRemoved'));
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  const share = async () => {
    const url = `${window.location.origin}${feedUrl(feed._id)}`;
    try {
      if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(url);
      else throw new Error('no clipboard');
      message.success(t('linkCopied'));
    } catch {
      Modal.info({ title: t('shareTitle'), content: url, okText: t('close') });
    }
  };

  const remove = () => confirmDeleteFeed(feed._id, message, (id) => onDeleted?.(id), { title: t('deleteTitle'), content: t('deleteText'), okText: t('delete'), done: t('deleted') });

  /** Pin to / unpin from the top of the profile (at most 3: the API's 409 message says so). */
  const togglePin = async () => {
    try {
      const saved = feed.pinnedAt ? await call(routes.feeds.unpin, { params: { id: feed._id } }) : await call(routes.feeds.pin, { params: { id: feed._id } });
      setFeed(saved);
      message.success(t(saved.pinnedAt ? 'pinnedDone' : 'unpinnedDone'));
    } catch (e) {
      message.error(errorText(e));
    }
  };

  return (
    <article ref={cardRef} className="feed-card" aria-label={t('postBy', { name: p.name })}>
      <Card styles={{ body: { padding: 0 } }}>
        <header className="feed-head">
          <Link href={profileHref} aria-label={t('profileOf', { name: p.name })}>
            <Avatar src={p.avatar || DEFAULT_AVATAR} alt="" size={44} />
          </Link>
          <div className="feed-head-text">
            <div className="feed-head-line">
              <Link href={profileHref} className="feed-name">
                {p.name}
              </Link>
              {p.username && (
                <Link href={profileHref} className="feed-username">
                  @{p.username}
                </Link>
              )}
            </div>
            <div className="feed-head-line">
              <Tooltip title={fmt.fullDate(feed.publishAt)}>
                <Link href={feedUrl(feed._id)} className="feed-time">
                  <time dateTime={feed.publishAt}>{fmt.timeAgo(feed.publishAt)}</time>
                </Link>
              </Tooltip>
              <VisibilityBadge feed={feed} />
              {feed.status === 'scheduled' && (
                <Tag icon={<CalendarOutlined />} color="blue" variant="filled">
                  {t('scheduled', { date: fmt.fullDate(feed.publishAt) })}
                </Tag>
              )}
              {feed.pinnedAt && (
                <Tag icon={<PushpinFilled />} color="gold" variant="filled">
                  {t('pinned')}
                </Tag>
              )}
              {feed.isExpired ? (
                <Tag icon={<ClockCircleOutlined />} color="default" variant="filled">
                  {t('expired')}
                </Tag>
              ) : (
                feed.expiresAt && (
                  <Tooltip title={fmt.fullDate(feed.expiresAt)}>
                    <Tag icon={<ClockCircleOutlined />} color="orange" variant="filled">
                      {t('disappears', { when: fmt.timeAgo(feed.expiresAt) })}
                    </Tag>
                  </Tooltip>
                )
              )}
              <HiddenTag item={feed} />
            </div>
          </div>
          {isOwner && (
            <Dropdown
              trigger={['click']}
              placement="bottomRight"
              menu={{
                items: [
                  { key: 'edit', icon: <EditOutlined />, label: <Link href={`/creator/feeds/${feed._id}/edit`}>{t('edit')}</Link> },
                  feed.pinnedAt
                    ? { key: 'unpin', icon: <PushpinOutlined />, label: t('unpin'), onClick: () => void togglePin() }
                    : { key: 'pin', icon: <PushpinFilled />, label: t('pin'), onClick: () => void togglePin() },
                  { key: 'delete', icon: <DeleteOutlined />, label: t('delete'), danger: true, onClick: remove },
                ],
              }}
            >
              <Button type="text" icon={<MoreOutlined />} aria-label={t('postOptions')} />
            </Dropdown>
          )}
        </header>
        <RichText html={feed.text} className="feed-text" />
        {feed.isLocked ? <LockedMedia feed={feed} onUnlocked={setFeed} /> : <FeedFiles files={feed.files} />}
        {!feed.isLocked && feed.teaser?.url && feed.files.length === 0 && <FeedFiles files={[feed.teaser]} />}
        {feed.poll && (
          <div className={css.pollPad}>
            <FeedPoll poll={feed.poll} locked={feed.isLocked} isOwner={isOwner} />
          </div>
        )}
        <footer className="feed-actions">
          <Button type="text" aria-label={t(feed.isLiked ? 'unlike' : 'like')} aria-pressed={feed.isLiked} loading={busy === 'like'} icon={feed.isLiked ? <HeartFilled className={css.liked} /> : <HeartOutlined />} onClick={() => void react('like')}>
            <span aria-hidden="true">{fmt.compactNumber(feed.totalLike)}</span>
          </Button>
          <Button type="text" aria-label={t('comments')} icon={<MessageOutlined />} onClick={() => setCommentsOpen(true)}>
            <span aria-hidden="true">{fmt.compactNumber(feed.totalComment)}</span>
          </Button>
          <Button
            type="text"
            aria-label={t(feed.isBookmarked ? 'removeBookmark' : 'bookmark')}
            aria-pressed={feed.isBookmarked}
            loading={busy === 'bookmark'}
            icon={feed.isBookmarked ? <StarFilled className={css.starred} /> : <StarOutlined />}
            onClick={() => void react('bookmark')}
          />
          <span className={css.spacer} />
          <Tooltip title={t('copyLink')}>
            <Button type="text" aria-label={t('share')} icon={<ShareAltOutlined />} onClick={() => void share()} />
          </Tooltip>
          {!isOwner && (
            <Tooltip title={t('report')}>
              <Button type="text" aria-label={t('report')} icon={<FlagOutlined />} onClick={() => (me ? setReportOpen(true) : router.push('/auth/login'))} />
            </Tooltip>
          )}
        </footer>
      </Card>
      {commentsWanted && (
        <CommentDrawer
          open={commentsOpen}
          onClose={() => setCommentsOpen(false)}
          objectId={feed._id}
          canComment={!feed.isLocked}
          title={t('commentsOf', { name: p.name })}
          onCount={(d) => setFeed((f) => ({ ...f, totalComment: Math.max(0, f.totalComment + d) }))}
        />
      )}
      {!isOwner && reportWanted && <ReportModal open={reportOpen} onClose={() => setReportOpen(false)} target="feed" targetId={feed._id} />}
    </article>
  );
}

export function FeedCardSkeleton() {
  return (
    <Card className="feed-card" aria-hidden="true">
      <Skeleton active avatar={{ size: 44 }} paragraph={{ rows: 2 }} />
      <Skeleton.Node active className={css.mediaSkeleton}>
        <span />
      </Skeleton.Node>
    </Card>
  );
}
