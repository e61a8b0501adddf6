import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminAgeVerifications from '@/features/admin-age/AdminAgeVerifications';

export const metadata: Metadata = { title: 'Age verification' };

/** /admin/age-verifications: the fans' age verification queue (admin guard: the console's layout). */
export default function AdminAgeVerificationsPage() {
  return (
    <Suspense>
      <AdminAgeVerifications />
    </Suspense>
  );
}
