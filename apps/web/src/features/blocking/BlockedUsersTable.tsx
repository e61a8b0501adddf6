'use client';
import Link from 'next/link';
import { Avatar, Button, Typography } from 'antd';
import { DEFAULT_AVATAR, type BlockedUser } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { fullDate, plural } from '@/lib/format';
import { EmptyState } from '@/components/states';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import { useBlockActions } from './useBlocking';
import css from './blocking.module.css';

/**
 * The users the caller blocked (GET /block/users), newest first, as a table with its state in the
 * URL (`current`, `pageSize`, `sortBy`, `sort`); `Unblock {name}` asks first (DELETE /block/users/{id}).
 */
export default function BlockedUsersTable() {
  const table = useRouteTable(routes.blocks.listUsers, { sortBy: 'createdAt' });
  const { t, mutate } = table;
  const { unblock } = useBlockActions();
  return (
    <QueryTable<BlockedUser>
      table={table}
      errorTitle="Your blocked users didn't load"
      totalLabel={(n) => plural(n, 'blocked user')}
      empty={<EmptyState title="You haven't blocked anyone" description="Block someone from their profile or a conversation: neither of you will see or reach the other." />}
      cardsLabel="Blocked users list"
      scroll={{ x: 520 }}
      columns={[
        {
          key: 'user',
          title: 'User',
          render: (_, b) => {
            const inner = (
              <span className={css.user}>
                <Avatar src={b.target.avatar || DEFAULT_AVATAR} alt="" size={36} />
                <span className={css.names}>
                  <Typography.Text strong>{b.target.name}</Typography.Text>
                  {b.target.username && <Typography.Text type="secondary" className={css.small}>@{b.target.username}</Typography.Text>}
                </span>
              </span>
            );
            return b.target.isPerformer ? (
              <Link href={`/${b.target.username || b.target._id}`} prefetch={false} className={css.plainLink}>
                {inner}
              </Link>
            ) : (
              inner
            );
          },
        },
        { key: 'createdAt', title: 'Blocked on', sorter: true, sortOrder: t.sortOrder('createdAt'), render: (_, b) => fullDate(b.createdAt) },
        {
          key: 'action',
          title: <span className="sr-only">Action</span>,
          align: 'right',
          render: (_, b) => (
            <Button size="small" aria-label={`Unblock ${b.target.name}`} onClick={() => unblock({ _id: b._id, name: b.target.name }, () => mutate())}>
              Unblock
            </Button>
          ),
        },
      ]}
    />
  );
}
