import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import AddressesPage from '@/features/addresses/AddressesPage';

export const metadata: Metadata = { title: 'Addresses' };

export default async function AddressesRoute() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <AddressesPage />
    </Suspense>
  );
}
