import type { Metadata } from 'next';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import LabelsManager from '@/features/labels/LabelsManager';

export const metadata: Metadata = { title: 'Labels' };

/** /creator/labels: the creator's labels for posts, videos and galleries (issue 31 §3). */
export default async function LabelsPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return <LabelsManager />;
}
