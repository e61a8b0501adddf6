'use client';
/**
 * /admin/coupons: the operator's coupons (GET /admin/coupons; `q` on the code and the table state
 * in the URL) — `New coupon` and `Edit` open CouponDrawer, `Delete` asks first
 * (DELETE /admin/coupons/{id}). Every change is audited by the API.
 */
import { useState, type HTMLAttributes } from 'react';
import { App, Button, Card, Input, Popconfirm, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Coupon } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { count, fullDate, plural } from '@/lib/format';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import { EmptyState } from '@/components/states';
import { MoneyUserCell } from '@/components/money/money-ui';
import CouponDrawer from './CouponDrawer';
import css from './admin-money.module.css';

function state(c: Coupon): { label: string; color: string } {
  if (!c.active) return { label: 'Off', color: 'default' };
  if (c.expiresAt && new Date(c.expiresAt).getTime() <= Date.now()) return { label: 'Expired', color: 'red' };
  if (c.maxUses !== null && c.usedCount >= c.maxUses) return { label: 'Used up', color: 'orange' };
  return { label: 'Active', color: 'green' };
}

export default function AdminCoupons() {
  const { message } = App.useApp();
  const table = useRouteTable(routes.coupons.adminList, { sortBy: 'updatedAt', query: (q, tq) => ({ ...q, sortBy: 'updatedAt', q: tq.filters.q?.trim() || undefined }) });
  const { t, mutate } = table;
  const q = t.query.filters.q?.trim() || undefined;
  const [editing, setEditing] = useState<Coupon | null>(null);
  const [open, setOpen] = useState(false);
  const edit = (c: Coupon | null) => {
    setEditing(c);
    setOpen(true);
  };
  const remove = async (c: Coupon) => {
    try {
      await call(routes.coupons.adminRemove, { params: { id: c._id } });
      message.success(`Coupon ${c.code} deleted`);
    } catch (e) {
      message.error(errorText(e));
    }
    void mutate();
  };

  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">Coupons</h1>
          <p className="page-lead">Discount codes fans use on purchases and on a subscription&apos;s first month: a percentage off, for every creator or one, until an expiry and up to a usage limit.</p>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => edit(null)}>
          New coupon
        </Button>
      </div>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter coupons">
          <div className={css.filter}>
            <label htmlFor="coupons-q">Search</label>
            <Input.Search id="coupons-q" aria-label="Search codes" placeholder="Code" allowClear defaultValue={q} onSearch={(v) => t.set({ q: v.trim() || null })} className={css.search} />
          </div>
        </FilterBar>
        <QueryTable<Coupon>
          table={table}
          errorTitle="Coupons didn't load"
          totalLabel={(n) => plural(n, 'coupon')}
          empty={<EmptyState title="No coupons" description={q ? 'No code matches.' : 'Create one with New coupon.'} />}
          cardsLabel="Coupons list"
          scroll={{ x: 900 }}
          size="middle"
          onRow={(c) => ({ 'aria-label': `Coupon ${c.code}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'code', title: 'Code', dataIndex: 'code', width: 150, render: (v: string, c) => <span className={css.stack}><strong className={css.mono}>{v}</strong>{c.name && <span className={css.small}>{c.name}</span>}</span> },
            { key: 'percentage', title: 'Discount', dataIndex: 'percentage', align: 'right', width: 90, render: (v: number) => `${v}%` },
            { key: 'creator', title: 'Creator', width: 180, render: (_, c) => (c.performerId ? <MoneyUserCell user={c.performer} /> : <span className={css.muted}>Every creator</span>) },
            { key: 'expiresAt', title: 'Expires', dataIndex: 'expiresAt', width: 170, render: (v: string | null) => <span className={css.nowrap}>{v ? fullDate(v) : 'Never'}</span> },
            { key: 'uses', title: 'Used', width: 90, render: (_, c) => `${count(c.usedCount)} / ${c.maxUses === null || c.maxUses === undefined ? '∞' : count(c.maxUses)}` },
            { key: 'state', title: 'State', width: 90, render: (_, c) => <Tag color={state(c).color} variant="filled">{state(c).label}</Tag> },
            {
              key: 'actions',
              title: 'Actions',
              width: 110,
              render: (_, c) => (
                <Space size={4}>
                  <Button size="small" icon={<EditOutlined />} aria-label={`Edit coupon ${c.code}`} title="Edit" onClick={() => edit(c)} />
                  <Popconfirm title={`Delete coupon ${c.code}?`} description="Fans can no longer use it." okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => remove(c)}>
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete coupon ${c.code}`} title="Delete" />
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <CouponDrawer
        open={open}
        coupon={editing}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void mutate();
        }}
      />
    </div>
  );
}
