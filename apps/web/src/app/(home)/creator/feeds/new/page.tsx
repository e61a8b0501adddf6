import type { Metadata } from 'next';
import ClientMessages from '@/i18n/ClientMessages';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import FeedEditor from '@/features/feeds/FeedEditor';

export const metadata: Metadata = { title: 'New post' };

export default async function NewFeedPage() {
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['cards']}>
      <FeedEditor />
    </ClientMessages>
  );
}
