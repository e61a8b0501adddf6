import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminSubscriptions from '@/features/admin-money/AdminSubscriptions';

export const metadata: Metadata = { title: 'Subscriptions' };

/** /admin/subscriptions (console: Money → Subscriptions; admin guard: the console's layout). */
export default function AdminSubscriptionsPage() {
  return (
    <Suspense>
      <AdminSubscriptions />
    </Suspense>
  );
}
