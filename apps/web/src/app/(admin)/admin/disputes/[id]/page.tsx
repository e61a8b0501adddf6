import type { Metadata } from 'next';
import AdminDispute from '@/features/admin-money/AdminDispute';

export const metadata: Metadata = { title: 'Dispute' };

/** /admin/disputes/{id}: one card dispute, its evidence and the answer — an audited read (admin guard: the console's layout). */
export default async function AdminDisputePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <AdminDispute id={id} />;
}
