import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import WalletPage from '@/features/wallet/WalletPage';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('wallet'))('title') };
}

export default async function WalletRoute() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['wallet']}>
      <Suspense>
        <WalletPage />
      </Suspense>
    </ClientMessages>
  );
}
