import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminReleases from '@/features/releases/AdminReleases';

export const metadata: Metadata = { title: 'Co-performer releases' };

/** /admin/releases: the co-performer release queue (admin guard: the console's layout). */
export default function AdminReleasesPage() {
  return (
    <Suspense>
      <AdminReleases />
    </Suspense>
  );
}
