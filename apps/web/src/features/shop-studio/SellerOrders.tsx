'use client';
/**
 * /creator/orders: the orders of the creator's products (GET /orders/search) — page, sort and the
 * filters (q on the product name, deliveryStatus, productType) in the URL. `Manage` opens the
 * order in a drawer (loaded on demand) to ship it with a tracking code, mark it delivered or refund
 * it; the row takes the answer of each action at once.
 */
import { useState, type HTMLAttributes } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { Button, Card, Flex, Input, Select, Typography } from 'antd';
import { ShopOutlined, ShoppingOutlined } from '@ant-design/icons';
import { DELIVERY_STATUSES, ORDER_SORTS, PRODUCT_TYPES, type Order } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { plural } from '@/lib/format';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import { EmptyState } from '@/components/states';
import { Money, MoneyUserCell } from '@/components/money/money-ui';
import { DELIVERY_OPTIONS, DeliveryTag, TYPE_LABEL } from './tags';
import { TYPE_OPTIONS } from './product-form';
import { shortAddress, shortDateTime } from './order-format';
import css from './shop-studio.module.css';

const OrderDrawer = dynamic(() => import('./OrderDrawer'), { ssr: false });

const oneOf = <T extends string>(list: readonly T[], v: string | undefined): T | undefined => (list as readonly string[]).includes(v ?? '') ? (v as T) : undefined;

export default function SellerOrders() {
  const table = useRouteTable(routes.orders.search, {
    sortBy: 'createdAt',
    // Only values the API knows leave the URL: a stale or hand-typed one would make the list a 400.
    query: (q, tq) => ({
      ...q,
      sortBy: oneOf(ORDER_SORTS, tq.sortBy) ?? 'createdAt',
      deliveryStatus: oneOf(DELIVERY_STATUSES, tq.filters.deliveryStatus),
      productType: oneOf(PRODUCT_TYPES, tq.filters.productType),
    }),
  });
  const { t, mutate } = table;
  const [managing, setManaging] = useState<Order | null>(null);
  const [open, setOpen] = useState(false);
  const filtered = Boolean(t.query.filters.q || t.query.filters.deliveryStatus || t.query.filters.productType);

  const manage = (o: Order) => {
    setManaging(o);
    setOpen(true);
  };
  /** An action's answer: the row shows it at once, then the page is read again (filters may drop it). */
  const changed = (o: Order) => {
    void mutate((page) => (page ? { ...page, data: page.data.map((r) => (r._id === o._id ? o : r)) } : page), { revalidate: true });
  };

  return (
    <div className="container page">
      <Flex justify="space-between" align="flex-start" gap={12} wrap className={css.pageHead}>
        <div>
          <h1 className="page-title">Orders</h1>
          <p className="page-lead">What fans bought from your shop: ship it, add the tracking code, mark it delivered or refund it.</p>
        </div>
        <Link href="/creator/products">
          <Button icon={<ShopOutlined />}>My products</Button>
        </Link>
      </Flex>
      <Card classNames={{ body: css.tableBody }}>
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
          empty={filtered ? <EmptyState title="No orders match" description="Try other filters." /> : <EmptyState title="No orders yet" description="Orders of your products show here." />}
          cardsLabel="Orders list"
          cardTitleKeys={['product']}
          scroll={{ x: 1214 }}
          onRow={(o) => ({ 'aria-label': `Order of ${o.productName} by ${o.buyer?.name || 'a deleted user'}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            {
              key: 'product',
              title: 'Product',
              width: 230,
              fixed: 'left',
              render: (_, o) => (
                <Flex gap={10} align="center">
                  {/* the product's own picture (dynamic) */}
                  <div className={`upload-thumb ${css.thumb}`} style={o.productImage ? { backgroundImage: `url(${o.productImage})` } : undefined} aria-hidden>
                    {!o.productImage && <ShoppingOutlined />}
                  </div>
                  <div className={css.product}>
                    <Typography.Text strong ellipsis={{ tooltip: o.productName }} className={css.productName}>
                      {o.productName}
                    </Typography.Text>
                    <div className={`muted ${css.small}`}>{TYPE_LABEL[o.productType]}</div>
                  </div>
                </Flex>
              ),
            },
            { key: 'deliveryStatus', title: 'Status', width: 108, render: (_, o) => <DeliveryTag status={o.deliveryStatus} /> },
            { key: 'quantity', title: 'Qty', width: 64, align: 'right', dataIndex: 'quantity' },
            { key: 'total', title: 'Total', width: 96, align: 'right', sorter: true, sortOrder: t.sortOrder('total'), render: (_, o) => <Money value={o.total} /> },
            { key: 'createdAt', title: 'Date', width: 112, sorter: true, sortOrder: t.sortOrder('createdAt'), render: (_, o) => <span className={css.small}>{shortDateTime(o.createdAt)}</span> },
            { key: 'buyer', title: 'Buyer', width: 160, render: (_, o) => <MoneyUserCell user={o.buyer} /> },
            { key: 'address', title: 'Delivery address', width: 190, render: (_, o) => <span className={css.small}>{shortAddress(o)}</span> },
            { key: 'trackingCode', title: 'Tracking code', width: 150, render: (_, o) => (o.trackingCode ? <span className={css.tracking}>{o.trackingCode}</span> : <span className="muted">—</span>) },
            {
              key: 'actions',
              width: 104,
              title: <span className="sr-only">Actions</span>,
              fixed: 'right',
              render: (_, o) => <Button onClick={() => manage(o)}>Manage</Button>,
            },
          ]}
        />
      </Card>
      {/* The drawer's chunk loads the first time an order is managed; it keeps the order while it slides out. */}
      {managing && <OrderDrawer open={open} order={managing} onClose={() => setOpen(false)} onChanged={changed} />}
    </div>
  );
}
