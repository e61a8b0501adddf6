import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { isUuid } from '@stagepass/shared';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import TrackingLinkDetail from '@/features/tracking/TrackingLinkDetail';

export const metadata: Metadata = { title: 'Tracking link' };

/** /creator/tracking-links/[id]: one link's figures over time (issue 30 §4). */
export default async function TrackingLinkPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return <TrackingLinkDetail id={id} />;
}
