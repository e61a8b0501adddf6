import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import SearchPage from '@/features/search/SearchPage';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('search'))('meta') };
}

export default async function Search() {
  await guardPage({});
  return (
    <ClientMessages namespaces={['feeds', 'cards']}>
      <Suspense>
        <SearchPage />
      </Suspense>
    </ClientMessages>
  );
}
