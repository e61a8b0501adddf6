import type { Metadata } from 'next';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import MessagesPage from '@/features/messages/MessagesPage';

export const metadata: Metadata = { title: 'Messages' };

export default async function Messages() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <Suspense fallback={null}>
      <MessagesPage />
    </Suspense>
  );
}
