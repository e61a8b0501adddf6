import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import CheckoutPage from '@/features/shop/CheckoutPage';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('shop'))('checkoutTitle') };
}

export default async function CheckoutRoute() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    // The checkout's "Top up your wallet" dialog speaks `wallet`.
    <ClientMessages namespaces={['shop', 'wallet']}>
      <Suspense>
        <CheckoutPage />
      </Suspense>
    </ClientMessages>
  );
}
