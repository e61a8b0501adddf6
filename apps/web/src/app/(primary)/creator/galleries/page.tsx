import type { Metadata } from 'next';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import MyGalleries from '@/features/galleries/MyGalleries';

export const metadata: Metadata = { title: 'My galleries' };

export default async function MyGalleriesPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['cards']}>
      <Suspense>
        <MyGalleries />
      </Suspense>
    </ClientMessages>
  );
}
