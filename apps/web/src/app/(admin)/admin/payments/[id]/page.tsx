import type { Metadata } from 'next';
import AdminPayment from '@/features/admin-money/AdminPayment';

export const metadata: Metadata = { title: 'Card payment' };

/** /admin/payments/{id}: one card payment with its refunds and disputes, and "Refund" (admin guard: the console's layout). */
export default async function AdminPaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <AdminPayment id={id} />;
}
