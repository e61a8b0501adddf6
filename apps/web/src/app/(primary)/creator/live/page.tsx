import type { Metadata } from 'next';
import ClientMessages from '@/i18n/ClientMessages';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import LiveStudio from '@/features/live-studio/LiveStudio';

export const metadata: Metadata = { title: 'Go live' };

export default async function CreatorLivePage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    // The studio stays English; the stream's chat beside it is the fans' (liveWatch).
    <ClientMessages namespaces={['cards', 'liveWatch']}>
      <LiveStudio />
    </ClientMessages>
  );
}
