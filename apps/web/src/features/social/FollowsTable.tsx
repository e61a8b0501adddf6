'use client';
import Link from 'next/link';
import { Avatar, Card, Input, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { DEFAULT_AVATAR, type FollowItem } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useFormat } from '@/lib/format';
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
  const tr = useTranslations('social');
  const fmt = useFormat();
  const following = kind === 'following';
  return (
    <>
      <h1 className="page-title">{tr(following ? 'followingTitle' : 'followersTitle')}</h1>
      <p className="page-lead">{tr(following ? 'followingLead' : 'followersLead')}</p>
      <Card styles={{ body: { padding: 12 } }}>
        <Input.Search
          aria-label={tr(following ? 'filterCreators' : 'filterFollowers')}
          placeholder={tr('searchByName')}
          allowClear
          defaultValue={t.query.filters.q}
          onSearch={(q) => t.set({ q: q.trim() || null })}
          className={css.filter}
        />
        <QueryTable<FollowItem>
          table={table}
          errorTitle={tr('listFailed')}
          totalLabel={(n) => (following ? tr('creatorCount', { count: n }) : tr('followers', { count: n }))}
          empty={<EmptyState
                title={tr(following ? 'followingNobody' : 'noFollowers')}
                description={following ? <Link href="/search">{tr('findCreators')}</Link> : tr('noFollowersText')}
              />}
          cardsLabel={tr('followsList')}
          scroll={{ x: 560 }}
          columns={[
            {
              key: 'name',
              title: tr(following ? 'colCreator' : 'colFan'),
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
            ...(following ? [{ key: 'totalFollowers', title: tr('colFollowers'), align: 'right' as const, render: (_: unknown, u: FollowItem) => fmt.compactNumber(u.totalFollowers) }] : []),
            { key: 'createdAt', title: tr('colSince'), sorter: true, sortOrder: t.sortOrder('createdAt'), render: (_, u) => fmt.fullDate(u.followedAt) },
            ...(following
              ? [{ key: 'action', title: <span className="sr-only">{tr('colAction')}</span>, align: 'right' as const, render: (_: unknown, u: FollowItem) => <FollowButton performerId={u._id} isFollowed={u.isFollowed} size="small" /> }]
              : []),
          ]}
        />
      </Card>
    </>
  );
}
