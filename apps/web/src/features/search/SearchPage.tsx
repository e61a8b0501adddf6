'use client';
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { Button, Card, Input, Select, Space, Tabs, Tag } from 'antd';
import { FireOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { routes } from '@stagepass/shared/routes';
import { SEARCH_GENDERS } from '@stagepass/shared';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { useRouteList } from '@/lib/use-infinite-list';
import { useTableQuery } from '@/lib/use-table-query';
import { EmptyState, ErrorState } from '@/components/states';
import FeedList from '@/features/feeds/FeedList';
import { CreatorTile } from '@/features/social/CreatorCard';
import css from './search.module.css';
import { GENDER_KEYS } from '@/components/form/gender-keys';

function PopularKeywords() {
  const t = useTranslations('search');
  const { data } = useRoute(routes.search.keywords, { query: { limit: 12 } }, { revalidateOnFocus: false });
  if (!data?.length) return null;
  return (
    <div className={css.popular}>
      <div className={`muted ${css.popularTitle}`}>
        <FireOutlined /> {t('popularSearches')}
      </div>
      <div className="keyword-chips" aria-label={t('popularKeywords')}>
        {data.map((k) => (
          <Link key={k.keyword} href={`/search?q=${encodeURIComponent(k.keyword)}`}>
            <Tag className={css.chip}>{k.keyword}</Tag>
          </Link>
        ))}
      </div>
    </div>
  );
}

function CreatorResults({ q, sortBy, gender }: { q: string; sortBy: string; gender?: string }) {
  const t = useTranslations('search');
  const list = useRouteList(routes.search.performers, { query: { q: q || undefined, sortBy, gender } }, 12);
  if (list.isLoading)
    return (
      <div className="creator-grid" aria-busy="true" aria-label={t('loadingCreators')}>
        {Array.from({ length: 6 }, (_, i) => (
          <Card key={i} loading />
        ))}
      </div>
    );
  if (list.error) return <ErrorState title={t('searchFailed')} message={errorText(list.error)} onRetry={() => void list.mutate()} />;
  if (!list.items.length) return <Card><EmptyState title={t('noCreatorsTitle')} description={q ? t('noCreatorsMatch', { q }) : t('noCreatorsYet')} /></Card>;
  return (
    <>
      <div className={`muted ${css.count}`}>
        {t('creatorCount', { count: list.total })}
      </div>
      <div className="creator-grid">
        {list.items.map((c) => (
          <CreatorTile key={c._id} creator={c} />
        ))}
      </div>
      {list.hasMore && (
        <Button block className={css.more} loading={list.isLoadingMore} onClick={list.loadMore}>
          {t('showMoreCreators')}
        </Button>
      )}
    </>
  );
}

/**
 * /search?q=&tab=creators|posts: creators (GET /performers/search) and posts (GET /search/feeds);
 * each new keyword is recorded (POST /search/keywords); popular keywords as chips.
 */
export default function SearchPage() {
  const tq = useTableQuery({ sortBy: 'popular' });
  const t = useTranslations('search');
  const tf = useTranslations('forms');
  const q = (tq.query.filters.q || '').trim();
  const tab = tq.query.filters.tab === 'posts' ? 'posts' : 'creators';
  const sortBy = tq.query.sortBy;
  const gender = tq.query.filters.gender;
  const [text, setText] = useState(q);
  const recorded = useRef<string | null>(null);
  useEffect(() => setText(q), [q]);
  useEffect(() => {
    if (!q || recorded.current === q.toLowerCase()) return;
    recorded.current = q.toLowerCase();
    call(routes.search.recordKeyword, { body: { keyword: q } }).catch(() => undefined);
  }, [q]);

  return (
    <>
      <h1 className="page-title">{q ? t('resultsFor', { q }) : t('explore')}</h1>
      <p className="page-lead">{t('lead')}</p>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          tq.set({ q: text.trim() || null });
        }}
        className={css.form}
      >
        <Space.Compact block>
          <Input size="large" aria-label={t('findLabel')} placeholder={t('placeholder')} value={text} onChange={(e) => setText(e.target.value)} allowClear maxLength={100} />
          <Button size="large" type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('search')}
          </Button>
        </Space.Compact>
      </form>
      <PopularKeywords />
      <Tabs
        activeKey={tab}
        onChange={(k) => tq.set({ tab: k === 'creators' ? null : k })}
        items={[
          {
            key: 'creators',
            label: t('tabCreators'),
            // The sort and filter sit in the panel, not in the tab bar: a tablist holds tabs only (axe aria-required-children).
            children: tab === 'creators' && (
              <>
                <Space className={`hide-sm ${css.filters}`}>
                  <Select
                    aria-label={t('sortCreators')}
                    size="small"
                    value={sortBy}
                    className={css.select}
                    onChange={(v) => tq.set({ sortBy: v === 'popular' ? null : v })}
                    options={[
                      { value: 'popular', label: t('sortPopular') },
                      { value: 'newest', label: t('sortNewest') },
                      { value: 'name', label: t('sortName') },
                    ]}
                  />
                  <Select
                    aria-label={t('gender')}
                    size="small"
                    allowClear
                    placeholder={t('anyGender')}
                    value={gender}
                    className={css.select}
                    onChange={(v) => tq.set({ gender: v ?? null })}
                    options={SEARCH_GENDERS.map((g) => ({ value: g, label: tf(GENDER_KEYS[g]) }))}
                  />
                </Space>
                <CreatorResults q={q} sortBy={sortBy} gender={gender} />
              </>
            ),
          },
          {
            key: 'posts',
            label: t('tabPosts'),
            children:
              tab === 'posts' &&
              (q ? (
                <FeedList route={routes.search.feeds} query={{ q }} empty={<Card><EmptyState title={t('noPostsTitle')} description={t('noPostsMatch', { q })} /></Card>} />
              ) : (
                <Card>
                  <EmptyState title={t('searchPostsTitle')} description={t('searchPostsText')} />
                </Card>
              )),
          },
        ]}
      />
    </>
  );
}
