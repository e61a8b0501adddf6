import type { Metadata } from 'next';
import ClientMessages from '@/i18n/ClientMessages';
import { notFound } from 'next/navigation';
import { isUuid } from '@stagepass/shared';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import VideoEditor from '@/features/videos/VideoEditor';

export const metadata: Metadata = { title: 'Edit video' };

export default async function EditVideoPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['cards']}>
      <VideoEditor id={id} />
    </ClientMessages>
  );
}
