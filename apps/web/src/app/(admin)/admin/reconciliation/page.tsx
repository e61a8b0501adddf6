import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminReconciliation from '@/features/admin-money/AdminReconciliation';

export const metadata: Metadata = { title: 'Reconciliation' };

/** /admin/reconciliation (console: Money → Reconciliation; admin guard: the console's layout). */
export default function AdminReconciliationPage() {
  return (
    <Suspense>
      <AdminReconciliation />
    </Suspense>
  );
}
