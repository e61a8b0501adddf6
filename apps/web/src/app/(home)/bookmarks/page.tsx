import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import Bookmarks from '@/features/social/Bookmarks';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('social'))('bookmarksMeta') };
}

export default async function BookmarksPage() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['feeds', 'cards']}>
      <Suspense>
        <Bookmarks />
      </Suspense>
    </ClientMessages>
  );
}
