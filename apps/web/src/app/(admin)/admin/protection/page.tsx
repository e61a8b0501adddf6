import type { Metadata } from 'next';
import LeakTracer from '@/features/protection/LeakTracer';

export const metadata: Metadata = { title: 'Leak tracer' };

/** /admin/protection: the leak tracer over every creator's content (admin guard: the console's layout). */
export default function AdminProtectionPage() {
  return (
    <div>
      <h1 className="page-title">Leak tracer</h1>
      <LeakTracer admin />
    </div>
  );
}
