import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import TransactionsPage from '@/features/payments/TransactionsPage';

export const metadata: Metadata = { title: 'Transactions' };

export default async function TransactionsRoute() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <TransactionsPage />
    </Suspense>
  );
}
