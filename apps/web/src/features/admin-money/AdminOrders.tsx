'use client';
/**
 * /admin/orders: every order of the shop (GET /orders/search as an operator) with the filters
 * (creator, buyer, status, type, dates, product name) and the table state in the URL. `View` opens
 * the order in the creators' order drawer (shop-studio's OrderDrawer with `operator`, loaded on demand) to move its delivery or refund it once;
 * the row takes each answer at once.
 */
import { useState, type HTMLAttributes } from 'react';
import dynamic from 'next/dynamic';
import { Button, Card, Input, Select, Tag, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { DELIVERY_STATUSES, ORDER_SORTS, PRODUCT_TYPES, type Order } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { fullDate, money, plural } from '@/lib/format';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import { DateFilters, withDateRange } from '@/components/list/table-helpers';
import { EmptyState } from '@/components/states';
import { Money, MoneyUserCell } from '@/components/money/money-ui';
import UserPicker from './UserPicker';
import { DELIVERY, anId, day, deliveryOptions, oneOf, productTypeOptions } from './labels';
import css from './admin-money.module.css';

const OrderDrawer = dynamic(() => import('@/features/shop-studio/OrderDrawer'), { ssr: false });

export default function AdminOrders() {
  const filtersOf = (f: Record<string, string>) => ({
    performerId: anId(f.performerId),
    buyerId: anId(f.buyerId),
    deliveryStatus: oneOf(DELIVERY_STATUSES, f.deliveryStatus),
    productType: oneOf(PRODUCT_TYPES, f.productType),
    fromDate: day(f.fromDate),
    toDate: day(f.toDate),
    q: f.q?.trim() || undefined,
  });
  const table = useRouteTable(routes.orders.search, {
    sortBy: 'createdAt',
    query: (q, tq) => {
      const f = filtersOf(tq.filters);
      const set = Object.fromEntries(Object.entries(f).filter(([, v]) => v)) as Record<string, string>;
      return withDateRange({ ...q, ...set, sortBy: oneOf(ORDER_SORTS, tq.sortBy) ?? 'createdAt' });
    },
  });
  const { t, mutate } = table;
  const f = filtersOf(t.query.filters);
  const filtered = Object.values(f).some(Boolean);
  const [viewing, setViewing] = useState<Order | null>(null);
  /** An action's answer: the row shows it at once, then the page is read again (filters may drop it). */
  const changed = (o: Order) => {
    setViewing(o);
    void mutate((page) => (page ? { ...page, data: page.data.map((r) => (r._id === o._id ? o : r)) } : page), { revalidate: true });
  };

  return (
    <div className="container page">
      <h1 className="page-title">Orders</h1>
      <p className="page-lead">Every order of the shop. Open one to move its delivery or refund it: a refund gives the buyer the total back once and takes back the creator&apos;s net and the commission.</p>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter orders">
          <UserPicker id="orders-creator" label="Creator" role="performer" value={f.performerId} onChange={(v) => t.set({ performerId: v })} />
          <UserPicker id="orders-buyer" label="Buyer" value={f.buyerId} onChange={(v) => t.set({ buyerId: v })} />
          <div className={css.filter}>
            <label htmlFor="orders-status">Status</label>
            <Select id="orders-status" aria-label="Status" placeholder="Any status" allowClear value={f.deliveryStatus} onChange={(v) => t.set({ deliveryStatus: v ?? null })} options={deliveryOptions} className={css.select} />
          </div>
          <div className={css.filter}>
            <label htmlFor="orders-type">Type</label>
            <Select id="orders-type" aria-label="Type" placeholder="Any type" allowClear value={f.productType} onChange={(v) => t.set({ productType: v ?? null })} options={productTypeOptions} className={css.select} />
          </div>
          <DateFilters query={t.query} set={t.set} />
          <div className={css.filter}>
            <label htmlFor="orders-q">Product</label>
            <Input.Search id="orders-q" aria-label="Search products" placeholder="Product name" allowClear defaultValue={f.q} onSearch={(v) => t.set({ q: v.trim() || null })} className={css.search} />
          </div>
          {filtered && (
            <Button onClick={() => t.set({ performerId: null, buyerId: null, deliveryStatus: null, productType: null, fromDate: null, toDate: null, q: null })} className={css.keep}>
              Clear filters
            </Button>
          )}
        </FilterBar>
        <QueryTable<Order>
          table={table}
          errorTitle="Orders didn't load"
          totalLabel={(n) => plural(n, 'order')}
          empty={<EmptyState title="No orders" description={filtered ? 'Nothing matches these filters.' : 'Orders show here once fans buy from a shop.'} />}
          cardsLabel="Orders list"
          scroll={{ x: 1000 }}
          size="middle"
          onRow={(o) => ({ 'aria-label': `Order of ${o.productName} for ${money(o.total)}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'createdAt', title: 'Ordered', dataIndex: 'createdAt', width: 170, sorter: true, sortOrder: t.sortOrder('createdAt'), render: (v: string) => <span className={css.nowrap}>{fullDate(v)}</span> },
            { key: 'product', title: 'Product', render: (_, o) => <span className={css.stack}><Typography.Text ellipsis={{ tooltip: o.productName }}>{o.productName}</Typography.Text><span className={css.small}>{o.productType === 'digital' ? 'Digital' : 'Physical'} · × {o.quantity}</span></span> },
            { key: 'buyer', title: 'Buyer', width: 180, render: (_, o) => <MoneyUserCell user={o.buyer} /> },
            { key: 'creator', title: 'Creator', width: 180, render: (_, o) => <MoneyUserCell user={o.performer} /> },
            { key: 'total', title: 'Total', dataIndex: 'total', align: 'right', width: 110, sorter: true, sortOrder: t.sortOrder('total'), render: (v: number) => <Money value={v} strong /> },
            { key: 'status', title: 'Status', dataIndex: 'deliveryStatus', width: 120, render: (v: Order['deliveryStatus']) => <Tag color={DELIVERY[v].color} variant="filled">{DELIVERY[v].label}</Tag> },
            { key: 'view', title: 'Details', width: 90, render: (_, o) => <Button size="small" icon={<EyeOutlined />} onClick={() => setViewing(o)} aria-label={`View order of ${o.productName}`}>View</Button> },
          ]}
        />
      </Card>
      <OrderDrawer operator open={Boolean(viewing)} order={viewing} onClose={() => setViewing(null)} onChanged={changed} />
    </div>
  );
}
