import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import SubscriptionsPage from '@/features/subscriptions/SubscriptionsPage';

export const metadata: Metadata = { title: 'Subscriptions' };

export default async function SubscriptionsRoute() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <SubscriptionsPage />
    </Suspense>
  );
}
