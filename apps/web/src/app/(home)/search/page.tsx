import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import SearchPage from '@/features/search/SearchPage';

export const metadata: Metadata = { title: 'Explore' };

export default async function Search() {
  await guardPage({});
  return (
    <Suspense>
      <SearchPage />
    </Suspense>
  );
}
