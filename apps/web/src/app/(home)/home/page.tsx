import type { Metadata } from 'next';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import HomeFeed from '@/features/home/HomeFeed';

export const metadata: Metadata = { title: 'Home' };

export default async function HomePage() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return <HomeFeed user={g.user} />;
}
