import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminReferrals from '@/features/admin-money/AdminReferrals';

export const metadata: Metadata = { title: 'Referrals' };

/** /admin/referrals (console: Money → Referrals; admin guard: the console's layout). */
export default function AdminReferralsPage() {
  return (
    <Suspense>
      <AdminReferrals />
    </Suspense>
  );
}
