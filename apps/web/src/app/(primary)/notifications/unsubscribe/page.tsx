import type { Metadata } from 'next';
import UnsubscribeResult from '@/features/notifications/UnsubscribeResult';

export const metadata: Metadata = { title: 'Unsubscribe', robots: { index: false } };

/** The unsubscribe link of a notification e-mail: works signed out (the token names the user and the type). */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return <UnsubscribeResult token={typeof token === 'string' ? token : ''} />;
}
