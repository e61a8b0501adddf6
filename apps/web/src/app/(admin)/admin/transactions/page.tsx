import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminTransactions from '@/features/admin-money/AdminTransactions';

export const metadata: Metadata = { title: 'Transactions' };

/** /admin/transactions (console: Money → Transactions; admin guard: the console's layout). */
export default function AdminTransactionsPage() {
  return (
    <Suspense>
      <AdminTransactions />
    </Suspense>
  );
}
