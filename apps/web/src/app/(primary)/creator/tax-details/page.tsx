import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import TaxDetails from '@/features/taxes/TaxDetails';

export const metadata: Metadata = { title: 'Tax details' };

/** /creator/tax-details: the W-9 or W-8BEN a creator gives before their first payout (issue 29 §4). */
export default async function TaxDetailsPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <TaxDetails />
    </Suspense>
  );
}
