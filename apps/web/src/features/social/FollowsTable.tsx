'use client';
import Link from 'next/link';
import useSWR from 'swr';
import { Avatar, Card, Input, Typography } from 'antd';
import { DEFAULT_AVATAR, type FollowItem } from '@stagepass/shared';
import { errorText } from '@/lib/api';
import { compactNumber, fullDate, plural } from '@/lib/format';
import type { ListPage } from '@/lib/use-infinite-list';
import { useTableQuery } from '@/lib/use-table-query';
import { EmptyState, ErrorState } from '@/components/states';
import FollowButton from './FollowButton';
import { creatorPath } from './CreatorCard';
import ResponsiveTable from '@/components/list/ResponsiveTable';

/**
 * /followers (GET /follows/followers — a creator's followers) and /following (GET
 * /follows/following — the creators the caller follows), as tables with the state in the URL.
 */
export default function FollowsTable({ kind }: { kind: 'followers' | 'following' }) {
  const t = useTableQuery({ sortBy: 'createdAt' });
  const { data, error, isLoading, mutate } = useSWR<ListPage<FollowItem>>([`/follows/${kind}`, t.apiQuery], { keepPreviousData: true });
  const following = kind === 'following';
  return (
    <>
      <h1 className="page-title">{following ? 'Following' : 'Followers'}</h1>
      <p className="page-lead">{following ? 'Creators you follow. Their posts show up on your home timeline.' : 'Fans who follow you and get your posts on their timeline.'}</p>
      <Card styles={{ body: { padding: 12 } }}>
        <Input.Search
          aria-label={following ? 'Filter creators' : 'Filter followers'}
          placeholder="Search by name"
          allowClear
          defaultValue={t.query.filters.q}
          onSearch={(q) => t.set({ q: q.trim() || null })}
          style={{ width: 260, marginBottom: 12 }}
        />
        {error && !data ? (
          <ErrorState title="This list didn't load" message={errorText(error)} onRetry={() => void mutate()} />
        ) : (
          <ResponsiveTable<FollowItem>
            cardsLabel="Follows list"
            rowKey="_id"
            loading={isLoading}
            dataSource={data?.data || []}
            onChange={t.onTableChange}
            scroll={{ x: 560 }}
            pagination={{ current: t.query.current, pageSize: t.query.pageSize, total: data?.total || 0, showSizeChanger: true, showTotal: (n) => plural(n, following ? "creator" : "follower") }}
            locale={{
              emptyText: (
                <EmptyState
                  title={following ? 'You are not following anyone yet' : 'No followers yet'}
                  description={following ? <Link href="/search">Find creators to follow</Link> : 'Share your profile link to get your first followers.'}
                />
              ),
            }}
            columns={[
              {
                key: 'name',
                title: following ? 'Creator' : 'Fan',
                sorter: true,
                sortOrder: t.sortOrder('name'),
                render: (_, u) => {
                  const inner = (
                    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
                      <Avatar src={u.avatar || DEFAULT_AVATAR} alt="" size={36} />
                      <span style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
                        <Typography.Text strong>{u.name}</Typography.Text>
                        {u.username && <Typography.Text type="secondary" style={{ fontSize: 12 }}>@{u.username}</Typography.Text>}
                      </span>
                    </span>
                  );
                  return u.isPerformer ? <Link href={creatorPath(u)} style={{ color: 'inherit' }}>{inner}</Link> : inner;
                },
              },
              ...(following ? [{ key: 'totalFollowers', title: 'Followers', align: 'right' as const, render: (_: unknown, u: FollowItem) => compactNumber(u.totalFollowers) }] : []),
              { key: 'createdAt', title: 'Since', sorter: true, sortOrder: t.sortOrder('createdAt'), render: (_, u) => fullDate(u.followedAt) },
              ...(following
                ? [{ key: 'action', title: <span className="sr-only">Action</span>, align: 'right' as const, render: (_: unknown, u: FollowItem) => <FollowButton performerId={u._id} isFollowed={u.isFollowed} size="small" /> }]
                : []),
            ]}
          />
        )}
      </Card>
    </>
  );
}
