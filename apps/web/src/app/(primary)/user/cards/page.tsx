import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import CardsPage from '@/features/cards/CardsPage';

export const metadata: Metadata = { title: 'Payment cards' };

export default async function CardsRoute() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <CardsPage />
    </Suspense>
  );
}
