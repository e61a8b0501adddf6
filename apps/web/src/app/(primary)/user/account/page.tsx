import type { Metadata } from 'next';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import { getTranslations } from 'next-intl/server';
import UserAccount from '@/features/account/UserAccount';
import ClientMessages from '@/i18n/ClientMessages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('account'))('meta') };
}

export default async function UserAccountPage() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['account', 'accountMore', 'notificationSettings']}>
      <UserAccount initialUser={g.user} />
    </ClientMessages>
  );
}
