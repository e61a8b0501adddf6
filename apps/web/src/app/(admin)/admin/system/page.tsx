import type { Metadata } from 'next';
import AdminSystem from '@/features/admin-system/AdminSystem';

export const metadata: Metadata = { title: 'System' };

/** /admin/system: queues, nodes, storage, mail failures, version and backups (admin guard: the console's layout). */
export default function AdminSystemPage() {
  return <AdminSystem />;
}
