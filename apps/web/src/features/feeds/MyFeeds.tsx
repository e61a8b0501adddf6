'use client';
import Link from 'next/link';
import { App, Button, Card, Flex, Input, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { FEED_PREVIEW_FALLBACK, pickPreviewImage, type Feed } from '@stagepass/shared';
import { fullDate } from '@/lib/format';
import { textOnly } from './RichText';
import { EmptyState } from '@/components/states';
import { VisibilityBadge, feedUrl } from './FeedCard';
import { confirmDeleteFeed } from './deleteFeed';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import { routes } from '@stagepass/shared/routes';
import FilterBar from '@/components/list/FilterBar';
import css from './feeds.module.css';
import HiddenTag from '@/components/HiddenTag';

/** /creator/feeds: the creator's own posts (GET /performer/feeds) as a table with edit and delete. */
export default function MyFeeds() {
  const { message } = App.useApp();
  const table = useRouteTable(routes.feeds.listOwn, { sortBy: 'publishAt' });
  const { t, mutate } = table;

  const remove = (f: Feed) => confirmDeleteFeed(f._id, message, () => mutate());

  return (
    <>
      <Flex justify="space-between" align="flex-start" gap={12} wrap className={css.pageHead}>
        <div>
          <h1 className="page-title">My posts</h1>
          <p className="page-lead">Everything you have published or scheduled — and expired posts, which only you still see.</p>
        </div>
        <Space wrap>
          <Link href="/creator/labels">
            <Button icon={<TagsOutlined />}>Labels</Button>
          </Link>
          <Link href="/creator/feeds/new">
            <Button type="primary" icon={<PlusOutlined />}>
              New post
            </Button>
          </Link>
        </Space>
      </Flex>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter posts">
          <Input.Search
            aria-label="Filter my posts"
            placeholder="Search text"
            allowClear
            defaultValue={t.query.filters.q}
            onSearch={(q) => t.set({ q: q.trim() || null })}
            className={css.search}
          />
          <Select
            aria-label="Status"
            placeholder="Any status"
            allowClear
            value={t.query.filters.status}
            onChange={(v) => t.set({ status: v ?? null })}
            className={css.status}
            options={[
              { value: 'published', label: 'Published' },
              { value: 'scheduled', label: 'Scheduled' },
            ]}
          />
          <Select
            aria-label="Visibility"
            placeholder="Any visibility"
            allowClear
            value={t.query.filters.visibility}
            onChange={(v) => t.set({ visibility: v ?? null })}
            className={css.visibility}
            options={[
              { value: 'free', label: 'Free' },
              { value: 'subscribers', label: 'Subscribers' },
              { value: 'ppv', label: 'Pay-per-view' },
            ]}
          />
        </FilterBar>
        <QueryTable<Feed>
          table={table}
          errorTitle="Your posts didn't load"
          totalLabel={(n) => (n === 1 ? "1 post" : `${n} posts`)}
          empty={<EmptyState
                title="No posts yet"
                description="Share your first post with your fans."
                action={
                  <Link href="/creator/feeds/new">
                    <Button type="primary">New post</Button>
                  </Link>
                }
              />}
          cardsLabel="My posts list"
          scroll={{ x: 820 }}
          columns={[
            {
              key: 'post',
              title: 'Post',
              width: 260,
              render: (_, f) => (
                <Flex gap={10} align="center">
                  {/* the post's own picture (dynamic) */}
                  <div className="upload-thumb" style={{ backgroundImage: `url(${pickPreviewImage(f) || FEED_PREVIEW_FALLBACK})` }} />
                  <Typography.Paragraph ellipsis={{ rows: 2 }} className={css.postText}>
                    {textOnly(f.text || '') || <span className="muted">({f.type})</span>}
                  </Typography.Paragraph>
                </Flex>
              ),
            },
            { key: 'type', title: 'Type', width: 90, responsive: ['xxl'], dataIndex: 'type', render: (v: string) => <span className={css.capitalize}>{v}</span> },
            { key: 'visibility', title: 'Visibility', width: 170, render: (_, f) => <VisibilityBadge feed={f} /> },
            {
              key: 'status',
              title: 'Status',
              width: 110,
              render: (_, f) => (
                <Space size={4} wrap>
                  {f.isExpired ? <Tag>Expired</Tag> : f.status === 'scheduled' ? <Tag color="blue">Scheduled</Tag> : <Tag color="green">Published</Tag>}
                  {f.pinnedAt && <Tag color="gold">Pinned</Tag>}
                  <HiddenTag item={f} compact />
                </Space>
              ),
            },
            { key: 'totalLike', title: 'Likes', dataIndex: 'totalLike', align: 'right', responsive: ['xxl'] },
            { key: 'totalComment', title: 'Comments', dataIndex: 'totalComment', align: 'right', responsive: ['xxl'] },
            { key: 'publishAt', title: 'Publish time', dataIndex: 'publishAt', sorter: true, sortOrder: t.sortOrder('publishAt'), render: (v: string) => fullDate(v) },
            {
              key: 'actions',
              width: 132,
              title: <span className="sr-only">Actions</span>,
              fixed: 'right',
              render: (_, f) => (
                <Space size={0}>
                  <Link href={feedUrl(f._id)}>
                    <Button type="text" icon={<EyeOutlined />} aria-label="View" />
                  </Link>
                  <Link href={`/creator/feeds/${f._id}/edit`}>
                    <Button type="text" icon={<EditOutlined />} aria-label="Edit" />
                  </Link>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label="Delete" onClick={() => remove(f)} />
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
