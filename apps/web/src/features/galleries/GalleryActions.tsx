'use client';
import { useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { App, Button, Modal, Tooltip } from 'antd';
import { DownloadOutlined, FlagOutlined, HeartFilled, HeartOutlined, MessageOutlined, SettingOutlined, ShareAltOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { Gallery } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { compactNumber } from '@/lib/format';
import { useLatch } from '@/lib/use-latch';
import { useCurrentUser } from '@/store';
import { downloadGallery } from './download';
import { byteSize } from './gallery-format';
import { galleryUrl, manageGalleryUrl } from './parts';
import css from './galleries.module.css';

/** Comments and the report dialog (the feeds area's) are fetched the first time they are opened. */
const CommentDrawer = dynamic(() => import('@/features/feeds/CommentDrawer'), { ssr: false });
const ReportModal = dynamic(() => import('@/features/feeds/ReportModal'), { ssr: false });

/**
 * The gallery page's action bar: `Like` / `Unlike`, `Comments`, `Bookmark` / `Remove bookmark`
 * (POST/DELETE /reactions, objectType `gallery`), `Download all` (open galleries, signed in),
 * `Share` (copies /gallery/{id}), `Report` (not the owner's); the owner gets `Manage photos`.
 * `onChange` receives the gallery with its new counters.
 */
export default function GalleryActions({ gallery: g, onChange }: { gallery: Gallery; onChange: (patch: Partial<Gallery>) => void }) {
  const { message } = App.useApp();
  const router = useRouter();
  const me = useCurrentUser();
  const isOwner = Boolean(me && me._id === g.performerId);
  const [busy, setBusy] = useState<string | null>(null);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const commentsWanted = useLatch(commentsOpen);
  const reportWanted = useLatch(reportOpen);
  const [received, setReceived] = useState<number | null>(null);
  const totalComment = useRef(g.totalComment);
  totalComment.current = g.totalComment;

  const react = async (action: 'like' | 'bookmark') => {
    if (!me) return router.push('/auth/login');
    const on = action === 'like' ? g.isLiked : g.isBookmarked;
    setBusy(action);
    try {
      const body = { objectId: g._id, objectType: 'gallery' as const, action };
      const s = on ? await call(routes.reactions.unreact, { body }) : await call(routes.reactions.react, { body });
      onChange(action === 'like' ? { isLiked: s.reacted, totalLike: s.total } : { isBookmarked: s.reacted, totalBookmark: s.total });
      if (action === 'bookmark') message.success(s.reacted ? 'Saved to your bookmarks' : 'Removed from your bookmarks');
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  const share = async () => {
    const url = `${window.location.origin}${galleryUrl(g._id)}`;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      message.success('Link copied');
    } catch {
      Modal.info({ title: 'Share this gallery', content: url, okText: 'Close' });
    }
  };

  const download = async () => {
    if (!me) return router.push('/auth/login');
    if (received !== null) return;
    setReceived(0);
    try {
      const name = await downloadGallery(g._id, g.title, setReceived);
      message.success(`Downloaded ${name}`);
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setReceived(null);
    }
  };

  return (
    <div className={css.actions}>
      <Button type="text" aria-label={g.isLiked ? 'Unlike' : 'Like'} aria-pressed={g.isLiked} loading={busy === 'like'} icon={g.isLiked ? <HeartFilled className={css.liked} aria-hidden="true" /> : <HeartOutlined aria-hidden="true" />} onClick={() => void react('like')}>
        <span aria-hidden="true">{compactNumber(g.totalLike)}</span>
      </Button>
      <Button type="text" aria-label="Comments" icon={<MessageOutlined aria-hidden="true" />} onClick={() => setCommentsOpen(true)}>
        <span aria-hidden="true">{compactNumber(g.totalComment)}</span>
      </Button>
      <Button
        type="text"
        aria-label={g.isBookmarked ? 'Remove bookmark' : 'Bookmark'}
        aria-pressed={g.isBookmarked}
        loading={busy === 'bookmark'}
        icon={g.isBookmarked ? <StarFilled className={css.starred} aria-hidden="true" /> : <StarOutlined aria-hidden="true" />}
        onClick={() => void react('bookmark')}
      />
      <span className={css.spacer} />
      {!g.isLocked && g.totalPhoto > 0 && (
        <>
          {/* the text is dropped on phones (the icon stays), hence the name */}
          <Button icon={<DownloadOutlined aria-hidden="true" />} aria-label="Download all" loading={received !== null} onClick={() => void download()}>
            <span className={css.wideOnly}>Download all</span>
          </Button>
          {received !== null && (
            <span className={css.received} role="status">
              {received > 0 ? `Downloading… ${byteSize(received)}` : 'Preparing the download…'}
            </span>
          )}
        </>
      )}
      {isOwner && (
        <Link href={manageGalleryUrl(g._id)}>
          <Button icon={<SettingOutlined aria-hidden="true" />}>Manage photos</Button>
        </Link>
      )}
      <Tooltip title="Copy link">
        <Button type="text" aria-label="Share" icon={<ShareAltOutlined aria-hidden="true" />} onClick={() => void share()} />
      </Tooltip>
      {!isOwner && (
        <Tooltip title="Report">
          <Button type="text" aria-label="Report" icon={<FlagOutlined aria-hidden="true" />} onClick={() => (me ? setReportOpen(true) : router.push('/auth/login'))} />
        </Tooltip>
      )}
      {commentsWanted && (
        <CommentDrawer
          open={commentsOpen}
          onClose={() => setCommentsOpen(false)}
          objectId={g._id}
          objectType="gallery"
          canComment={!g.isLocked}
          title={`Comments · ${g.title}`}
          onCount={(d) => onChange({ totalComment: Math.max(0, totalComment.current + d) })}
        />
      )}
      {!isOwner && reportWanted && <ReportModal open={reportOpen} onClose={() => setReportOpen(false)} target="gallery" targetId={g._id} what="gallery" />}
    </div>
  );
}
