'use client';
import Link from 'next/link';
import { Avatar, Card, Input, Typography } from 'antd';
import { DEFAULT_AVATAR, type FollowItem } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { compactNumber, fullDate, plural } from '@/lib/format';
import { EmptyState } from '@/components/states';
import FollowButton from './FollowButton';
import { creatorPath } from './CreatorCard';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import css from './social.module.css';

/**
 * /followers (GET /follows/followers — a creator's followers) and /following (GET
 * /follows/following — the creators the caller follows), as tables with the state in the URL.
 */
export default function FollowsTable({ kind }: { kind: 'followers' | 'following' }) {
  const table = useRouteTable(routes.follows[kind], { sortBy: 'createdAt' });
  const { t } = table;
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
          className={css.filter}
        />
        <QueryTable<FollowItem>
          table={table}
          errorTitle="This list didn't load"
          totalLabel={(n) => plural(n, following ? "creator" : "follower")}
          empty={<EmptyState
                title={following ? 'You are not following anyone yet' : 'No followers yet'}
                description={following ? <Link href="/search">Find creators to follow</Link> : 'Share your profile link to get your first followers.'}
              />}
          cardsLabel="Follows list"
          scroll={{ x: 560 }}
          columns={[
            {
              key: 'name',
              title: following ? 'Creator' : 'Fan',
              sorter: true,
              sortOrder: t.sortOrder('name'),
              render: (_, u) => {
                const inner = (
                  <span className={css.user}>
                    <Avatar src={u.avatar || DEFAULT_AVATAR} alt="" size={36} />
                    <span className={css.names}>
                      <Typography.Text strong>{u.name}</Typography.Text>
                      {u.username && <Typography.Text type="secondary" className={css.small12}>@{u.username}</Typography.Text>}
                    </span>
                  </span>
                );
                return u.isPerformer ? <Link href={creatorPath(u)} className={css.plainLink}>{inner}</Link> : inner;
              },
            },
            ...(following ? [{ key: 'totalFollowers', title: 'Followers', align: 'right' as const, render: (_: unknown, u: FollowItem) => compactNumber(u.totalFollowers) }] : []),
            { key: 'createdAt', title: 'Since', sorter: true, sortOrder: t.sortOrder('createdAt'), render: (_, u) => fullDate(u.followedAt) },
            ...(following
              ? [{ key: 'action', title: <span className="sr-only">Action</span>, align: 'right' as const, render: (_: unknown, u: FollowItem) => <FollowButton performerId={u._id} isFollowed={u.isFollowed} size="small" /> }]
              : []),
          ]}
        />
      </Card>
    </>
  );
}
