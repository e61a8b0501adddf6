'use client';
import type { HTMLAttributes } from 'react';
import Link from 'next/link';
import { Button, Input, Select } from 'antd';
import { useTranslations } from 'next-intl';
import CoverImage from '@/components/CoverImage';
import { PictureOutlined } from '@ant-design/icons';
import { DELIVERY_STATUSES, INTL_LOCALE, PRODUCT_TYPES, type Order } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useFormat } from '@/lib/format';
import { shortDate } from '@/components/list/table-helpers';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import SectionCard from '@/components/SectionCard';
import { EmptyState } from '@/components/states';
import { AmountCell, CreatorCell, moneyStyles } from '@/components/money/cells';
import width from '@/components/layouts/page-width.module.css';
import { DeliveryTag, oneOf, useDeliveryOptions, useOrderNotifications } from './delivery';
import css from './orders.module.css';

const SORTS = ['createdAt', 'updatedAt', 'total'] as const;

/** The order's product: picture, name (a link to the order) and type. */
export function OrderProductCell({ order: o }: { order: Order }) {
  const t = useTranslations('orders');
  return (
    <Link href={`/user/orders/${o._id}`} className={css.productCell}>
      <span className={css.thumb} aria-hidden="true">
        {o.productImage ? <CoverImage src={o.productImage} /> : <PictureOutlined />}
      </span>
      <span className={css.productText}>
        <span className={css.productName}>{o.productName}</span>
        <span className={css.productType}>{o.productType === 'digital' ? t('digital') : t('physical')}</span>
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
  const tr = useTranslations('orders');
  const f = useFormat();
  const timeOfDay = (iso: string) => new Date(iso).toLocaleTimeString(INTL_LOCALE[f.locale], { hour: 'numeric', minute: '2-digit' });
  const deliveryOptions = useDeliveryOptions();
  const typeOptions = [
    { value: 'physical', label: tr('physical') },
    { value: 'digital', label: tr('digital') },
  ];
  useOrderNotifications(() => void mutate());
  const filtered = Boolean(t.query.filters.q || t.query.filters.deliveryStatus || t.query.filters.productType);

  return (
    <div className={`container page ${width.w1100}`}>
      <h1 className="page-title">{tr('title')}</h1>
      <p className="page-lead">{tr('lead')}</p>
      <SectionCard title={tr('orders')}>
        <FilterBar label={tr('filter')}>
          <Input.Search
            aria-label={tr('search')}
            placeholder={tr('productName')}
            allowClear
            defaultValue={t.query.filters.q}
            onSearch={(q) => t.set({ q: q.trim() || null })}
            className={css.search}
          />
          <Select
            aria-label={tr('status')}
            placeholder={tr('anyStatus')}
            allowClear
            value={oneOf(DELIVERY_STATUSES, t.query.filters.deliveryStatus)}
            onChange={(v) => t.set({ deliveryStatus: v ?? null })}
            className={css.filter}
            options={deliveryOptions}
          />
          <Select
            aria-label={tr('type')}
            placeholder={tr('anyType')}
            allowClear
            value={oneOf(PRODUCT_TYPES, t.query.filters.productType)}
            onChange={(v) => t.set({ productType: v ?? null })}
            className={css.filter}
            options={typeOptions}
          />
        </FilterBar>
        <QueryTable<Order>
          table={table}
          errorTitle={tr('loadFailed')}
          totalLabel={(n) => tr('total', { count: n })}
          empty={
            filtered ? (
              <EmptyState title={tr('noMatchTitle')} description={tr('noMatchText')} />
            ) : (
              <EmptyState
                title={tr('emptyTitle')}
                description={tr('emptyText')}
                action={
                  <Link href="/search">
                    <Button>{tr('explore')}</Button>
                  </Link>
                }
              />
            )
          }
          cardsLabel={tr('list')}
          cardTitleKeys={['product']}
          scroll={{ x: 800 }}
          size="middle"
          onRow={(o) => ({ 'aria-label': o.performer?.name ? tr('rowLabel', { product: o.productName, creator: o.performer.name }) : tr('rowLabelDeleted', { product: o.productName }) }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'product', title: tr('product'), width: 230, render: (_, o) => <OrderProductCell order={o} /> },
            {
              key: 'createdAt',
              title: tr('date'),
              sorter: true,
              sortOrder: t.sortOrder('createdAt'),
              render: (_, o) => (
                <time dateTime={o.createdAt} className={moneyStyles.stack} title={f.fullDate(o.createdAt)}>
                  <span className={moneyStyles.nowrap}>{shortDate(o.createdAt)}</span>
                  <span className={`muted ${moneyStyles.small}`}>{timeOfDay(o.createdAt)}</span>
                </time>
              ),
            },
            { key: 'performer', title: tr('creator'), render: (_, o) => <span className={moneyStyles.nowrap}><CreatorCell user={o.performer} /></span> },
            { key: 'quantity', title: tr('qty'), align: 'right', dataIndex: 'quantity' },
            { key: 'total', title: tr('totalColumn'), align: 'right', sorter: true, sortOrder: t.sortOrder('total'), render: (_, o) => <AmountCell amount={o.total} /> },
            { key: 'deliveryStatus', title: tr('status'), render: (_, o) => <DeliveryTag status={o.deliveryStatus} /> },
            {
              key: 'trackingCode',
              title: tr('trackingCode'),
              render: (_, o) => (o.trackingCode ? <span className={css.code}>{o.trackingCode}</span> : <span className="muted">—</span>),
            },
          ]}
        />
      </SectionCard>
    </div>
  );
}
