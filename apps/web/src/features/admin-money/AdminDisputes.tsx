'use client';
/**
 * /admin/disputes (issue 29 §1): the card disputes queue (GET /admin/disputes) — open ones by
 * default, or won / lost / all; the fan filter; sorted by when they opened or by the evidence
 * deadline; overdue and near deadlines marked on the row. A row opens the dispute's page
 * (/admin/disputes/{id}), which asks for a reason first (an audited read of the fan's records).
 */
import type { HTMLAttributes } from 'react';
import Link from 'next/link';
import { Button, Card, Radio } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { DISPUTE_SORT_COLUMNS, type Dispute } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { money, plural } from '@/lib/format';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import { EmptyState } from '@/components/states';
import { Money, shortDate } from '@/components/money/money-ui';
import UserPicker from './UserPicker';
import { DISPUTE_VIEWS, DISPUTE_VIEW_KEYS, anId, deadlineState, oneOf, type DisputeView } from './labels';
import { Deadline, DisputeStatusTag, FanLink, PaidFor, reasonText } from './dispute-bits';
import mcss from './admin-money.module.css';
import css from './disputes.module.css';

const EMPTY: Record<DisputeView, { title: string; description: string }> = {
  open: { title: 'No open disputes', description: 'When a cardholder disputes a payment with their bank, it shows here with the deadline to answer.' },
  won: { title: 'No won disputes', description: 'Disputes the bank decided for the site show here.' },
  lost: { title: 'No lost disputes', description: 'Disputes the bank decided for the cardholder show here.' },
  all: { title: 'No disputes yet', description: 'When a cardholder disputes a payment with their bank, it shows here.' },
};

export default function AdminDisputes() {
  const filtersOf = (f: Record<string, string>) => ({ view: oneOf(DISPUTE_VIEW_KEYS, f.view) ?? 'open', userId: anId(f.userId) });
  const table = useRouteTable(routes.disputes.list, {
    sortBy: 'createdAt',
    query: (q, tq) => {
      const f = filtersOf(tq.filters);
      return {
        offset: q.offset, limit: q.limit, sort: tq.sort,
        sortBy: oneOf(DISPUTE_SORT_COLUMNS, tq.sortBy) ?? 'createdAt',
        ...DISPUTE_VIEWS[f.view].query,
        ...(f.userId ? { userId: f.userId } : {}),
      };
    },
  });
  const { t } = table;
  const f = filtersOf(t.query.filters);
  const now = Date.now();

  return (
    <div className="container page">
      <div className={mcss.head}>
        <div>
          <h1 className="page-title">Disputes</h1>
          <p className="page-lead">
            Card payments a cardholder disputed with their bank. The money is held back while a dispute is open and the fan cannot spend; answer before the deadline with
            the evidence the site holds. Refunds are made from <Link href="/admin/payments">Card payments</Link>.
          </p>
        </div>
      </div>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter disputes">
          <div className={mcss.filter}>
            <span id="disputes-view-label" className={css.filterLabel}>Show</span>
            <Radio.Group
              aria-labelledby="disputes-view-label"
              optionType="button"
              buttonStyle="solid"
              value={f.view}
              onChange={(e) => t.set({ view: e.target.value === 'open' ? null : e.target.value })}
              options={DISPUTE_VIEW_KEYS.map((k) => ({ value: k, label: DISPUTE_VIEWS[k].label }))}
              className={css.viewFilter}
            />
          </div>
          <UserPicker id="disputes-fan" label="Fan" role="user" value={f.userId} onChange={(v) => t.set({ userId: v })} />
          {(f.userId || f.view !== 'open') && (
            <Button onClick={() => t.set({ view: null, userId: null })} className={mcss.keep}>
              Clear filters
            </Button>
          )}
        </FilterBar>
        <QueryTable<Dispute>
          table={table}
          errorTitle="Disputes didn't load"
          totalLabel={(n) => plural(n, 'dispute')}
          empty={<EmptyState title={f.userId ? 'No disputes of this fan' : EMPTY[f.view].title} description={f.userId ? 'Nothing matches these filters.' : EMPTY[f.view].description} />}
          cardsLabel="Disputes list"
          // Fits the console's ~960 px content box at 1280 px; narrower it scrolls, ≤ 600 px it becomes cards.
          scroll={{ x: 945 }}
          size="middle"
          rowClassName={(d) => (d.open ? (deadlineState(d.dueBy, now) === 'overdue' ? css.rowOverdue : deadlineState(d.dueBy, now) === 'near' ? css.rowNear : '') : '')}
          onRow={(d) => ({ 'aria-label': `Dispute of ${d.fan?.name ?? 'a fan'} for ${money(d.amount)}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'createdAt', title: 'Opened', dataIndex: 'createdAt', width: 100, sorter: true, sortOrder: t.sortOrder('createdAt'), render: (v: string) => <span className={css.nowrap}>{shortDate(v)}</span> },
            { key: 'fan', title: 'Fan', width: 160, render: (_, d) => <FanLink user={d.fan} /> },
            { key: 'amount', title: 'Amount', dataIndex: 'amount', align: 'right', width: 85, render: (v: number) => <Money value={v} strong /> },
            { key: 'reason', title: 'Reason', dataIndex: 'reason', width: 140, render: (v: string) => reasonText(v) },
            { key: 'paidFor', title: 'What it paid for', width: 150, render: (_, d) => <PaidFor d={d} /> },
            { key: 'dueBy', title: 'Deadline', width: 120, sorter: true, sortOrder: t.sortOrder('dueBy'), render: (_, d) => <Deadline d={d} now={now} compact /> },
            { key: 'status', title: 'Status', dataIndex: 'status', width: 120, render: (_, d) => <DisputeStatusTag status={d.status} /> },
            {
              key: 'actions', title: 'Actions', width: 70,
              render: (_, d) => (
                <Link href={`/admin/disputes/${d._id}`} aria-label={`Open the dispute of ${d.fan?.name ?? 'a fan'} for ${money(d.amount)}`} className={css.nowrap}>
                  Open <ArrowRightOutlined aria-hidden />
                </Link>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
