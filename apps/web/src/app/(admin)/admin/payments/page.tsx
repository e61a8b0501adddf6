import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminPayments from '@/features/admin-money/AdminPayments';

export const metadata: Metadata = { title: 'Card payments' };

/** /admin/payments (console: Money → Card payments; admin guard: the console's layout). */
export default function AdminPaymentsPage() {
  return (
    <Suspense>
      <AdminPayments />
    </Suspense>
  );
}
