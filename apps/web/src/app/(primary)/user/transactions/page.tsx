import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import TransactionsPage from '@/features/payments/TransactionsPage';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('wallet'))('transactionsTitle') };
}

export default async function TransactionsRoute() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['wallet']}>
      <Suspense>
        <TransactionsPage />
      </Suspense>
    </ClientMessages>
  );
}
