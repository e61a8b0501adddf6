import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import MyReleases from '@/features/releases/MyReleases';

export const metadata: Metadata = { title: 'Releases' };

/** /creator/releases: the creator's co-performer releases and (`?tab=tags`) the tag requests naming them. */
export default async function CreatorReleasesPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <MyReleases />
    </Suspense>
  );
}
