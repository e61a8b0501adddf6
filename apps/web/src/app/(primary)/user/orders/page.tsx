import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import OrdersPage from '@/features/orders/OrdersPage';

export const metadata: Metadata = { title: 'My orders' };

export default async function OrdersRoute() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <OrdersPage />
    </Suspense>
  );
}
