'use client';
/**
 * One order to fulfil (GET /orders/{id}, the row as the first answer) in a side drawer: what was
 * bought, the delivery address and the buyer's note, and the moves the delivery allows
 * (PUT /orders/{id}/update): `Mark as shipping` (a tracking code is required), `Mark as delivered`,
 * `Refund` (a confirm dialog saying what the buyer gets back). Refusals (409 already moved or
 * refunded, 422 earnings already paid out) are shown as the API words them. The same drawer serves
 * the operator's /admin/orders (`operator`: titled `Order`, with the creator and the order id; the
 * API audits an operator's moves).
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Descriptions, Drawer, Input, Modal, Space, Typography } from 'antd';
import { CarOutlined, CheckOutlined, RollbackOutlined } from '@ant-design/icons';
import { TRACKING_CODE_MAX, canMoveDelivery, type DeliveryStatus, type Order } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText, fieldErrors } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { fullDate } from '@/lib/format';
import { useCountryOptions } from '@/components/form/useCountries';
import { Money, MoneyUserCell } from '@/components/money/money-ui';
import { DeliveryTag, TYPE_LABEL } from './tags';
import { refundText } from './order-format';
import css from './shop-studio.module.css';

const DONE: Partial<Record<DeliveryStatus, string>> = { shipping: 'Marked as shipping', delivered: 'Marked as delivered', refunded: 'Order refunded' };

function AddressBlock({ order }: { order: Order }) {
  const countries = useCountryOptions();
  const a = order.deliveryAddress;
  if (order.productType === 'digital') return <p className="muted">A digital product: the buyer downloads it from their orders.</p>;
  if (!a) return <p className="muted">No delivery address.</p>;
  const country = countries.options.find((c) => c.value === a.country)?.label ?? a.country;
  return (
    <address className={css.note}>
      <strong>{a.recipientName}</strong>
      {'\n'}
      {a.streetAddress}
      {'\n'}
      {[a.city, a.state, a.zipCode].filter(Boolean).join(', ')}
      {'\n'}
      {country}
      {a.phone ? `\n${a.phone}` : ''}
      {a.description ? `\n${a.description}` : ''}
    </address>
  );
}

export interface OrderDrawerProps {
  open: boolean;
  order: Order | null;
  onClose: () => void;
  onChanged: (o: Order) => void;
  /** The operator's console: the creator and the order id shown, the refund worded for a third party. */
  operator?: boolean;
}

export default function OrderDrawer({ open, order: row, onClose, onChanged, operator = false }: OrderDrawerProps) {
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

  // A new order in the drawer starts clean.
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
      // The order may have moved elsewhere (another tab, an admin): read it again, and the row with it.
      void mutate().then((fresh) => fresh && onChanged(fresh));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const ship = () => {
    const code = tracking.trim();
    if (!code) return setTrackingError('Enter the tracking code');
    if (code.length > TRACKING_CODE_MAX) return setTrackingError(`At most ${TRACKING_CODE_MAX} characters`);
    void move('shipping', code);
  };

  const can = (to: DeliveryStatus) => Boolean(order && canMoveDelivery(order.deliveryStatus, to));
  const anyMove = can('shipping') || can('delivered') || can('refunded');

  return (
    <Drawer open={open && Boolean(row)} onClose={onClose} title={operator ? 'Order' : 'Manage order'} size="min(480px, 100vw)" closable={{ 'aria-label': 'Close' }} destroyOnHidden>
      {order && (
        <>
          <Space align="center" wrap className={css.drawerHead}>
            <Typography.Title level={3} className={css.drawerTitle}>
              {order.productName}
            </Typography.Title>
            <DeliveryTag status={order.deliveryStatus} />
          </Space>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'date', label: 'Ordered', children: fullDate(order.createdAt) },
              { key: 'buyer', label: 'Buyer', children: <MoneyUserCell user={order.buyer} /> },
              ...(operator ? [{ key: 'seller', label: 'Creator', children: <MoneyUserCell user={order.performer} /> }] : []),
              { key: 'type', label: 'Type', children: TYPE_LABEL[order.productType] },
              { key: 'qty', label: 'Quantity', children: order.quantity },
              { key: 'unit', label: 'Unit price', children: <Money value={order.unitPrice} /> },
              ...(order.productType === 'physical' ? [{ key: 'ship', label: 'Shipping fee', children: <Money value={order.shippingFee} /> }] : []),
              { key: 'total', label: 'Total', children: <Money value={order.total} strong /> },
              ...(order.trackingCode ? [{ key: 'tracking', label: 'Tracking code', children: <span className={css.tracking}>{order.trackingCode}</span> }] : []),
              ...(order.shippedAt ? [{ key: 'shipped', label: 'Shipped', children: fullDate(order.shippedAt) }] : []),
              ...(order.deliveredAt ? [{ key: 'delivered', label: 'Delivered', children: fullDate(order.deliveredAt) }] : []),
              ...(order.refundedAt ? [{ key: 'refunded', label: 'Refunded', children: fullDate(order.refundedAt) }] : []),
              ...(order.productType === 'digital' ? [{ key: 'dl', label: 'Downloads', children: order.totalDownload }] : []),
              ...(operator ? [{ key: 'id', label: 'Order id', children: <span className={css.tracking}>{order._id}</span> }] : []),
            ]}
          />
          <section className={css.drawerSection} aria-label="Delivery address">
            <Typography.Title level={4} className={css.drawerTitle}>
              Delivery address
            </Typography.Title>
            <AddressBlock order={order} />
          </section>
          <section className={css.drawerSection} aria-label="Buyer's note">
            <Typography.Title level={4} className={css.drawerTitle}>
              Buyer&apos;s note
            </Typography.Title>
            {order.note ? <p className={css.note}>{order.note}</p> : <p className="muted">No note.</p>}
          </section>
          {anyMove && (
            <section className={`${css.drawerSection} ${css.actions}`} aria-label="Actions">
              <Typography.Title level={4} className={css.drawerTitle}>
                Update the order
              </Typography.Title>
              {error && <Alert type="error" showIcon title={error} role="alert" />}
              {can('shipping') && shipping && (
                <div className={css.shipForm}>
                  <label htmlFor="tracking-code">Tracking code</label>
                  <Input
                    id="tracking-code"
                    value={tracking}
                    maxLength={TRACKING_CODE_MAX}
                    // eslint-disable-next-line jsx-a11y/no-autofocus -- the field the user just asked for (Mark as shipping): focus follows the action instead of staying on a button that is gone
                    autoFocus
                    status={trackingError ? 'error' : undefined}
                    aria-invalid={Boolean(trackingError)}
                    aria-describedby={trackingError ? 'tracking-code-error' : undefined}
                    onChange={(e) => {
                      setTracking(e.target.value);
                      setTrackingError(null);
                    }}
                    onPressEnter={ship}
                    placeholder="e.g. 1Z999AA10123456784"
                  />
                  {trackingError && (
                    <Typography.Text type="danger" id="tracking-code-error" role="alert">
                      {trackingError}
                    </Typography.Text>
                  )}
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
                  <Button type="primary" icon={<CarOutlined />} onClick={() => setShipping(true)} disabled={busy !== null}>
                    Mark as shipping
                  </Button>
                )}
                {can('delivered') && (
                  <Button type="primary" icon={<CheckOutlined />} onClick={() => void move('delivered')} loading={busy === 'delivered'} disabled={busy !== null && busy !== 'delivered'}>
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
            <p>{refundText(order, operator)}</p>
            <p className="muted">{operator ? "The creator's earnings and the site's commission from this sale are taken back. An order is refunded once; this cannot be undone." : 'Your earnings from this sale are taken back. This cannot be undone.'}</p>
            {refundError && <Alert type="error" showIcon title={refundError} role="alert" />}
          </Modal>
        </>
      )}
    </Drawer>
  );
}
