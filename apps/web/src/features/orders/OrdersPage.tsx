'use client';
import type { HTMLAttributes } from 'react';
import Link from 'next/link';
import { Button, Input, Select } from 'antd';
import CoverImage from '@/components/CoverImage';
import { PictureOutlined } from '@ant-design/icons';
import { DELIVERY_STATUSES, PRODUCT_TYPES, type Order } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { fullDate, plural } from '@/lib/format';
import { shortDate } from '@/components/list/table-helpers';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import SectionCard from '@/components/SectionCard';
import { EmptyState } from '@/components/states';
import { AmountCell, CreatorCell, moneyStyles } from '@/components/money/cells';
import width from '@/components/layouts/page-width.module.css';
import { DELIVERY_OPTIONS, DeliveryTag, oneOf, useOrderNotifications } from './delivery';
import css from './orders.module.css';

const SORTS = ['createdAt', 'updatedAt', 'total'] as const;
const timeOfDay = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
const TYPE_OPTIONS = [
  { value: 'physical', label: 'Physical' },
  { value: 'digital', label: 'Digital' },
];

/** The order's product: picture, name (a link to the order) and type. */
export function OrderProductCell({ order: o }: { order: Order }) {
  return (
    <Link href={`/user/orders/${o._id}`} className={css.productCell}>
      <span className={css.thumb} aria-hidden="true">
        {o.productImage ? <CoverImage src={o.productImage} /> : <PictureOutlined />}
      </span>
      <span className={css.productText}>
        <span className={css.productName}>{o.productName}</span>
        <span className={css.productType}>{o.productType === 'digital' ? 'Digital' : 'Physical'}</span>
      </span>
    </Link>
  );
}

/**
 * /user/orders: the fan's orders (GET /orders/users/search) — page, sort and filters (q on the
 * product name, status, type) in the URL; read again on focus and when an order notification
 * arrives (shipped, delivered, refunded).
 */
export default function OrdersPage() {
  const table = useRouteTable(routes.orders.searchOwn, {
    sortBy: 'createdAt',
    query: (q, tq) => ({
      ...q,
      sortBy: oneOf(SORTS, tq.sortBy) ?? 'createdAt',
      deliveryStatus: oneOf(DELIVERY_STATUSES, tq.filters.deliveryStatus),
      productType: oneOf(PRODUCT_TYPES, tq.filters.productType),
    }),
  });
  const { t, mutate } = table;
  useOrderNotifications(() => void mutate());
  const filtered = Boolean(t.query.filters.q || t.query.filters.deliveryStatus || t.query.filters.productType);

  return (
    <div className={`container page ${width.w1100}`}>
      <h1 className="page-title">My orders</h1>
      <p className="page-lead">
        What you bought from creators’ shops. Physical orders show their delivery and tracking code; digital ones download from the order.
      </p>
      <SectionCard title="Orders">
        <FilterBar label="Filter orders">
          <Input.Search
            aria-label="Search orders"
            placeholder="Product name"
            allowClear
            defaultValue={t.query.filters.q}
            onSearch={(q) => t.set({ q: q.trim() || null })}
            className={css.search}
          />
          <Select
            aria-label="Status"
            placeholder="Any status"
            allowClear
            value={oneOf(DELIVERY_STATUSES, t.query.filters.deliveryStatus)}
            onChange={(v) => t.set({ deliveryStatus: v ?? null })}
            className={css.filter}
            options={DELIVERY_OPTIONS}
          />
          <Select
            aria-label="Type"
            placeholder="Any type"
            allowClear
            value={oneOf(PRODUCT_TYPES, t.query.filters.productType)}
            onChange={(v) => t.set({ productType: v ?? null })}
            className={css.filter}
            options={TYPE_OPTIONS}
          />
        </FilterBar>
        <QueryTable<Order>
          table={table}
          errorTitle="Your orders didn't load"
          totalLabel={(n) => plural(n, 'order')}
          empty={
            filtered ? (
              <EmptyState title="No orders match" description="Try another name, status or type." />
            ) : (
              <EmptyState
                title="No orders yet"
                description="Products you buy from creators’ shops show here."
                action={
                  <Link href="/search">
                    <Button>Explore creators</Button>
                  </Link>
                }
              />
            )
          }
          cardsLabel="Orders list"
          cardTitleKeys={['product']}
          scroll={{ x: 800 }}
          size="middle"
          onRow={(o) => ({ 'aria-label': `Order of ${o.productName} from ${o.performer?.name || 'a deleted creator'}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'product', title: 'Product', width: 230, render: (_, o) => <OrderProductCell order={o} /> },
            {
              key: 'createdAt',
              title: 'Date',
              sorter: true,
              sortOrder: t.sortOrder('createdAt'),
              render: (_, o) => (
                <time dateTime={o.createdAt} className={moneyStyles.stack} title={fullDate(o.createdAt)}>
                  <span className={moneyStyles.nowrap}>{shortDate(o.createdAt)}</span>
                  <span className={`muted ${moneyStyles.small}`}>{timeOfDay(o.createdAt)}</span>
                </time>
              ),
            },
            { key: 'performer', title: 'Creator', render: (_, o) => <span className={moneyStyles.nowrap}><CreatorCell user={o.performer} /></span> },
            { key: 'quantity', title: 'Qty', align: 'right', dataIndex: 'quantity' },
            { key: 'total', title: 'Total', align: 'right', sorter: true, sortOrder: t.sortOrder('total'), render: (_, o) => <AmountCell amount={o.total} /> },
            { key: 'deliveryStatus', title: 'Status', render: (_, o) => <DeliveryTag status={o.deliveryStatus} /> },
            {
              key: 'trackingCode',
              title: 'Tracking code',
              render: (_, o) => (o.trackingCode ? <span className={css.code}>{o.trackingCode}</span> : <span className="muted">—</span>),
            },
          ]}
        />
      </SectionCard>
    </div>
  );
}
