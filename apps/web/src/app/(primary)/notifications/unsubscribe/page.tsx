import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import UnsubscribeResult from '@/features/notifications/UnsubscribeResult';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('notificationSettings'))('unsubscribeMeta'), robots: { index: false } };
}

/** The unsubscribe link of a notification e-mail: works signed out (the token names the user and the type). */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <ClientMessages namespaces={['notificationSettings']}>
      <UnsubscribeResult token={typeof token === 'string' ? token : ''} />
    </ClientMessages>
  );
}
