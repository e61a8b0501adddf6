import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import AutoMessages from '@/features/auto-messages/AutoMessages';

export const metadata: Metadata = { title: 'Automatic messages' };

export default async function AutoMessagesPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense>
      <AutoMessages />
    </Suspense>
  );
}
