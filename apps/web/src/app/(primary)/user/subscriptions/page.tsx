import type { Metadata } from 'next';
import ClientMessages from '@/i18n/ClientMessages';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import SubscriptionsPage from '@/features/subscriptions/SubscriptionsPage';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('subscriptions'))('meta') };
}

export default async function SubscriptionsRoute() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['cards']}>
      <Suspense>
        <SubscriptionsPage />
      </Suspense>
    </ClientMessages>
  );
}
