import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminSettings from '@/features/admin-site/AdminSettings';

export const metadata: Metadata = { title: 'Site settings' };

/** /admin/settings?tab=: every site setting (admin guard: the console's layout). */
export default function AdminSettingsPage() {
  return (
    <Suspense>
      <AdminSettings />
    </Suspense>
  );
}
