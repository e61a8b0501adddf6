import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminVerification from '@/features/admin-verification/AdminVerification';

export const metadata: Metadata = { title: 'Creator verification' };

/** /admin/verification: the creator verification (KYC) queue (admin guard: the console's layout). */
export default function AdminVerificationPage() {
  return (
    <Suspense>
      <AdminVerification />
    </Suspense>
  );
}
