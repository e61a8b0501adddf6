'use client';
/**
 * /admin/takedowns (operators): the takedown queue (GET /admin/takedowns), newest first, with the
 * named items' previews; a Status filter in the URL. Review opens the drawer with the notice and the
 * actions. Rules: apps/api/src/modules/takedowns/README.md.
 */
import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Select, Space } from 'antd';
import { TAKEDOWN_STATUSES, type Takedown, type TakedownStatus } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { fullDate } from '@/lib/format';
import { EmptyState } from '@/components/states';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import TakedownItem from './TakedownItem';
import TakedownDrawer from './TakedownDrawer';
import { TAKEDOWN_STATUS_LABEL, TakedownStatusTag } from './takedown-ui';
import css from './takedowns.module.css';

const oneOf = <T extends string>(list: readonly T[], v: string | undefined) => (v && (list as readonly string[]).includes(v) ? (v as T) : undefined);

export default function AdminTakedowns() {
  const table = useRouteTable(routes.takedowns.takedownList, {
    query: (api, { filters }) => ({ offset: api.offset, limit: api.limit, sort: api.sort, status: oneOf(TAKEDOWN_STATUSES, filters.status) }),
  });
  const { t, data, mutate } = table;
  const status = oneOf(TAKEDOWN_STATUSES, t.query.filters.status);
  const [openId, setOpenId] = useState<string | null>(null);
  const [kept, setKept] = useState<Takedown | null>(null);
  const current = openId ? (data?.data.find((n) => n._id === openId) ?? kept) : null;

  return (
    <div className="page">
      <h1 className="page-title">Takedowns</h1>
      <p className="page-lead">Notices from rights holders. Review one to hide the content it names, reject it, or ask the claimant for more; record when a claimant answers a counter-notice.</p>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter takedown notices">
          <div className={css.filter}>
            <label htmlFor="takedowns-status">Status</label>
            <Select
              id="takedowns-status"
              placeholder="Any status"
              allowClear
              value={status}
              onChange={(v?: TakedownStatus) => t.set({ status: v ?? null })}
              options={TAKEDOWN_STATUSES.map((s) => ({ value: s, label: TAKEDOWN_STATUS_LABEL[s] }))}
              className={css.select}
            />
          </div>
        </FilterBar>
        <QueryTable<Takedown>
          table={table}
          rowKey="_id"
          errorTitle="Takedown notices didn't load"
          totalLabel={(n) => (n === 1 ? '1 notice' : `${n} notices`)}
          empty={<EmptyState title={status ? 'Nothing matches' : 'No takedown notices'} description={status ? 'No notice has this status.' : 'Notices filed at /legal/takedown appear here.'} />}
          cardsLabel="Takedown notices"
          size="middle"
          scroll={{ x: 1100 }}
          onRow={(n) => ({ 'aria-label': `Notice #${n.number} from ${n.name}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'number', title: 'Notice', width: 90, render: (_, n) => `#${n.number}` },
            {
              key: 'items',
              title: 'Named content',
              width: 340,
              render: (_, n) => (
                <Space direction="vertical" size={6}>
                  {n.items.slice(0, 2).map((i) => (
                    <TakedownItem key={`${i.kind}:${i.id}`} item={i.preview} kind={i.kind} id={i.id} />
                  ))}
                  {n.items.length > 2 && <span className={css.muted}>and {n.items.length - 2} more</span>}
                </Space>
              ),
            },
            { key: 'claimant', title: 'Claimant', width: 200, render: (_, n) => <span>{n.name}<br /><span className={css.muted}>{n.email}</span></span> },
            { key: 'createdAt', title: 'Filed', width: 170, render: (_, n) => <span className={css.nowrap}>{fullDate(n.createdAt)}</span> },
            { key: 'status', title: 'Status', width: 150, render: (_, n) => <TakedownStatusTag status={n.status} /> },
            {
              key: 'review',
              title: <span className="sr-only">Review</span>,
              width: 100,
              render: (_, n) => (
                <Button
                  onClick={() => {
                    setKept(n);
                    setOpenId(n._id);
                  }}
                  aria-label={`Review notice #${n.number}`}
                >
                  Review
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <TakedownDrawer notice={current} onClose={() => setOpenId(null)} onDone={() => void mutate()} />
    </div>
  );
}
