import type { Metadata } from 'next';
import AdminUserDetail from '@/features/admin-users/AdminUserDetail';

export const metadata: Metadata = { title: 'User' };

/** /admin/users/{id}: one account, its money summary and the operator's actions (admin guard: the console's layout). */
export default async function AdminUserPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <AdminUserDetail id={id} />;
}
