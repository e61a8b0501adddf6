import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import CardsPage from '@/features/cards/CardsPage';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('wallet'))('cardsTitle') };
}

export default async function CardsRoute() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['wallet']}>
      <Suspense>
        <CardsPage />
      </Suspense>
    </ClientMessages>
  );
}
