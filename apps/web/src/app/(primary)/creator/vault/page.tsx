import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import Vault from '@/features/vault/Vault';

export const metadata: Metadata = { title: 'Vault' };

export default async function VaultPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <Vault />
    </Suspense>
  );
}
