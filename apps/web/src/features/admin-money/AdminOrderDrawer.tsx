'use client';
/**
 * One order for the operator (GET /orders/{id}, the row as the first answer): what was bought, by
 * whom from whom, the delivery, and the moves the delivery allows (PUT /orders/{id}/update, audited
 * for operators): `Mark as shipping` (tracking code), `Mark as delivered`, `Refund` — once: a
 * confirm dialog says what goes back; a second refund (409), a creator already paid out (422) and
 * any other refusal show the API's words.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Descriptions, Drawer, Input, Modal, Space, Tag, Typography } from 'antd';
import { CarOutlined, CheckOutlined, RollbackOutlined } from '@ant-design/icons';
import { TRACKING_CODE_MAX, canMoveDelivery, type DeliveryStatus, type Order } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { fullDate, money } from '@/lib/format';
import { Money, MoneyUserCell } from '@/components/money/money-ui';
import { DELIVERY } from './labels';
import css from './admin-money.module.css';

const DONE: Partial<Record<DeliveryStatus, string>> = { shipping: 'Marked as shipping', delivered: 'Marked as delivered', refunded: 'Order refunded' };

function address(o: Order): string {
  const a = o.deliveryAddress;
  if (o.productType === 'digital') return 'A digital product (downloaded by the buyer).';
  if (!a) return 'No delivery address.';
  return [a.recipientName, a.streetAddress, [a.city, a.state, a.zipCode].filter(Boolean).join(', '), a.country, a.phone].filter(Boolean).join('\n');
}

export default function AdminOrderDrawer({ order: row, onClose, onChanged }: { order: Order | null; onClose: () => void; onChanged: (o: Order) => void }) {
  const { message } = App.useApp();
  const { data, mutate } = useRoute(routes.orders.get, row ? { params: { id: row._id } } : null, { fallbackData: row ?? undefined, revalidateOnFocus: false });
  const order = row ? (data ?? row) : null;
  const [busy, setBusy] = useState<DeliveryStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shipping, setShipping] = useState(false);
  const [tracking, setTracking] = useState('');
  const [trackingError, setTrackingError] = useState<string | null>(null);
  const [refunding, setRefunding] = useState(false);
  const [refundError, setRefundError] = useState<string | null>(null);

  useEffect(() => {
    setError(null);
    setShipping(false);
    setTracking('');
    setTrackingError(null);
    setRefunding(false);
    setRefundError(null);
  }, [row?._id]);

  const move = async (to: DeliveryStatus, trackingCode?: string): Promise<boolean> => {
    if (!order) return false;
    setBusy(to);
    setError(null);
    setRefundError(null);
    try {
      const updated = await call(routes.orders.update, { params: { id: order._id }, body: { deliveryStatus: to, ...(trackingCode ? { trackingCode } : {}) } });
      void mutate(updated, { revalidate: false });
      onChanged(updated);
      message.success(DONE[to] ?? 'Order updated');
      setShipping(false);
      return true;
    } catch (e) {
      const fe = fieldErrors(e);
      if (fe.trackingCode) setTrackingError(fe.trackingCode);
      else if (to === 'refunded') setRefundError(errorText(e));
      else setError(errorText(e));
      // It may have moved elsewhere (the seller, another operator): read it again, and the row with it.
      void mutate().then((fresh) => fresh && onChanged(fresh));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const ship = () => {
    const code = tracking.trim();
    if (!code) return setTrackingError('Enter the tracking code');
    void move('shipping', code);
  };
  const can = (to: DeliveryStatus) => Boolean(order && canMoveDelivery(order.deliveryStatus, to));

  return (
    <Drawer open={Boolean(row)} onClose={onClose} title="Order" size="min(520px, 100vw)" closable={{ 'aria-label': 'Close' }} destroyOnHidden>
      {order && (
        <>
          <Space align="center" wrap className={css.drawerHead}>
            <Typography.Title level={3} className={css.drawerTitle}>
              {order.productName}
            </Typography.Title>
            <Tag color={DELIVERY[order.deliveryStatus].color} variant="filled">
              {DELIVERY[order.deliveryStatus].label}
            </Tag>
          </Space>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'date', label: 'Ordered', children: fullDate(order.createdAt) },
              { key: 'buyer', label: 'Buyer', children: <MoneyUserCell user={order.buyer} /> },
              { key: 'seller', label: 'Creator', children: <MoneyUserCell user={order.performer} /> },
              { key: 'type', label: 'Type', children: order.productType === 'digital' ? 'Digital' : 'Physical' },
              { key: 'qty', label: 'Quantity', children: order.quantity },
              { key: 'unit', label: 'Unit price', children: <Money value={order.unitPrice} /> },
              { key: 'ship', label: 'Shipping fee', children: <Money value={order.shippingFee} /> },
              { key: 'total', label: 'Total paid', children: <Money value={order.total} strong /> },
              ...(order.trackingCode ? [{ key: 'tracking', label: 'Tracking code', children: <span className={css.mono}>{order.trackingCode}</span> }] : []),
              ...(order.shippedAt ? [{ key: 'shipped', label: 'Shipped', children: fullDate(order.shippedAt) }] : []),
              ...(order.deliveredAt ? [{ key: 'delivered', label: 'Delivered', children: fullDate(order.deliveredAt) }] : []),
              ...(order.refundedAt ? [{ key: 'refunded', label: 'Refunded', children: fullDate(order.refundedAt) }] : []),
              { key: 'id', label: 'Order id', children: <span className={css.mono}>{order._id}</span> },
            ]}
          />
          <section className={css.section} aria-label="Delivery">
            <Typography.Title level={4} className={css.drawerTitle}>
              Delivery
            </Typography.Title>
            <p className={css.note}>{address(order)}</p>
            {order.note && <p className={css.note}>Buyer&apos;s note: {order.note}</p>}
          </section>
          {(can('shipping') || can('delivered') || can('refunded')) && (
            <section className={css.section} aria-label="Actions">
              <Typography.Title level={4} className={css.drawerTitle}>
                Actions
              </Typography.Title>
              {error && <Alert type="error" showIcon title={error} role="alert" />}
              {can('shipping') && shipping && (
                <div className={css.filter}>
                  <label htmlFor="admin-tracking-code">Tracking code</label>
                  <Input id="admin-tracking-code" value={tracking} maxLength={TRACKING_CODE_MAX} autoFocus status={trackingError ? 'error' : undefined} aria-invalid={Boolean(trackingError)} onChange={(e) => { setTracking(e.target.value); setTrackingError(null); }} onPressEnter={ship} />
                  {trackingError && <Typography.Text type="danger" role="alert">{trackingError}</Typography.Text>}
                  <Space wrap>
                    <Button type="primary" onClick={ship} loading={busy === 'shipping'}>
                      Confirm
                    </Button>
                    <Button onClick={() => setShipping(false)} disabled={busy !== null}>
                      Cancel
                    </Button>
                  </Space>
                </div>
              )}
              <Space wrap>
                {can('shipping') && !shipping && (
                  <Button icon={<CarOutlined />} onClick={() => setShipping(true)} disabled={busy !== null}>
                    Mark as shipping
                  </Button>
                )}
                {can('delivered') && (
                  <Button icon={<CheckOutlined />} onClick={() => void move('delivered')} loading={busy === 'delivered'} disabled={busy !== null && busy !== 'delivered'}>
                    Mark as delivered
                  </Button>
                )}
                {can('refunded') && (
                  <Button danger icon={<RollbackOutlined />} onClick={() => { setRefundError(null); setRefunding(true); }} disabled={busy !== null}>
                    Refund
                  </Button>
                )}
              </Space>
            </section>
          )}
          {refundError && !refunding && <Alert className={css.section} type="error" showIcon title={refundError} role="alert" />}
          <Modal
            open={refunding}
            title="Refund this order?"
            okText="Refund"
            okButtonProps={{ danger: true }}
            confirmLoading={busy === 'refunded'}
            onOk={async () => {
              if (await move('refunded')) setRefunding(false);
            }}
            onCancel={() => setRefunding(false)}
          >
            <p>
              {order.buyer?.name || 'The buyer'} gets {money(order.total)} back in their wallet; {order.performer?.name || 'the creator'}&apos;s earnings and the site&apos;s commission from this sale are taken back
              {order.productType === 'physical' ? ', and the stock is restored' : ''}. An order is refunded once; this cannot be undone.
            </p>
            {refundError && <Alert type="error" showIcon title={refundError} role="alert" />}
          </Modal>
        </>
      )}
    </Drawer>
  );
}
