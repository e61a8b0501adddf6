import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import CreatorBlockedPage from '@/features/blocking/CreatorBlockedPage';

export const metadata: Metadata = { title: 'Blocked' };

export default async function CreatorBlocked() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <CreatorBlockedPage />
    </Suspense>
  );
}
