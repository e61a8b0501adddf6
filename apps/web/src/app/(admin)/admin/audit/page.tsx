import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminAuditLog from '@/features/admin-audit/AdminAuditLog';

export const metadata: Metadata = { title: 'Audit log' };

/** /admin/audit: the operators' audit log (admin guard: the console's layout). */
export default function AdminAuditPage() {
  return (
    <Suspense>
      <AdminAuditLog />
    </Suspense>
  );
}
