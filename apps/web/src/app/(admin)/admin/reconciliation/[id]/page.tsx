import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminReconciliationRun from '@/features/admin-money/AdminReconciliationRun';

export const metadata: Metadata = { title: 'Reconciliation run' };

/** /admin/reconciliation/{id}: one run's totals and mismatches (admin guard: the console's layout). */
export default async function AdminReconciliationRunPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense>
      <AdminReconciliationRun id={id} />
    </Suspense>
  );
}
