'use client';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { Alert, Button, Card, Skeleton, Timeline, Typography } from 'antd';
import CoverImage from '@/components/CoverImage';
import { ArrowLeftOutlined, CarOutlined, CheckCircleOutlined, PictureOutlined, RollbackOutlined, ShoppingOutlined } from '@ant-design/icons';
import type { Order } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { fullDate, money } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { useLatch } from '@/lib/use-latch';
import { useCountryOptions } from '@/components/form/useCountries';
import { CreatorCell } from '@/components/money/cells';
import { EmptyState, ErrorState } from '@/components/states';
import DownloadButton from '@/features/shop/DownloadButton';
import { DeliveryTag, useOrderNotifications } from './delivery';
import css from './orders.module.css';

/** The address picker and its save, fetched when the buyer first changes the address. */
const ChangeAddress = dynamic(() => import('./ChangeAddress'), { ssr: false });

/** Ordered → shipped (tracking code) → delivered, or refunded; digital orders are delivered at once. */
function DeliveryTimeline({ order: o }: { order: Order }) {
  const digital = o.productType === 'digital';
  const items = [
    { key: 'ordered', icon: <ShoppingOutlined />, color: 'green', title: 'Ordered', at: o.createdAt, done: true },
    ...(digital
      ? []
      : [
          {
            key: 'shipped',
            icon: <CarOutlined />,
            color: o.shippedAt ? 'green' : 'gray',
            title: o.shippedAt ? 'Shipped' : o.deliveryStatus === 'processing' ? 'Waiting to be shipped' : 'Not shipped',
            at: o.shippedAt,
            done: Boolean(o.shippedAt),
          },
        ]),
    ...(o.deliveryStatus === 'refunded'
      ? [{ key: 'refunded', icon: <RollbackOutlined />, color: 'red', title: `Refunded: ${money(o.total)} back in your wallet`, at: o.refundedAt, done: true }]
      : [
          {
            key: 'delivered',
            icon: <CheckCircleOutlined />,
            color: o.deliveryStatus === 'delivered' ? 'green' : 'gray',
            title: digital ? 'Ready to download' : o.deliveryStatus === 'delivered' ? 'Delivered' : 'Not delivered yet',
            at: o.deliveredAt ?? (digital ? o.createdAt : null),
            done: o.deliveryStatus === 'delivered',
          },
        ]),
  ];
  return (
    <Timeline
      className={css.timeline}
      items={items.map((it) => ({
        key: it.key,
        color: it.color,
        icon: it.icon,
        content: (
          <div className={it.done ? undefined : css.pending}>
            <div className={css.stepTitle}>{it.title}</div>
            {it.at && <time dateTime={it.at} className={css.stepTime}>{fullDate(it.at)}</time>}
          </div>
        ),
      }))}
    />
  );
}

function Address({ order: o }: { order: Order }) {
  const countries = useCountryOptions();
  const a = o.deliveryAddress;
  if (!a) return <p className="muted">No address on this order.</p>;
  const country = countries.options.find((c) => c.value === a.country)?.label ?? a.country;
  const place = [a.city, [a.state, a.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <address className={css.address}>
      <strong>{a.recipientName}</strong>
      <span>{a.streetAddress}</span>
      <span>{place}</span>
      <span>{country}</span>
      {a.phone && <span>{a.phone}</span>}
      {a.description && <span className="muted">{a.description}</span>}
    </address>
  );
}

/**
 * /user/orders/[id]: one of the fan's orders (GET /orders/{id}) — the product and seller, the
 * amounts, the delivery timeline with the tracking code, the delivery address (changeable while
 * processing: PUT /orders/{id}/update/delivery-address), Download for a digital product. Read again
 * on focus and when an order notification arrives.
 */
export default function OrderDetail({ id }: { id: string }) {
  const { data: o, error, isLoading, mutate } = useRoute(routes.orders.get, { params: { id } });
  const [changing, setChanging] = useState(false);
  const changeMounted = useLatch(changing);
  useOrderNotifications(() => void mutate());

  const back = (
    <Link href="/user/orders" className={css.back}>
      <Button type="text" icon={<ArrowLeftOutlined />}>
        My orders
      </Button>
    </Link>
  );

  if (isLoading && !o)
    return (
      <div className={`container page ${css.detailPage}`}>
        {back}
        <Card aria-busy="true" aria-label="Loading order">
          <Skeleton active avatar paragraph={{ rows: 6 }} />
        </Card>
      </div>
    );
  if (!o)
    return (
      <div className={`container page ${css.detailPage}`}>
        {back}
        <Card>
          {(error as { statusCode?: number } | undefined)?.statusCode === 404 ? (
            <EmptyState title="This order isn't here" description="It may belong to another account." />
          ) : (
            <ErrorState title="This order didn't load" message={errorText(error)} onRetry={() => void mutate()} />
          )}
        </Card>
      </div>
    );

  const physical = o.productType === 'physical';
  const canChange = physical && o.deliveryStatus === 'processing';

  return (
    <div className={`container page ${css.detailPage}`}>
      {back}
      <div className={css.titleRow}>
        <h1 className={`page-title ${css.title}`}>{o.productName}</h1>
        <DeliveryTag status={o.deliveryStatus} />
      </div>
      <p className="page-lead">
        Ordered {fullDate(o.createdAt)} · order <span className={css.mono}>{o._id.slice(-8)}</span>
      </p>
      <div className={css.detailGrid}>
        <div className={css.column}>
          <Card title="Product" size="small" className={css.card}>
            <div className={css.productRow}>
              <span className={css.bigThumb} aria-hidden="true">
                {o.productImage ? <CoverImage src={o.productImage} /> : <PictureOutlined />}
              </span>
              <div className={css.productText}>
                {o.productId ? (
                  <Link href={`/product/${o.productId}`} className={css.productLink}>
                    {o.productName}
                  </Link>
                ) : (
                  <span className={css.productLink}>{o.productName}</span>
                )}
                <span className="muted">{physical ? 'Physical product' : 'Digital product'}</span>
                <span className={css.sellerLine}>
                  Sold by <CreatorCell user={o.performer} />
                </span>
              </div>
            </div>
            {!physical && o.deliveryStatus !== 'refunded' && o.productId && (
              <div className={css.download}>
                <DownloadButton productId={o.productId} />
                <span className="muted">Download it again whenever you like.</span>
              </div>
            )}
            {o.note && (
              <div className={css.note}>
                <span className={css.noteLabel}>Your note</span>
                <p>{o.note}</p>
              </div>
            )}
          </Card>
          <Card title="Delivery" size="small" className={css.card}>
            <DeliveryTimeline order={o} />
            {physical && (
              <dl className={css.tracking}>
                <dt>Tracking code</dt>
                <dd>{o.trackingCode ? <Typography.Text copyable={{ tooltips: ['Copy tracking code', 'Copied'] }}>{o.trackingCode}</Typography.Text> : <span className="muted">Not shipped yet</span>}</dd>
              </dl>
            )}
          </Card>
        </div>
        <div className={css.column}>
          <Card title="Payment" size="small" className={css.card}>
            <dl className={css.amounts}>
              <div>
                <dt>
                  {o.quantity} × {money(o.unitPrice)}
                </dt>
                <dd>{money(Math.round(o.unitPrice * o.quantity * 100) / 100)}</dd>
              </div>
              {physical && (
                <div>
                  <dt>Shipping</dt>
                  <dd>{o.shippingFee > 0 ? money(o.shippingFee) : 'Free'}</dd>
                </div>
              )}
              <div className={css.amountTotal}>
                <dt>Total paid from your wallet</dt>
                <dd>{money(o.total)}</dd>
              </div>
            </dl>
            {o.deliveryStatus === 'refunded' && <Alert type="info" showIcon title={`Refunded: ${money(o.total)} went back to your wallet.`} />}
          </Card>
          {physical && (
            <Card
              title="Delivery address"
              size="small"
              className={css.card}
              extra={
                canChange && !changing ? (
                  <Button size="small" onClick={() => setChanging(true)}>
                    Change address
                  </Button>
                ) : null
              }
            >
              {changing ? null : <Address order={o} />}
              {changeMounted && changing && (
                <ChangeAddress
                  order={o}
                  onCancel={() => setChanging(false)}
                  onSaved={(next) => {
                    setChanging(false);
                    void mutate(next, { revalidate: false });
                  }}
                />
              )}
              {!canChange && o.deliveryStatus !== 'refunded' && <p className={`muted ${css.small}`}>The address can no longer change: the order has left.</p>}
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}
