import type { Metadata } from 'next';
import AdminScreening from '@/features/admin-screening/AdminScreening';

export const metadata: Metadata = { title: 'Screening' };

/** /admin/screening: upload screening's blocklist and quarantine (admin guard: the console's layout). */
export default function AdminScreeningPage() {
  return <AdminScreening />;
}
