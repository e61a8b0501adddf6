import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminReports from '@/features/admin-moderation/AdminReports';

export const metadata: Metadata = { title: 'Reports' };

/** /admin/reports: the reports queue, grouped by reported item (admin guard: the console's layout). */
export default function AdminReportsPage() {
  return (
    <Suspense>
      <AdminReports />
    </Suspense>
  );
}
