import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminContent from '@/features/admin-moderation/AdminContent';

export const metadata: Metadata = { title: 'Content' };

/** /admin/content: every post, video, gallery and product, to hide or show again (admin guard: the console's layout). */
export default function AdminContentPage() {
  return (
    <Suspense>
      <AdminContent />
    </Suspense>
  );
}
