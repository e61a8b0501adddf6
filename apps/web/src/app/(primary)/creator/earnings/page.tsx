import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import Earnings from '@/features/earnings/Earnings';

export const metadata: Metadata = { title: 'Earnings' };

export default async function EarningsPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <Earnings />
    </Suspense>
  );
}
