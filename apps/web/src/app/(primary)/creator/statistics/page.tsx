import type { Metadata } from 'next';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import Statistics from '@/features/statistics/Statistics';

export const metadata: Metadata = { title: 'Statistics' };

/** /creator/statistics: earnings, audience and content figures (issue 31 §5). */
export default async function StatisticsPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return <Statistics />;
}
