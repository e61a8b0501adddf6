import type { Metadata } from 'next';
import ClientMessages from '@/i18n/ClientMessages';
import { notFound } from 'next/navigation';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import FeedEditor from '@/features/feeds/FeedEditor';

export const metadata: Metadata = { title: 'Edit post' };

export default async function EditFeedPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) notFound();
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['cards']}>
      <FeedEditor id={id} />
    </ClientMessages>
  );
}
