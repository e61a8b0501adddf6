import type { Metadata } from 'next';
import AdminLegal from '@/features/admin-site/AdminLegal';

export const metadata: Metadata = { title: 'Terms versions' };

/** /admin/legal: the published versions of the terms and privacy policy (admin guard: the console's layout). */
export default function AdminLegalPage() {
  return <AdminLegal />;
}
