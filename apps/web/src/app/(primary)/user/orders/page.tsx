import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import OrdersPage from '@/features/orders/OrdersPage';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('orders'))('title') };
}

export default async function OrdersRoute() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['orders']}>
      <Suspense>
        <OrdersPage />
      </Suspense>
    </ClientMessages>
  );
}
