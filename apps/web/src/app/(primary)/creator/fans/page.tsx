import type { Metadata } from 'next';
import ClientMessages from '@/i18n/ClientMessages';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import Fans from '@/features/fans/Fans';

export const metadata: Metadata = { title: 'Fans' };

export default async function FansPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['cards']}>
      <Fans />
    </ClientMessages>
  );
}
