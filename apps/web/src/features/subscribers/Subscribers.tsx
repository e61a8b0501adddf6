'use client';
/** /creator/subscribers: the creator's subscribers (GET /subscriptions/performer/search), status filter and table state in the URL. */
import Link from 'next/link';
import { Button, Card, Select, Tag } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { SUBSCRIPTION_STATUS_VALUES, type Subscription } from '@stagepass/shared';
import { timeLeft } from '@/lib/format';
import { EmptyState } from '@/components/states';
import { Money, MoneyUserCell, moneyCss as css, shortDate } from '@/components/money/money-ui';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import { routes } from '@stagepass/shared/routes';
import FilterBar from '@/components/list/FilterBar';
import { moneyStyles as cells } from '@/components/money/cells';
import TierBadge from '@/components/tiers/TierBadge';

export const SUBSCRIPTION_STATUS_LABEL: Record<(typeof SUBSCRIPTION_STATUS_VALUES)[number], { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  past_due: { label: 'Payment due', color: 'orange' },
  cancelled: { label: 'Cancelled', color: 'default' },
  expired: { label: 'Expired', color: 'red' },
};
const statusOptions = SUBSCRIPTION_STATUS_VALUES.map((v) => ({ value: v, label: SUBSCRIPTION_STATUS_LABEL[v].label }));

function StatusCell({ s }: { s: Subscription }) {
  const st = SUBSCRIPTION_STATUS_LABEL[s.status] ?? { label: s.status, color: 'default' };
  return (
    <span className={css.tags}>
      <Tag color={st.color}>
        {st.label}
      </Tag>
      {s.type === 'free' && s.isActive && (
        <Tag color="purple">
          Free trial
        </Tag>
      )}
      {s.status === 'cancelled' && s.isActive && <span className={`muted ${cells.small}`}>access until expiry</span>}
    </span>
  );
}

const validStatus = (s: string | undefined) => ((SUBSCRIPTION_STATUS_VALUES as readonly string[]).includes(s ?? '') ? s : undefined);

export default function Subscribers() {
  const table = useRouteTable(routes.subscriptions.subscribers, { sortBy: 'updatedAt', query: (q, { filters }) => ({ ...q, status: validStatus(filters.status) }) });
  const { t } = table;
  const status = validStatus(t.query.filters.status);

  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">Subscribers</h1>
          <p className="page-lead">Fans who subscribed to your page, with their renewal dates.</p>
        </div>
        <Link href="/creator/account?tab=subscription">
          <Button icon={<SettingOutlined />}>Subscription price</Button>
        </Link>
      </div>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter subscribers" className={css.toolbar}>
          <Select aria-label="Status" placeholder="Any status" allowClear showSearch={{ optionFilterProp: 'label' }} value={status} onChange={(v) => t.set({ status: v ?? null })} options={statusOptions} className={css.wideStatusFilter} />
        </FilterBar>
        <QueryTable<Subscription>
          table={table}
          errorTitle="Your subscribers didn't load"
          totalLabel={(n) => (n === 1 ? '1 subscriber' : `${n} subscribers`)}
          empty={status ? <EmptyState title="No subscribers with this status" /> : <EmptyState title="No subscribers yet" description="Share your page so fans can subscribe." />}
          cardsLabel="Subscribers list"
          scroll={{ x: 720 }}
          size="middle"
          columns={[
            { key: 'user', title: 'Fan', width: 200, render: (_, s) => <MoneyUserCell user={s.user} /> },
            { key: 'tier', title: 'Tier', width: 150, render: (_, s) => (s.tier ? <TierBadge tier={s.tier} /> : <span className="muted">—</span>) },
            { key: 'status', title: 'Status', width: 180, render: (_, s) => <StatusCell s={s} /> },
            { key: 'price', title: 'Price', dataIndex: 'price', align: 'right', width: 110, render: (v: number, s) => (s.type === 'free' && s.isActive ? <span><Money value={v} /> <span className="muted">after trial</span></span> : <Money value={v} />) },
            { key: 'createdAt', title: 'Since', dataIndex: 'createdAt', width: 140, sorter: true, sortOrder: t.sortOrder('createdAt'), render: (v: string) => shortDate(v) },
            {
              key: 'expiresAt',
              title: 'Expires',
              dataIndex: 'expiresAt',
              width: 190,
              sorter: true,
              sortOrder: t.sortOrder('expiresAt'),
              render: (v: string, s) => (
                <span>
                  {shortDate(v)}
                  {s.isActive && new Date(v).getTime() > Date.now() && (
                    <span className={`muted ${cells.small}`}>
                      {' '}
                      · {s.renewing ? 'renews' : 'ends'} in {timeLeft(v)}
                    </span>
                  )}
                </span>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
