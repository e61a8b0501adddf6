import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import FollowsTable from '@/features/social/FollowsTable';

export const metadata: Metadata = { title: 'Following' };

export default async function FollowingPage() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <FollowsTable kind="following" />
    </Suspense>
  );
}
