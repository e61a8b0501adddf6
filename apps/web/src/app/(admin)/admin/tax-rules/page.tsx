import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminTaxRules from '@/features/admin-money/AdminTaxRules';

export const metadata: Metadata = { title: 'Tax rules' };

/** /admin/tax-rules (console: Money → Tax rules; admin guard: the console's layout). */
export default function AdminTaxRulesPage() {
  return (
    <Suspense>
      <AdminTaxRules />
    </Suspense>
  );
}
