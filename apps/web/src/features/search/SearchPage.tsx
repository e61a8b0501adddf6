'use client';
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import useSWR from 'swr';
import { Button, Card, Input, Select, Space, Tabs, Tag } from 'antd';
import { FireOutlined, SearchOutlined } from '@ant-design/icons';
import type { PerformerListItem, SearchKeyword } from '@stagepass/shared';
import { api, errorText } from '@/lib/api';
import { useInfiniteList } from '@/lib/use-infinite-list';
import { useTableQuery } from '@/lib/use-table-query';
import { EmptyState, ErrorState } from '@/components/states';
import FeedList from '@/features/feeds/FeedList';
import { CreatorTile } from '@/features/social/CreatorCard';

function PopularKeywords() {
  const { data } = useSWR<SearchKeyword[]>(['/search/list/keywords', { limit: 12 }], { revalidateOnFocus: false });
  if (!data?.length) return null;
  return (
    <div style={{ marginBottom: 16 }}>
      <div className="muted" style={{ fontSize: 13, marginBottom: 6 }}>
        <FireOutlined /> Popular searches
      </div>
      <div className="keyword-chips" aria-label="Popular keywords">
        {data.map((k) => (
          <Link key={k.keyword} href={`/search?q=${encodeURIComponent(k.keyword)}`}>
            <Tag style={{ cursor: 'pointer', marginInlineEnd: 0, padding: '2px 10px', borderRadius: 99 }}>{k.keyword}</Tag>
          </Link>
        ))}
      </div>
    </div>
  );
}

function CreatorResults({ q, sortBy, gender }: { q: string; sortBy: string; gender?: string }) {
  const list = useInfiniteList<PerformerListItem>('/performers/search', { q: q || undefined, sortBy, gender }, 12);
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
      <div className="muted" style={{ fontSize: 13, marginBottom: 8 }}>
        {list.total} {list.total === 1 ? 'creator' : 'creators'}
      </div>
      <div className="creator-grid">
        {list.items.map((c) => (
          <CreatorTile key={c._id} creator={c} />
        ))}
      </div>
      {list.hasMore && (
        <Button block style={{ marginTop: 16 }} loading={list.isLoadingMore} onClick={list.loadMore}>
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
    api.post('/search/keywords', { keyword: q }).catch(() => undefined);
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
        style={{ marginBottom: 12 }}
      >
        <Space.Compact style={{ width: '100%' }}>
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
        tabBarExtraContent={
          tab === 'creators' ? (
            <Space className="hide-sm">
              <Select
                aria-label="Sort creators"
                size="small"
                value={sortBy}
                style={{ width: 130 }}
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
                style={{ width: 130 }}
                onChange={(v) => t.set({ gender: v ?? null })}
                options={[
                  { value: 'female', label: 'Female' },
                  { value: 'male', label: 'Male' },
                  { value: 'transgender', label: 'Transgender' },
                ]}
              />
            </Space>
          ) : null
        }
        items={[
          { key: 'creators', label: 'Creators', children: tab === 'creators' && <CreatorResults q={q} sortBy={sortBy} gender={gender} /> },
          {
            key: 'posts',
            label: 'Posts',
            children:
              tab === 'posts' &&
              (q ? (
                <FeedList path="/search/feeds" query={{ q }} empty={<Card><EmptyState title="No posts found" description={`No post mentions “${q}” yet.`} /></Card>} />
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
