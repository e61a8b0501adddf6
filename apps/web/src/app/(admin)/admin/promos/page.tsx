import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminPromos from '@/features/admin-site/AdminPromos';

export const metadata: Metadata = { title: 'Promos' };

/** /admin/promos: the home page's banners (admin guard: the console's layout). */
export default function AdminPromosPage() {
  return (
    <Suspense>
      <AdminPromos />
    </Suspense>
  );
}
