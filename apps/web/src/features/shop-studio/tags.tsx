'use client';
/** The shop studio's status tags: a product's status and type, an order's delivery status. */
import { Tag } from 'antd';
import type { AssetStatus, DeliveryStatus, ProductType } from '@stagepass/shared';

const PRODUCT_STATUS: Record<AssetStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'default' },
  active: { label: 'Active', color: 'green' },
  inactive: { label: 'Inactive', color: 'orange' },
};

export function ProductStatusTag({ status }: { status: AssetStatus }) {
  const s = PRODUCT_STATUS[status] ?? { label: status, color: 'default' };
  return <Tag color={s.color}>{s.label}</Tag>;
}

export const TYPE_LABEL: Record<ProductType, string> = { physical: 'Physical', digital: 'Digital' };

export const DELIVERY_LABEL: Record<DeliveryStatus, string> = {
  processing: 'Processing',
  shipping: 'Shipping',
  delivered: 'Delivered',
  refunded: 'Refunded',
};
const DELIVERY_COLOR: Record<DeliveryStatus, string> = { processing: 'gold', shipping: 'blue', delivered: 'green', refunded: 'red' };

export function DeliveryTag({ status }: { status: DeliveryStatus }) {
  return <Tag color={DELIVERY_COLOR[status] ?? 'default'}>{DELIVERY_LABEL[status] ?? status}</Tag>;
}

export const DELIVERY_OPTIONS = (Object.keys(DELIVERY_LABEL) as DeliveryStatus[]).map((value) => ({ value, label: DELIVERY_LABEL[value] }));
