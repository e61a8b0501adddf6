import type { Metadata } from 'next';
import AdminTakedowns from '@/features/takedowns/AdminTakedowns';

export const metadata: Metadata = { title: 'Takedowns' };

/** /admin/takedowns: the takedown notices queue (admin guard: the console's layout). */
export default function AdminTakedownsPage() {
  return <AdminTakedowns />;
}
