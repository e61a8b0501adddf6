'use client';
/** An order's delivery status as the fan sees it: tag, labels, the filter's options, live refresh. */
import { Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { DELIVERY_STATUSES, type DeliveryStatus } from '@stagepass/shared';
import { useSocketEvent } from '@/lib/socket';
import type { Messages } from '@/i18n/messages';

/** Each status's name: its key in the `orders` messages. */
export const DELIVERY_LABEL: Record<DeliveryStatus, keyof Messages['orders']> = {
  processing: 'statusProcessing',
  shipping: 'statusShipping',
  delivered: 'statusDelivered',
  refunded: 'statusRefunded',
};
/** The same colours as the creator's orders (shop studio). */
const DELIVERY_COLOR: Record<DeliveryStatus, string> = { processing: 'gold', shipping: 'blue', delivered: 'green', refunded: 'red' };

/** The status tag; its text is the status name ('Shipping', 'Refunded', …). */
export function DeliveryTag({ status }: { status: DeliveryStatus }) {
  const t = useTranslations('orders');
  return (
    <Tag color={DELIVERY_COLOR[status] ?? 'default'} variant="filled">
      {DELIVERY_LABEL[status] ? t(DELIVERY_LABEL[status]) : status}
    </Tag>
  );
}

/** The status filter's options, in the page's language. */
export function useDeliveryOptions() {
  const t = useTranslations('orders');
  return DELIVERY_STATUSES.map((value) => ({ value, label: t(DELIVERY_LABEL[value]) }));
}

/** Only values the API knows leave the URL (a stale or hand-typed one would make the list a 400). */
export const oneOf = <T extends string>(list: readonly T[], v: string | undefined): T | undefined => ((list as readonly string[]).includes(v ?? '') ? (v as T) : undefined);

/**
 * Reads the orders again when an order notification arrives (the seller shipped, delivered or
 * refunded one): the socket already brings it, no polling.
 */
export function useOrderNotifications(onOrder: () => void) {
  useSocketEvent('notification/created', ({ notification }) => {
    if (notification.type === 'order') onOrder();
  });
}
