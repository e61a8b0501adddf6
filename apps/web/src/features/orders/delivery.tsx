'use client';
/** An order's delivery status as the fan sees it: tag, labels, the filter's options, live refresh. */
import { Tag } from 'antd';
import { DELIVERY_STATUSES, type DeliveryStatus } from '@stagepass/shared';
import { useSocketEvent } from '@/lib/socket';

export const DELIVERY_LABEL: Record<DeliveryStatus, string> = {
  processing: 'Processing',
  shipping: 'Shipping',
  delivered: 'Delivered',
  refunded: 'Refunded',
};
/** The same colours as the creator's orders (shop studio). */
const DELIVERY_COLOR: Record<DeliveryStatus, string> = { processing: 'gold', shipping: 'blue', delivered: 'green', refunded: 'red' };

/** The status tag; its text is the status name ('Shipping', 'Refunded', …). */
export function DeliveryTag({ status }: { status: DeliveryStatus }) {
  return (
    <Tag color={DELIVERY_COLOR[status] ?? 'default'} variant="filled">
      {DELIVERY_LABEL[status] ?? status}
    </Tag>
  );
}

export const DELIVERY_OPTIONS = DELIVERY_STATUSES.map((value) => ({ value, label: DELIVERY_LABEL[value] }));

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
