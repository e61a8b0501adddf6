import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import FollowsTable from '@/features/social/FollowsTable';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('social'))('followingMeta') };
}

export default async function FollowingPage() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <FollowsTable kind="following" />
    </Suspense>
  );
}
