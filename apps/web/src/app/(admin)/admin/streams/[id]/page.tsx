import type { Metadata } from 'next';
import ClientMessages from '@/i18n/ClientMessages';
import AdminStreamWatch from '@/features/admin-live/AdminStreamWatch';

export const metadata: Metadata = { title: 'Watch a live stream' };

/** /admin/streams/{id}: one live stream watched with its chat — an audited read (admin guard: the console's layout). */
export default async function AdminStreamWatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    // The fans' watcher inside (player, chat) speaks liveWatch; the console around it is English.
    <ClientMessages namespaces={['cards', 'liveWatch']}>
      <AdminStreamWatch id={id} />
    </ClientMessages>
  );
}
