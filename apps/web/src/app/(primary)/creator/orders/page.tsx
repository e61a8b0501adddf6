import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import SellerOrders from '@/features/shop-studio/SellerOrders';

export const metadata: Metadata = { title: 'Orders' };

export default async function SellerOrdersPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <SellerOrders />
    </Suspense>
  );
}
