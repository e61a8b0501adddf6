import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminTaxReport from '@/features/admin-money/AdminTaxReport';

export const metadata: Metadata = { title: 'Tax report' };

/** /admin/taxes/report (console: Money → Tax report; admin guard: the console's layout). */
export default function AdminTaxReportPage() {
  return (
    <Suspense>
      <AdminTaxReport />
    </Suspense>
  );
}
