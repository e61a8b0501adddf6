'use client';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { Alert, Button, Card, Skeleton, Timeline, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import CoverImage from '@/components/CoverImage';
import { ArrowLeftOutlined, CarOutlined, CheckCircleOutlined, PictureOutlined, RollbackOutlined, ShoppingOutlined } from '@ant-design/icons';
import type { Order } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useFormat } from '@/lib/format';
import { useSpecText } from '@/i18n/spec';
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
  const t = useTranslations('orders');
  const { money, fullDate } = useFormat();
  const digital = o.productType === 'digital';
  const items = [
    { key: 'ordered', icon: <ShoppingOutlined />, color: 'green', title: t('stepOrdered'), at: o.createdAt, done: true },
    ...(digital
      ? []
      : [
          {
            key: 'shipped',
            icon: <CarOutlined />,
            color: o.shippedAt ? 'green' : 'gray',
            title: o.shippedAt ? t('stepShipped') : o.deliveryStatus === 'processing' ? t('stepWaiting') : t('stepNotShipped'),
            at: o.shippedAt,
            done: Boolean(o.shippedAt),
          },
        ]),
    ...(o.deliveryStatus === 'refunded'
      ? [{ key: 'refunded', icon: <RollbackOutlined />, color: 'red', title: t('stepRefunded', { amount: money(o.total) }), at: o.refundedAt, done: true }]
      : [
          {
            key: 'delivered',
            icon: <CheckCircleOutlined />,
            color: o.deliveryStatus === 'delivered' ? 'green' : 'gray',
            title: digital ? t('stepReady') : o.deliveryStatus === 'delivered' ? t('stepDelivered') : t('stepNotDelivered'),
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
  const t = useTranslations('orders');
  const a = o.deliveryAddress;
  if (!a) return <p className="muted">{t('noAddress')}</p>;
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
  const t = useTranslations('orders');
  const specText = useSpecText();
  const { money, fullDate } = useFormat();
  const changeMounted = useLatch(changing);
  useOrderNotifications(() => void mutate());

  const back = (
    <Link href="/user/orders" className={css.back}>
      <Button type="text" icon={<ArrowLeftOutlined />}>
        {t('title')}
      </Button>
    </Link>
  );

  if (isLoading && !o)
    return (
      <div className={`container page ${css.detailPage}`}>
        {back}
        <Card aria-busy="true" aria-label={t('loadingOrder')}>
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
            <EmptyState title={t('notHereTitle')} description={t('notHereText')} />
          ) : (
            <ErrorState title={t('orderLoadFailed')} message={specText(errorText(error))} onRetry={() => void mutate()} />
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
        {t.rich('orderedLine', { date: fullDate(o.createdAt), id: o._id.slice(-8), mono: (c) => <span className={css.mono}>{c}</span> })}
      </p>
      <div className={css.detailGrid}>
        <div className={css.column}>
          <Card title={t('product')} size="small" className={css.card}>
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
                <span className="muted">{physical ? t('physicalProduct') : t('digitalProduct')}</span>
                <span className={css.sellerLine}>
                  {t.rich('soldBy', { creator: () => <CreatorCell user={o.performer} /> })}
                </span>
              </div>
            </div>
            {!physical && o.deliveryStatus !== 'refunded' && o.productId && (
              <div className={css.download}>
                <DownloadButton productId={o.productId} />
                <span className="muted">{t('downloadAgain')}</span>
              </div>
            )}
            {o.note && (
              <div className={css.note}>
                <span className={css.noteLabel}>{t('yourNote')}</span>
                <p>{o.note}</p>
              </div>
            )}
          </Card>
          <Card title={t('delivery')} size="small" className={css.card}>
            <DeliveryTimeline order={o} />
            {physical && (
              <dl className={css.tracking}>
                <dt>{t('trackingCode')}</dt>
                <dd>{o.trackingCode ? <Typography.Text copyable={{ tooltips: [t('copyTracking'), t('copied')] }}>{o.trackingCode}</Typography.Text> : <span className="muted">{t('notShippedYet')}</span>}</dd>
              </dl>
            )}
          </Card>
        </div>
        <div className={css.column}>
          <Card title={t('payment')} size="small" className={css.card}>
            <dl className={css.amounts}>
              <div>
                <dt>
                  {o.quantity} × {money(o.unitPrice)}
                </dt>
                <dd>{money(Math.round(o.unitPrice * o.quantity * 100) / 100)}</dd>
              </div>
              {physical && (
                <div>
                  <dt>{t('shipping')}</dt>
                  <dd>{o.shippingFee > 0 ? money(o.shippingFee) : t('free')}</dd>
                </div>
              )}
              <div className={css.amountTotal}>
                <dt>{t('totalPaid')}</dt>
                <dd>{money(o.total)}</dd>
              </div>
            </dl>
            {o.deliveryStatus === 'refunded' && <Alert type="info" showIcon title={t('refundedAlert', { amount: money(o.total) })} />}
          </Card>
          {physical && (
            <Card
              title={t('deliveryAddress')}
              size="small"
              className={css.card}
              extra={
                canChange && !changing ? (
                  <Button size="small" onClick={() => setChanging(true)}>
                    {t('changeAddress')}
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
              {!canChange && o.deliveryStatus !== 'refunded' && <p className={`muted ${css.small}`}>{t('addressLocked')}</p>}
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}
