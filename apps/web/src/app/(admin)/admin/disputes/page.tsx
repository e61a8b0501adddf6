import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminDisputes from '@/features/admin-money/AdminDisputes';

export const metadata: Metadata = { title: 'Disputes' };

/** /admin/disputes (console: Money → Disputes; admin guard: the console's layout). */
export default function AdminDisputesPage() {
  return (
    <Suspense>
      <AdminDisputes />
    </Suspense>
  );
}
