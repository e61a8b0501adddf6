'use client';
import Link from 'next/link';
import { Button, Card, List, Tabs } from 'antd';
import { useTranslations } from 'next-intl';
import type { BookmarkItem, PerformerListItem } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { useTableQuery } from '@/lib/use-table-query';
import { EmptyState, ErrorState } from '@/components/states';
import FeedList from '@/features/feeds/FeedList';
import { normalizeFeed } from '@/features/feeds/FeedCard';
import { CreatorRow } from './CreatorCard';
import CatalogueBookmarks from './CatalogueBookmarks';
import css from './social.module.css';

function CreatorBookmarks() {
  const tr = useTranslations('social');
  const t = useTableQuery({ pageSize: 20, sortBy: 'createdAt' });
  const { tab: _tab, ...filters } = t.query.filters;
  void _tab;
  const query = { ...filters, offset: t.apiQuery.offset, limit: t.apiQuery.limit, sortBy: 'createdAt' as const, sort: t.apiQuery.sort }; // the only sort key of the list
  const { data, error, isLoading, mutate } = useRoute(routes.reactions.bookmarks, { params: { type: 'performers' }, query }, { keepPreviousData: true });
  if (error && !data) return <ErrorState title={tr('bookmarksFailed')} message={errorText(error)} onRetry={() => void mutate()} />;
  return (
    <List<BookmarkItem>
      loading={isLoading}
      dataSource={(data?.data || []).filter((b) => b.object)}
      locale={{ emptyText: <EmptyState title={tr('noSavedCreators')} description={tr('noSavedCreatorsText')} /> }}
      pagination={
        (data?.total || 0) > t.query.pageSize
          ? { current: t.query.current, pageSize: t.query.pageSize, total: data?.total || 0, onChange: (current, pageSize) => t.set({ current: current > 1 ? current : null, pageSize: pageSize !== 20 ? pageSize : null }) }
          : false
      }
      renderItem={(b) => (
        <List.Item>
          <div className={css.full}>
            <CreatorRow creator={b.object as PerformerListItem} />
          </div>
        </List.Item>
      )}
    />
  );
}

const TABS = ['posts', 'videos', 'galleries', 'products', 'creators'] as const;
type Tab = (typeof TABS)[number];

/**
 * /bookmarks: saved posts (GET /reactions/feeds/bookmark), videos, galleries and products (GET
 * /reactions/{videos|galleries|products}/bookmark) and creators (GET /reactions/performers/bookmark); the tab in `?tab=`.
 */
export default function Bookmarks() {
  const tr = useTranslations('social');
  const t = useTableQuery();
  const tab: Tab = (TABS as readonly string[]).includes(t.query.filters.tab ?? '') ? (t.query.filters.tab as Tab) : 'posts';
  return (
    <>
      <h1 className="page-title">{tr('bookmarksTitle')}</h1>
      <p className="page-lead">{tr('bookmarksLead')}</p>
      <Tabs
        activeKey={tab}
        onChange={(k) => t.set({ tab: k === 'posts' ? null : k })}
        items={[
          {
            key: 'posts',
            label: tr('tabPosts'),
            children: (
              <FeedList
                route={routes.reactions.bookmarks}
                params={{ type: 'feeds' }}
                getFeed={(b) => normalizeFeed((b as BookmarkItem).object)}
                empty={
                  <Card>
                    <EmptyState
                      title={tr('noSavedPosts')}
                      description={tr('noSavedPostsText')}
                      action={
                        <Link href="/home">
                          <Button>{tr('goToTimeline')}</Button>
                        </Link>
                      }
                    />
                  </Card>
                }
              />
            ),
          },
          { key: 'videos', label: tr('tabVideos'), children: tab === 'videos' && <CatalogueBookmarks kind="videos" /> },
          { key: 'galleries', label: tr('tabGalleries'), children: tab === 'galleries' && <CatalogueBookmarks kind="galleries" /> },
          { key: 'products', label: tr('tabProducts'), children: tab === 'products' && <CatalogueBookmarks kind="products" /> },
          { key: 'creators', label: tr('tabCreators'), children: <Card styles={{ body: { paddingBlock: 4 } }}>{tab === 'creators' && <CreatorBookmarks />}</Card> },
        ]}
      />
    </>
  );
}
