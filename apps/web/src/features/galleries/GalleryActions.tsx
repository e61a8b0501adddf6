'use client';
import { useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { App, Button, Modal, Tooltip } from 'antd';
import { useTranslations } from 'next-intl';
import { DownloadOutlined, FlagOutlined, HeartFilled, HeartOutlined, MessageOutlined, SettingOutlined, ShareAltOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { Gallery } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
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
  const t = useTranslations('galleries');
  const specText = useSpecText();
  const f = useFormat();
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
      if (action === 'bookmark') message.success(s.reacted ? t('bookmarked') : t('unbookmarked'));
    } catch (e) {
      message.error(specText(errorText(e)));
    } finally {
      setBusy(null);
    }
  };

  const share = async () => {
    const url = `${window.location.origin}${galleryUrl(g._id)}`;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      message.success(t('linkCopied'));
    } catch {
      Modal.info({ title: t('shareTitle'), content: url, okText: t('close') });
    }
  };

  const download = async () => {
    if (!me) return router.push('/auth/login');
    if (received !== null) return;
    setReceived(0);
    try {
      const name = await downloadGallery(g._id, g.title, setReceived);
      message.success(t('downloaded', { name }));
    } catch (e) {
      message.error(specText(errorText(e)));
    } finally {
      setReceived(null);
    }
  };

  return (
    <div className={css.actions}>
      <Button type="text" aria-label={g.isLiked ? t('unlike') : t('like')} aria-pressed={g.isLiked} loading={busy === 'like'} icon={g.isLiked ? <HeartFilled className={css.liked} aria-hidden="true" /> : <HeartOutlined aria-hidden="true" />} onClick={() => void react('like')}>
        <span aria-hidden="true">{f.compactNumber(g.totalLike)}</span>
      </Button>
      <Button type="text" aria-label={t('comments')} icon={<MessageOutlined aria-hidden="true" />} onClick={() => setCommentsOpen(true)}>
        <span aria-hidden="true">{f.compactNumber(g.totalComment)}</span>
      </Button>
      <Button
        type="text"
        aria-label={g.isBookmarked ? t('removeBookmark') : t('bookmark')}
        aria-pressed={g.isBookmarked}
        loading={busy === 'bookmark'}
        icon={g.isBookmarked ? <StarFilled className={css.starred} aria-hidden="true" /> : <StarOutlined aria-hidden="true" />}
        onClick={() => void react('bookmark')}
      />
      <span className={css.spacer} />
      {!g.isLocked && g.totalPhoto > 0 && (
        <>
          {/* the text is dropped on phones (the icon stays), hence the name */}
          <Button icon={<DownloadOutlined aria-hidden="true" />} aria-label={t('downloadAll')} loading={received !== null} onClick={() => void download()}>
            <span className={css.wideOnly}>{t('downloadAll')}</span>
          </Button>
          {received !== null && (
            <span className={css.received} role="status">
              {received > 0 ? t('downloading', { size: byteSize(received) }) : t('preparing')}
            </span>
          )}
        </>
      )}
      {isOwner && (
        <Link href={manageGalleryUrl(g._id)}>
          <Button icon={<SettingOutlined aria-hidden="true" />}>{t('managePhotos')}</Button>
        </Link>
      )}
      <Tooltip title={t('copyLink')}>
        <Button type="text" aria-label={t('share')} icon={<ShareAltOutlined aria-hidden="true" />} onClick={() => void share()} />
      </Tooltip>
      {!isOwner && (
        <Tooltip title={t('report')}>
          <Button type="text" aria-label={t('report')} icon={<FlagOutlined aria-hidden="true" />} onClick={() => (me ? setReportOpen(true) : router.push('/auth/login'))} />
        </Tooltip>
      )}
      {commentsWanted && (
        <CommentDrawer
          open={commentsOpen}
          onClose={() => setCommentsOpen(false)}
          objectId={g._id}
          objectType="gallery"
          canComment={!g.isLocked}
          title={t('commentsTitle', { title: g.title })}
          onCount={(d) => onChange({ totalComment: Math.max(0, totalComment.current + d) })}
        />
      )}
      {!isOwner && reportWanted && <ReportModal open={reportOpen} onClose={() => setReportOpen(false)} target="gallery" targetId={g._id} what="gallery" />}
    </div>
  );
}
