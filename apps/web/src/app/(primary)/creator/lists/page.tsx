import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import Lists from '@/features/mass-messages/Lists';

export const metadata: Metadata = { title: 'Fan lists' };

export default async function ListsPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <Lists />
    </Suspense>
  );
}
