import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminDashboard from '@/features/admin-dashboard/AdminDashboard';

export const metadata: Metadata = { title: 'Dashboard' };

/** /admin: the console's home, the dashboard (admin guard: the console's layout). */
export default function AdminHomePage() {
  return (
    <Suspense>
      <AdminDashboard />
    </Suspense>
  );
}
