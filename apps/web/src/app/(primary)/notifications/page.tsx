import type { Metadata } from 'next';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import NotificationsPage from '@/features/notifications/NotificationsPage';

export const metadata: Metadata = { title: 'Notifications' };

export default async function Notifications() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return <NotificationsPage />;
}
