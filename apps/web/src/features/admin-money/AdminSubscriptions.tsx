'use client';
/**
 * /admin/subscriptions: every subscription (GET /admin/subscriptions) with the filters (fan,
 * creator, status, trial or paid, start dates) and the table state in the URL. `Cancel` ends a
 * subscription's renewal with the subscriber's own rule (POST /admin/subscriptions/{id}/cancel,
 * audited) after a confirm dialog saying what happens.
 */
import { useState, type HTMLAttributes } from 'react';
import { Alert, App, Button, Card, Modal, Select, Tag } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { ADMIN_SUBSCRIPTION_SORTS, SUBSCRIPTION_STATUS_VALUES, SUBSCRIPTION_TYPES, type Subscription } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { fullDate, plural } from '@/lib/format';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import { DateFilters, withDateRange } from '@/components/list/table-helpers';
import { EmptyState } from '@/components/states';
import { Money, MoneyUserCell, shortDate } from '@/components/money/money-ui';
import UserPicker from './UserPicker';
import { SUB_STATUS, anId, day, oneOf, subStatusOptions, subTypeOptions } from './labels';
import css from './admin-money.module.css';

const renews = (s: Subscription) => s.status === 'active' || s.status === 'past_due';

function CancelModal({ sub, onClose, onDone }: { sub: Subscription | null; onClose: () => void; onDone: (s: Subscription) => void }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!sub) return;
    setBusy(true);
    setError(null);
    try {
      const s = await call(routes.subscriptions.adminCancel, { params: { id: sub._id } });
      message.success('Subscription cancelled');
      onDone(s);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={Boolean(sub)} title="Cancel this subscription?" okText="Cancel subscription" cancelText="Keep it" okButtonProps={{ danger: true }} confirmLoading={busy} onOk={submit} onCancel={onClose} afterOpenChange={(open) => !open && setError(null)} destroyOnHidden>
      {sub && (
        <p>
          {sub.user?.name || 'The fan'}&apos;s subscription to {sub.performer?.name || 'this creator'} will not renew.{' '}
          {sub.status === 'past_due' ? 'Nothing is paid for now, so it ends at once.' : `It stays usable until ${fullDate(sub.expiresAt)}, the end of the paid period.`}
        </p>
      )}
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}

export default function AdminSubscriptions() {
  const filtersOf = (f: Record<string, string>) => ({
    userId: anId(f.userId),
    performerId: anId(f.performerId),
    status: oneOf(SUBSCRIPTION_STATUS_VALUES, f.status),
    type: oneOf(SUBSCRIPTION_TYPES, f.type),
    fromDate: day(f.fromDate),
    toDate: day(f.toDate),
  });
  const table = useRouteTable(routes.subscriptions.adminSearch, {
    sortBy: 'createdAt',
    query: (q, tq) => {
      const set = Object.fromEntries(Object.entries(filtersOf(tq.filters)).filter(([, v]) => v)) as Record<string, string>;
      return withDateRange({ ...q, ...set, sortBy: oneOf(ADMIN_SUBSCRIPTION_SORTS, tq.sortBy) ?? 'createdAt' });
    },
  });
  const { t, mutate } = table;
  const f = filtersOf(t.query.filters);
  const filtered = Object.values(f).some(Boolean);
  const [cancelling, setCancelling] = useState<Subscription | null>(null);

  return (
    <div className="container page">
      <h1 className="page-title">Subscriptions</h1>
      <p className="page-lead">Every fan&apos;s subscription to a creator. Cancelling stops the renewal; a paid-up subscription stays usable to the end of its period.</p>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter subscriptions">
          <UserPicker id="subs-fan" label="Fan" role="user" value={f.userId} onChange={(v) => t.set({ userId: v })} />
          <UserPicker id="subs-creator" label="Creator" role="performer" value={f.performerId} onChange={(v) => t.set({ performerId: v })} />
          <div className={css.filter}>
            <label htmlFor="subs-status">Status</label>
            <Select id="subs-status" aria-label="Status" placeholder="Any status" allowClear value={f.status} onChange={(v) => t.set({ status: v ?? null })} options={subStatusOptions} className={css.select} />
          </div>
          <div className={css.filter}>
            <label htmlFor="subs-type">Kind</label>
            <Select id="subs-type" aria-label="Kind" placeholder="Trial or paid" allowClear value={f.type} onChange={(v) => t.set({ type: v ?? null })} options={subTypeOptions} className={css.select} />
          </div>
          <DateFilters query={t.query} set={t.set} />
          {filtered && (
            <Button onClick={() => t.set({ userId: null, performerId: null, status: null, type: null, fromDate: null, toDate: null })} className={css.keep}>
              Clear filters
            </Button>
          )}
        </FilterBar>
        <QueryTable<Subscription>
          table={table}
          errorTitle="Subscriptions didn't load"
          totalLabel={(n) => plural(n, 'subscription')}
          empty={<EmptyState title="No subscriptions" description={filtered ? 'Nothing matches these filters.' : 'Subscriptions show here once fans subscribe.'} />}
          cardsLabel="Subscriptions list"
          scroll={{ x: 1000 }}
          size="middle"
          onRow={(s) => ({ 'aria-label': `Subscription of ${s.user?.name ?? 'a fan'} to ${s.performer?.name ?? 'a creator'}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'fan', title: 'Fan', width: 180, render: (_, s) => <MoneyUserCell user={s.user} /> },
            { key: 'creator', title: 'Creator', width: 180, render: (_, s) => <MoneyUserCell user={s.performer} /> },
            { key: 'status', title: 'Status', dataIndex: 'status', width: 110, render: (v: Subscription['status']) => <Tag color={SUB_STATUS[v].color} variant="filled">{SUB_STATUS[v].label}</Tag> },
            { key: 'type', title: 'Kind', dataIndex: 'type', width: 80, render: (v: string) => (v === 'free' ? 'Trial' : 'Paid') },
            { key: 'price', title: 'Monthly', dataIndex: 'price', align: 'right', width: 100, render: (v: number) => <Money value={v} /> },
            { key: 'createdAt', title: 'Started', dataIndex: 'createdAt', width: 130, sorter: true, sortOrder: t.sortOrder('createdAt'), render: (v: string) => <span className={css.nowrap}>{shortDate(v)}</span> },
            { key: 'expiresAt', title: 'Paid until', dataIndex: 'expiresAt', width: 130, sorter: true, sortOrder: t.sortOrder('expiresAt'), render: (v: string, s) => <span className={css.stack}><span className={css.nowrap}>{shortDate(v)}</span>{!renews(s) && <span className={css.small}>no renewal</span>}</span> },
            { key: 'actions', title: 'Actions', width: 110, render: (_, s) => (renews(s) ? <Button size="small" danger icon={<StopOutlined />} onClick={() => setCancelling(s)} aria-label={`Cancel the subscription of ${s.user?.name ?? 'this fan'}`}>Cancel</Button> : null) },
          ]}
        />
      </Card>
      <CancelModal
        sub={cancelling}
        onClose={() => setCancelling(null)}
        onDone={(s) => {
          setCancelling(null);
          void mutate((page) => (page ? { ...page, data: page.data.map((r) => (r._id === s._id ? s : r)) } : page), { revalidate: true });
        }}
      />
    </div>
  );
}
