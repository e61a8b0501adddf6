import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import CreatorBlockedPage from '@/features/blocking/CreatorBlockedPage';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('blocking'))('creatorMeta') };
}

export default async function CreatorBlocked() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['blocking']}>
      <Suspense>
        <CreatorBlockedPage />
      </Suspense>
    </ClientMessages>
  );
}
