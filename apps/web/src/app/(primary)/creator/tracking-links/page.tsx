import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import TrackingLinks from '@/features/tracking/TrackingLinks';

export const metadata: Metadata = { title: 'Tracking links' };

/** /creator/tracking-links: the creator's campaign links and what each brought (issue 30 §4). */
export default async function TrackingLinksPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <TrackingLinks />
    </Suspense>
  );
}
