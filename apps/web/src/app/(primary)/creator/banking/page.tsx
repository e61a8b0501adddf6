import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import Banking from '@/features/banking/Banking';

export const metadata: Metadata = { title: 'Banking and payout method' };

export default async function BankingPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <Banking />
    </Suspense>
  );
}
