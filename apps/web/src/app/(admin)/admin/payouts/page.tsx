import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import AdminPayouts from '@/features/admin/AdminPayouts';

export const metadata: Metadata = { title: 'Payout requests' };

export default async function AdminPayoutsPage() {
  const g = await guardPage({ adminOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <AdminPayouts />
    </Suspense>
  );
}
