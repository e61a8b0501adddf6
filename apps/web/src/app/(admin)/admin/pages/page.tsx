import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminPages from '@/features/admin-site/AdminPages';

export const metadata: Metadata = { title: 'Pages' };

/** /admin/pages: the static pages (admin guard: the console's layout). */
export default function AdminPagesPage() {
  return (
    <Suspense>
      <AdminPages />
    </Suspense>
  );
}
