'use client';
import { useCallback, useRef } from 'react';
import Link from 'next/link';
import { Avatar, Card, Skeleton, Tag, Tooltip } from 'antd';
import { EyeOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { DEFAULT_AVATAR, type Gallery } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
import { useCurrentUser } from '@/store';
import { EmptyState, ErrorState } from '@/components/states';
import GalleryActions from './GalleryActions';
import LockedGallery from './LockedGallery';
import PhotoGrid, { PhotoGridSkeleton } from './PhotoGrid';
import { AccessBadge, StatusTags } from './parts';
import css from './galleries.module.css';

/**
 * /gallery/[id]: one gallery (GET /performer-assets/galleries/{id}, first read by the server page,
 * which answers 404 for what the visitor may not see) — title, creator, counts, description, tags,
 * the actions, then the photo grid and lightbox, or the locked view with its unlock / subscribe
 * call. Each read counts a view, so the gallery is not read again on focus; it is read again after
 * a purchase or a subscription, and then shows every photo.
 */
export default function GalleryView({ id, initial }: { id: string; initial?: Gallery }) {
  const me = useCurrentUser();
  const t = useTranslations('galleries');
  const specText = useSpecText();
  const f = useFormat();
  const { data: g, error, isLoading, mutate } = useRoute(routes.galleries.get, { params: { id } }, { fallbackData: initial, revalidateOnMount: !initial, revalidateOnFocus: false, revalidateOnReconnect: false });
  // The server's copy is SWR's fallback, not its cache: an update starts from what is shown.
  const shown = useRef(g);
  shown.current = g;
  const change = useCallback(
    (patch: Partial<Gallery>) => void mutate((cur) => (cur ?? shown.current ? { ...(cur ?? shown.current)!, ...patch } : undefined), { revalidate: false }),
    [mutate],
  );
  const reload = useCallback(async () => {
    const fresh = await call(routes.galleries.get, { params: { id } });
    await mutate(fresh, { revalidate: false });
  }, [id, mutate]);

  if (isLoading && !g) return <GallerySkeleton />;
  if (!g)
    return (
      <div className="container page">
        <Card>
          {(error as { statusCode?: number } | undefined)?.statusCode === 404 ? (
            <EmptyState title={t('notHereTitle')} description={t('notHereText')} />
          ) : (
            <ErrorState title={t('loadFailed')} message={specText(errorText(error))} onRetry={() => void mutate()} />
          )}
        </Card>
      </div>
    );

  const p = g.performer;
  const profileHref = `/${p.username || p._id}`;
  const isOwner = Boolean(me && me._id === g.performerId);
  return (
    <article className={`container page ${css.page}`} aria-labelledby="gallery-title">
      <Card className={css.headCard}>
        <Link href={profileHref} className={css.creator}>
          <Avatar src={p.avatar || DEFAULT_AVATAR} alt="" size={44} />
          <span className={css.creatorText}>
            <span className={css.creatorName}>{p.name}</span>
            {p.username && <span className={css.creatorUser}>@{p.username}</span>}
          </span>
        </Link>
        <h1 id="gallery-title" className={css.title}>
          {g.title}
        </h1>
        <div className={css.facts}>
          <AccessBadge gallery={g} />
          {isOwner && <StatusTags gallery={g} />}
          <span>
            <PictureOutlined aria-hidden="true" /> {t('photos', { count: g.totalPhoto })}
          </span>
          <span>
            <EyeOutlined aria-hidden="true" /> {t('views', { count: g.totalView, n: f.compactNumber(g.totalView) })}
          </span>
          <Tooltip title={f.fullDate(g.publishAt)}>
            {/* relative to the reader's clock: the server's first render may say otherwise */}
            <time dateTime={g.publishAt} suppressHydrationWarning>
              {f.timeAgo(g.publishAt)}
            </time>
          </Tooltip>
        </div>
        {g.description && <p className={css.description}>{g.description}</p>}
        {g.tags.length > 0 && (
          <div className={css.tags} aria-label={t('tags')}>
            {g.tags.map((tag) => (
              <Tag key={tag}>#{tag}</Tag>
            ))}
          </div>
        )}
        <GalleryActions gallery={g} onChange={change} />
      </Card>
      {g.isLocked ? <LockedGallery gallery={g} onUnlocked={reload} /> : <PhotoGrid key={`${g._id}-${g.isBought}-${g.isSubscribed}`} galleryId={g._id} />}
    </article>
  );
}

function GallerySkeleton() {
  const t = useTranslations('galleries');
  return (
    <div className={`container page ${css.page}`} aria-busy="true" aria-label={t('loading')}>
      <Card className={css.headCard}>
        <Skeleton active avatar={{ size: 44 }} paragraph={{ rows: 3 }} />
      </Card>
      <PhotoGridSkeleton label={t('loadingPhotos')} />
    </div>
  );
}
