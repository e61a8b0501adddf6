'use client';
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { Button, Card, Input, Select, Space, Tabs, Tag } from 'antd';
import { FireOutlined, SearchOutlined } from '@ant-design/icons';
import { routes } from '@stagepass/shared/routes';
import { GENDER_LABELS, SEARCH_GENDERS } from '@stagepass/shared';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { useRouteList } from '@/lib/use-infinite-list';
import { useTableQuery } from '@/lib/use-table-query';
import { EmptyState, ErrorState } from '@/components/states';
import FeedList from '@/features/feeds/FeedList';
import { CreatorTile } from '@/features/social/CreatorCard';
import css from './search.module.css';
import { plural } from '@/lib/format';

function PopularKeywords() {
  const { data } = useRoute(routes.search.keywords, { query: { limit: 12 } }, { revalidateOnFocus: false });
  if (!data?.length) return null;
  return (
    <div className={css.popular}>
      <div className={`muted ${css.popularTitle}`}>
        <FireOutlined /> Popular searches
      </div>
      <div className="keyword-chips" aria-label="Popular keywords">
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
  const list = useRouteList(routes.search.performers, { query: { q: q || undefined, sortBy, gender } }, 12);
  if (list.isLoading)
    return (
      <div className="creator-grid" aria-busy="true" aria-label="Loading creators">
        {Array.from({ length: 6 }, (_, i) => (
          <Card key={i} loading />
        ))}
      </div>
    );
  if (list.error) return <ErrorState title="Search failed" message={errorText(list.error)} onRetry={() => void list.mutate()} />;
  if (!list.items.length) return <Card><EmptyState title="No creators found" description={q ? `Nobody matches “${q}”. Try another name or word.` : 'No creators yet.'} /></Card>;
  return (
    <>
      <div className={`muted ${css.count}`}>
        {plural(list.total, 'creator')}
      </div>
      <div className="creator-grid">
        {list.items.map((c) => (
          <CreatorTile key={c._id} creator={c} />
        ))}
      </div>
      {list.hasMore && (
        <Button block className={css.more} loading={list.isLoadingMore} onClick={list.loadMore}>
          Show more creators
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
  const t = useTableQuery({ sortBy: 'popular' });
  const q = (t.query.filters.q || '').trim();
  const tab = t.query.filters.tab === 'posts' ? 'posts' : 'creators';
  const sortBy = t.query.sortBy;
  const gender = t.query.filters.gender;
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
      <h1 className="page-title">{q ? `Results for “${q}”` : 'Explore'}</h1>
      <p className="page-lead">Find creators and posts.</p>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          t.set({ q: text.trim() || null });
        }}
        className={css.form}
      >
        <Space.Compact block>
          <Input size="large" aria-label="Find creators and posts" placeholder="Search creators and posts" value={text} onChange={(e) => setText(e.target.value)} allowClear maxLength={100} />
          <Button size="large" type="primary" htmlType="submit" icon={<SearchOutlined />}>
            Search
          </Button>
        </Space.Compact>
      </form>
      <PopularKeywords />
      <Tabs
        activeKey={tab}
        onChange={(k) => t.set({ tab: k === 'creators' ? null : k })}
        items={[
          {
            key: 'creators',
            label: 'Creators',
            // The sort and filter sit in the panel, not in the tab bar: a tablist holds tabs only (axe aria-required-children).
            children: tab === 'creators' && (
              <>
                <Space className={`hide-sm ${css.filters}`}>
                  <Select
                    aria-label="Sort creators"
                    size="small"
                    value={sortBy}
                    className={css.select}
                    onChange={(v) => t.set({ sortBy: v === 'popular' ? null : v })}
                    options={[
                      { value: 'popular', label: 'Most popular' },
                      { value: 'newest', label: 'Newest' },
                      { value: 'name', label: 'Name' },
                    ]}
                  />
                  <Select
                    aria-label="Gender"
                    size="small"
                    allowClear
                    placeholder="Any gender"
                    value={gender}
                    className={css.select}
                    onChange={(v) => t.set({ gender: v ?? null })}
                    options={SEARCH_GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
                  />
                </Space>
                <CreatorResults q={q} sortBy={sortBy} gender={gender} />
              </>
            ),
          },
          {
            key: 'posts',
            label: 'Posts',
            children:
              tab === 'posts' &&
              (q ? (
                <FeedList route={routes.search.feeds} query={{ q }} empty={<Card><EmptyState title="No posts found" description={`No post mentions “${q}” yet.`} /></Card>} />
              ) : (
                <Card>
                  <EmptyState title="Search posts" description="Type a word above to search the text of posts." />
                </Card>
              )),
          },
        ]}
      />
    </>
  );
}
