import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import Payouts from '@/features/payouts/Payouts';

export const metadata: Metadata = { title: 'Payouts' };

export default async function PayoutsPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <Payouts />
    </Suspense>
  );
}
