import type { Metadata } from 'next';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import Promotions from '@/features/promotions/Promotions';

export const metadata: Metadata = { title: 'Promotions' };

/** /creator/promotions: the creator's campaigns and free-trial links with their figures (issue 30 §3). */
export default async function PromotionsPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['promotions']}>
      <Suspense>
        <Promotions />
      </Suspense>
    </ClientMessages>
  );
}
