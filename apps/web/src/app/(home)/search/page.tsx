import type { Metadata } from 'next';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import SearchPage from '@/features/search/SearchPage';

export const metadata: Metadata = { title: 'Explore' };

export default async function Search() {
  await guardPage({});
  return (
    <ClientMessages namespaces={['feeds']}>
      <Suspense>
        <SearchPage />
      </Suspense>
    </ClientMessages>
  );
}
