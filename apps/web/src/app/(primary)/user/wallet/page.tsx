import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import WalletPage from '@/features/wallet/WalletPage';

export const metadata: Metadata = { title: 'Wallet' };

export default async function WalletRoute() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <WalletPage />
    </Suspense>
  );
}
