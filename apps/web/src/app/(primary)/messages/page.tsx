import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import MessagesPage from '@/features/messages/MessagesPage';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('messages'))('title') };
}

export default async function Messages() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    // The block / unblock dialogs speak the blocking namespace; the creator's tip menu the profile one.
    <ClientMessages namespaces={['messages', 'blocking', 'profile', 'cards']}>
      <Suspense fallback={null}>
        <MessagesPage />
      </Suspense>
    </ClientMessages>
  );
}
