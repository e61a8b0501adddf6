import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import { Suspense } from 'react';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import BlockedUsersPage from '@/features/blocking/BlockedUsersPage';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('blocking'))('usersMeta') };
}

export default async function UserBlocked() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['blocking']}>
      <Suspense>
        <BlockedUsersPage />
      </Suspense>
    </ClientMessages>
  );
}
