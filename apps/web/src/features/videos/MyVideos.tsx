'use client';
import Link from 'next/link';
import { App, Button, Card, Flex, Input, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { Video } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { compactNumber, fullDate } from '@/lib/format';
import { EmptyState } from '@/components/states';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import { AccessBadge } from './VideoCard';
import { confirmDeleteVideo } from './deleteVideo';
import { editVideoUrl, formatDuration, videoUrl } from './video-format';
import css from './videos.module.css';
import HiddenTag from '@/components/HiddenTag';

/** Draft / Active / Inactive / Scheduled, as a tag. */
export function VideoStatusTag({ video }: { video: Pick<Video, 'status' | 'isScheduled'> }) {
  if (video.isScheduled) return <Tag color="blue">Scheduled</Tag>;
  if (video.status === 'active') return <Tag color="green">Active</Tag>;
  if (video.status === 'inactive') return <Tag color="orange">Inactive</Tag>;
  return <Tag>Draft</Tag>;
}

const STATUS_OPTIONS = [
  { value: 'draft', label: 'Draft' },
  { value: 'active', label: 'Active' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'inactive', label: 'Inactive' },
];
const ACCESS_OPTIONS = [
  { value: 'free', label: 'Free' },
  { value: 'subscribers', label: 'Subscribers' },
  { value: 'sale', label: 'For sale' },
];

/** /creator/videos: the creator's own videos in every status (GET /performer/performer-assets/videos/search), state in the URL. */
export default function MyVideos() {
  const app = App.useApp();
  const table = useRouteTable(routes.videos.search, { sortBy: 'publishAt' });
  const { t, mutate } = table;

  return (
    <>
      <Flex justify="space-between" align="flex-start" gap={12} wrap className={css.pageHead}>
        <div>
          <h1 className="page-title">My videos</h1>
          <p className="page-lead">Your catalogue: drafts, scheduled, published and withdrawn videos.</p>
        </div>
        <Link href="/creator/videos/new">
          <Button type="primary" icon={<PlusOutlined />}>
            New video
          </Button>
        </Link>
      </Flex>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter videos">
          <Input.Search
            aria-label="Filter my videos"
            placeholder="Search titles"
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
            className={css.filterSelect}
            options={STATUS_OPTIONS}
          />
          <Select
            aria-label="Access"
            placeholder="Any access"
            allowClear
            value={t.query.filters.access}
            onChange={(v) => t.set({ access: v ?? null })}
            className={css.filterSelect}
            options={ACCESS_OPTIONS}
          />
        </FilterBar>
        <QueryTable<Video>
          table={table}
          errorTitle="Your videos didn't load"
          totalLabel={(n) => (n === 1 ? '1 video' : `${n} videos`)}
          empty={
            Object.keys(t.query.filters).length ? (
              <EmptyState title="No videos match" description="Try another search or filter." />
            ) : (
              <EmptyState
                title="No videos yet"
                description="Upload your first video for your fans."
                action={
                  <Link href="/creator/videos/new">
                    <Button type="primary">New video</Button>
                  </Link>
                }
              />
            )
          }
          cardsLabel="My videos list"
          scroll={{ x: 960 }}
          columns={[
            {
              key: 'video',
              title: 'Video',
              render: (_, v) => (
                <Flex gap={12} align="center">
                  <div className={css.rowThumb}>
                    {v.previewImage ? (
                      // eslint-disable-next-line @next/next/no-img-element -- media URLs of the API, sized by CSS
                      <img src={v.previewImage} alt="" loading="lazy" decoding="async" />
                    ) : (
                      <VideoCameraOutlined aria-hidden="true" />
                    )}
                  </div>
                  <div className={css.creatorText}>
                    <Typography.Paragraph ellipsis={{ rows: 2 }} className={css.rowTitle}>
                      {v.title}
                    </Typography.Paragraph>
                    {formatDuration(v.duration) && <span className={css.sub}>{formatDuration(v.duration)}</span>}
                  </div>
                </Flex>
              ),
            },
            { key: 'status', title: 'Status', width: 110, render: (_, v) => (
                <Space size={4} wrap>
                  <VideoStatusTag video={v} />
                  <HiddenTag item={v} compact />
                </Space>
              ) },
            { key: 'access', title: 'Access', width: 140, render: (_, v) => <AccessBadge video={{ access: v.access, price: v.price }} /> },
            {
              key: 'publishAt',
              title: 'Publish date',
              dataIndex: 'publishAt',
              width: 190,
              sorter: true,
              sortOrder: t.sortOrder('publishAt'),
              render: (at: string, v) =>
                v.status === 'draft' ? (
                  <span className="muted">Not published</span>
                ) : v.isScheduled ? (
                  <span>
                    {fullDate(at)}
                    <span className={css.sub}>Scheduled</span>
                  </span>
                ) : (
                  fullDate(v.publishedAt || at)
                ),
            },
            { key: 'totalView', title: 'Views', dataIndex: 'totalView', align: 'right', width: 80, render: (n: number) => compactNumber(n) },
            { key: 'totalSale', title: 'Sales', dataIndex: 'totalSale', align: 'right', width: 80, responsive: ['xxl'], render: (n: number | null) => (n === null ? '—' : n) },
            {
              key: 'actions',
              width: 132,
              title: <span className="sr-only">Actions</span>,
              fixed: 'right',
              render: (_, v) => (
                <Space size={0}>
                  <Link href={videoUrl(v._id)}>
                    <Button type="text" icon={<EyeOutlined />} aria-label="View" />
                  </Link>
                  <Link href={editVideoUrl(v._id)}>
                    <Button type="text" icon={<EditOutlined />} aria-label="Edit" />
                  </Link>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label="Delete" onClick={() => confirmDeleteVideo(v, app, () => mutate())} />
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
