import type { Metadata } from 'next';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import MyVideos from '@/features/videos/MyVideos';

export const metadata: Metadata = { title: 'My videos' };

export default async function MyVideosPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['cards']}>
      <Suspense>
        <MyVideos />
      </Suspense>
    </ClientMessages>
  );
}
