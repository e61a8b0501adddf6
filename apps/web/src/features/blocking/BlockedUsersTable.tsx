'use client';
import Link from 'next/link';
import { Avatar, Button, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { DEFAULT_AVATAR, type BlockedUser } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useFormat } from '@/lib/format';
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
  const tr = useTranslations('blocking');
  const fmt = useFormat();
  return (
    <QueryTable<BlockedUser>
      table={table}
      errorTitle={tr('usersFailed')}
      totalLabel={(n) => tr('count', { count: n })}
      empty={<EmptyState title={tr('noneTitle')} description={tr('noneText')} />}
      cardsLabel={tr('listLabel')}
      scroll={{ x: 520 }}
      columns={[
        {
          key: 'user',
          title: tr('colUser'),
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
        { key: 'createdAt', title: tr('colBlockedOn'), sorter: true, sortOrder: t.sortOrder('createdAt'), render: (_, b) => fmt.fullDate(b.createdAt) },
        {
          key: 'action',
          title: <span className="sr-only">{tr('colAction')}</span>,
          align: 'right',
          render: (_, b) => (
            <Button size="small" aria-label={tr('unblockName', { name: b.target.name })} onClick={() => unblock({ _id: b._id, name: b.target.name }, () => mutate())}>
              {tr('unblock')}
            </Button>
          ),
        },
      ]}
    />
  );
}
