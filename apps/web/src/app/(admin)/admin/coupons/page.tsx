import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminCoupons from '@/features/admin-money/AdminCoupons';

export const metadata: Metadata = { title: 'Coupons' };

/** /admin/coupons (console: Money → Coupons; admin guard: the console's layout). */
export default function AdminCouponsPage() {
  return (
    <Suspense>
      <AdminCoupons />
    </Suspense>
  );
}
