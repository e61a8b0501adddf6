import type { Metadata } from 'next';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import MyFeeds from '@/features/feeds/MyFeeds';

export const metadata: Metadata = { title: 'My posts' };

export default async function MyFeedsPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['cards']}>
      <Suspense>
        <MyFeeds />
      </Suspense>
    </ClientMessages>
  );
}
