import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminContact from '@/features/admin-site/AdminContact';

export const metadata: Metadata = { title: 'Contact messages' };

/** /admin/contact?id=: the contact inbox (admin guard: the console's layout). */
export default function AdminContactPage() {
  return (
    <Suspense>
      <AdminContact />
    </Suspense>
  );
}
