import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminOrders from '@/features/admin-money/AdminOrders';

export const metadata: Metadata = { title: 'Orders' };

/** /admin/orders (console: Money → Orders; admin guard: the console's layout). */
export default function AdminOrdersPage() {
  return (
    <Suspense>
      <AdminOrders />
    </Suspense>
  );
}
