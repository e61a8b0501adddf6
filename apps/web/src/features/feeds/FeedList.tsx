'use client';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from 'antd';
import { useTranslations } from 'next-intl';
import type { Feed } from '@stagepass/shared';
import type { RouteArgs, RouteDef } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useRouteList } from '@/lib/use-infinite-list';
import { ErrorState } from '@/components/states';
import FeedCard, { FeedCardSkeleton, normalizeFeed } from './FeedCard';

/** Calls `onVisible` when the sentinel scrolls into view (infinite scroll). */
export function useInView(onVisible: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement | null>(null);
  const cb = useRef(onVisible);
  cb.current = onVisible;
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && cb.current(), { rootMargin: '600px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [enabled]);
  return ref;
}

/** Infinite list of FeedCards from any feed list entry of the route map, with skeletons, empty and error states. */
export default function FeedList<D extends RouteDef>({
  route,
  params,
  query,
  empty,
  pageSize = 10,
  getFeed = normalizeFeed,
  hideIds,
  reloadSignal = 0,
}: {
  /** The list entry (`routes.feeds.timeline`, `routes.reactions.bookmarks`, …) and its params. */
  route: D;
  params?: RouteArgs<D>['params'];
  query?: Record<string, string | number | undefined>;
  empty: ReactNode;
  pageSize?: number;
  /** For lists whose items wrap a feed (bookmarks). */
  getFeed?: (item: unknown) => Feed | null;
  /** Feeds already shown elsewhere on the page (just posted), left out of this list. */
  hideIds?: string[];
  /** Bumped by the page to reload the list from its first page ("New posts"). */
  reloadSignal?: number;
}) {
  const t = useTranslations('feeds');
  const list = useRouteList(route, { params, query }, pageSize);
  const { mutate } = list;
  useEffect(() => {
    if (reloadSignal > 0) void mutate();
  }, [reloadSignal, mutate]);
  const sentinel = useInView(list.loadMore, list.hasMore && !list.isLoadingMore);
  if (list.isLoading)
    return (
      <div className="feed-list" aria-busy="true" aria-label={t('loadingPosts')}>
        <FeedCardSkeleton />
        <FeedCardSkeleton />
      </div>
    );
  if (list.error && !list.items.length) return <ErrorState title={t('postsFailed')} message={errorText(list.error)} onRetry={() => void list.mutate()} />;
  if (!list.items.length) return <>{empty}</>;
  return (
    <div className="feed-list">
      {list.items.map((it) => {
        const f = getFeed(it);
        if (f && hideIds?.includes(f._id)) return null;
        return f ? <FeedCard key={it._id} feed={f} onDeleted={() => void list.removeItem(it._id)} /> : null;
      })}
      <div ref={sentinel} aria-hidden="true" />
      {list.isLoadingMore && <FeedCardSkeleton />}
      {list.hasMore && !list.isLoadingMore && (
        <Button block onClick={list.loadMore}>
          {t('loadMorePosts')}
        </Button>
      )}
      {!list.hasMore && list.items.length > 3 && <p className="muted list-end">{t('caughtUp')}</p>}
    </div>
  );
}
