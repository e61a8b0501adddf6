'use client';
/**
 * /admin/payments (issue 29 §2): every card payment — wallet top-ups and subscription periods —
 * (GET /admin/payments) with the filters (fan, type, status) and the table state in the URL; each
 * row says what was refunded and whether it is disputed, and opens the payment's page
 * (/admin/payments/{id}: refunds, disputes, "Refund").
 */
import type { HTMLAttributes } from 'react';
import Link from 'next/link';
import { Button, Card, Select, Tag } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { PAYMENT_TRANSACTION_STATUSES, PAYMENT_TRANSACTION_TYPES, type AdminPaymentRow } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { money, plural } from '@/lib/format';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import { EmptyState } from '@/components/states';
import { Money, shortDate } from '@/components/money/money-ui';
import UserPicker from './UserPicker';
import { PAYMENT_TYPE, anId, oneOf, paymentStatusOptions, paymentTypeOptions } from './labels';
import { FanLink, PaymentStatusTag } from './dispute-bits';
import mcss from './admin-money.module.css';
import css from './disputes.module.css';

const SORTS = ['createdAt', 'amount'] as const;

export default function AdminPayments() {
  const filtersOf = (f: Record<string, string>) => ({ userId: anId(f.userId), type: oneOf(PAYMENT_TRANSACTION_TYPES, f.type), status: oneOf(PAYMENT_TRANSACTION_STATUSES, f.status) });
  const table = useRouteTable(routes.refunds.payments, {
    sortBy: 'createdAt',
    query: (q, tq) => ({
      offset: q.offset, limit: q.limit, sort: tq.sort,
      sortBy: oneOf(SORTS, tq.sortBy) ?? 'createdAt',
      ...Object.fromEntries(Object.entries(filtersOf(tq.filters)).filter(([, v]) => v)),
    }),
  });
  const { t } = table;
  const f = filtersOf(t.query.filters);
  const filtered = Object.values(f).some(Boolean);

  return (
    <div className="container page">
      <h1 className="page-title">Card payments</h1>
      <p className="page-lead">
        What fans paid by card: wallet top-ups and subscription periods. Open one to refund it to the card or see its disputes (<Link href="/admin/disputes">Disputes</Link>).
      </p>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter card payments">
          <UserPicker id="payments-fan" label="Fan" role="user" value={f.userId} onChange={(v) => t.set({ userId: v })} />
          <div className={mcss.filter}>
            <label htmlFor="payments-type">Type</label>
            <Select id="payments-type" aria-label="Type" placeholder="Any type" allowClear value={f.type} onChange={(v) => t.set({ type: v ?? null })} options={paymentTypeOptions} className={mcss.select} />
          </div>
          <div className={mcss.filter}>
            <label htmlFor="payments-status">Status</label>
            <Select id="payments-status" aria-label="Status" placeholder="Any status" allowClear value={f.status} onChange={(v) => t.set({ status: v ?? null })} options={paymentStatusOptions} className={mcss.select} />
          </div>
          {filtered && (
            <Button onClick={() => t.set({ userId: null, type: null, status: null })} className={mcss.keep}>
              Clear filters
            </Button>
          )}
        </FilterBar>
        <QueryTable<AdminPaymentRow>
          table={table}
          errorTitle="Card payments didn't load"
          totalLabel={(n) => plural(n, 'payment')}
          empty={<EmptyState title="No card payments" description={filtered ? 'Nothing matches these filters.' : 'Top-ups and subscription payments by card show here.'} />}
          cardsLabel="Card payments list"
          scroll={{ x: 980 }}
          size="middle"
          onRow={(p) => ({ 'aria-label': `${PAYMENT_TYPE[p.type]} of ${money(p.amount)} by ${p.fan?.name ?? 'a deleted user'}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'createdAt', title: 'Date', dataIndex: 'createdAt', width: 120, sorter: true, sortOrder: t.sortOrder('createdAt'), render: (v: string) => <span className={css.nowrap}>{shortDate(v)}</span> },
            { key: 'fan', title: 'Fan', width: 180, render: (_, p) => <FanLink user={p.fan} /> },
            {
              key: 'type', title: 'Paid for', width: 190,
              render: (_, p) => (
                <span className={css.stack}>
                  <span>{PAYMENT_TYPE[p.type]}</span>
                  {p.performer && <span className={css.small}>to {p.performer.name || `@${p.performer.username}`}</span>}
                </span>
              ),
            },
            { key: 'amount', title: 'Amount', dataIndex: 'amount', align: 'right', width: 100, sorter: true, sortOrder: t.sortOrder('amount'), render: (v: number) => <Money value={v} strong /> },
            { key: 'refunded', title: 'Refunded', dataIndex: 'refundedAmount', align: 'right', width: 100, render: (v: number) => (v > 0 ? <Money value={v} /> : <span className={css.muted}>—</span>) },
            {
              key: 'status', title: 'Status', width: 160,
              render: (_, p) => (
                <span className={mcss.stack}>
                  <PaymentStatusTag status={p.status} />
                  {p.disputed && <Tag color="volcano">Disputed</Tag>}
                </span>
              ),
            },
            { key: 'card', title: 'Card', width: 120, render: (_, p) => (p.card ? <span className={css.nowrap}>{p.card.brand.toUpperCase()} •••• {p.card.last4}</span> : <span className={css.muted}>—</span>) },
            {
              key: 'actions', title: 'Actions', width: 90,
              render: (_, p) => (
                <Link href={`/admin/payments/${p._id}`} aria-label={`Open the ${PAYMENT_TYPE[p.type].toLowerCase()} of ${money(p.amount)} by ${p.fan?.name ?? 'a deleted user'}`} className={css.nowrap}>
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
