import type { Metadata } from 'next';
import { Suspense } from 'react';
import AdminLiveStreams from '@/features/admin-live/AdminLiveStreams';

export const metadata: Metadata = { title: 'Live streams' };

/** /admin/streams (console: People and content → Live streams; admin guard: the console's layout). */
export default function AdminLiveStreamsPage() {
  return (
    <Suspense>
      <AdminLiveStreams />
    </Suspense>
  );
}
