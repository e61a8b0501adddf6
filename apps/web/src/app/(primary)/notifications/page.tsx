import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import NotificationsPage from '@/features/notifications/NotificationsPage';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('notifications'))('title') };
}

export default async function Notifications() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return <NotificationsPage />;
}
