'use client';
import { useState } from 'react';
import { Alert, App, Button, Flex } from 'antd';
import { useTranslations } from 'next-intl';
import type { Order } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { revalidateRoutes } from '@/lib/swr';
import AddressPicker from '@/features/shop/AddressPicker';
import { useSpecText } from '@/i18n/spec';
import css from './orders.module.css';

/**
 * The buyer moves a processing order to another of their addresses (PUT
 * /orders/{id}/update/delivery-address): pick one (or add one), then Use this address. A refusal
 * (409: the order left meanwhile) is shown and the order read again.
 */
export default function ChangeAddress({ order, onCancel, onSaved }: { order: Order; onCancel: () => void; onSaved: (o: Order) => void }) {
  const { message } = App.useApp();
  const t = useTranslations('orders');
  const specText = useSpecText();
  const [addressId, setAddressId] = useState<string | null>(order.deliveryAddressId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    if (!addressId) return;
    setBusy(true);
    setError(null);
    try {
      const next = await call(routes.orders.updateAddress, { params: { id: order._id }, body: { deliveryAddressId: addressId } });
      message.success(t('addressChanged'));
      void revalidateRoutes(routes.orders.searchOwn);
      onSaved(next);
    } catch (e) {
      setError(specText(errorText(e)));
      void revalidateRoutes(routes.orders.get);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={css.change}>
      <AddressPicker value={addressId} onChange={setAddressId} preselect={false} />
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      <Flex gap={8} justify="flex-end">
        <Button onClick={onCancel}>{t('cancel')}</Button>
        <Button type="primary" loading={busy} disabled={!addressId || addressId === order.deliveryAddressId} onClick={() => void save()}>
          {t('useAddress')}
        </Button>
      </Flex>
    </div>
  );
}
