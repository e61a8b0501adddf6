import type { Metadata } from 'next';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import Subscribers from '@/features/subscribers/Subscribers';

export const metadata: Metadata = { title: 'Subscribers' };

export default async function SubscribersPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['cards']}>
      <Suspense>
        <Subscribers />
      </Suspense>
    </ClientMessages>
  );
}
