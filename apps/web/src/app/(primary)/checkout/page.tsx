import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import CheckoutPage from '@/features/shop/CheckoutPage';

export const metadata: Metadata = { title: 'Checkout' };

export default async function CheckoutRoute() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <CheckoutPage />
    </Suspense>
  );
}
