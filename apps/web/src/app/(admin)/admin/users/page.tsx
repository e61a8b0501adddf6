import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminUsers from '@/features/admin-users/AdminUsers';

export const metadata: Metadata = { title: 'Users' };

/** /admin/users: every fan and creator account (admin guard: the console's layout). */
export default function AdminUsersPage() {
  return (
    <Suspense>
      <AdminUsers />
    </Suspense>
  );
}
