import type { Metadata } from 'next';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import MassMessages from '@/features/mass-messages/MassMessages';

export const metadata: Metadata = { title: 'Mass messages' };

export default async function MassMessagesPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['cards']}>
      <Suspense>
        <MassMessages />
      </Suspense>
    </ClientMessages>
  );
}
