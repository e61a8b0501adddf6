import type { Metadata } from 'next';
import ClientMessages from '@/i18n/ClientMessages';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import VideoEditor from '@/features/videos/VideoEditor';

export const metadata: Metadata = { title: 'New video' };

export default async function NewVideoPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['cards']}>
      <VideoEditor />
    </ClientMessages>
  );
}
