import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminPayouts from '@/features/admin-payouts/AdminPayouts';

export const metadata: Metadata = { title: 'Payout requests' };

/** /admin/payouts: the payout review table (admin guard: the console's layout). */
export default function AdminPayoutsPage() {
  return (
    <Suspense>
      <AdminPayouts />
    </Suspense>
  );
}
