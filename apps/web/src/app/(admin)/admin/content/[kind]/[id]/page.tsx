import type { Metadata } from 'next';
import ClientMessages from '@/i18n/ClientMessages';
import AdminContentItem from '@/features/admin-reads/AdminContentItem';

export const metadata: Metadata = { title: 'Open content' };

/** /admin/content/{kind}/{id}: one post, video, gallery or product with its media — an audited read (admin guard: the console's layout). */
export default async function AdminContentItemPage({ params }: { params: Promise<{ kind: string; id: string }> }) {
  const { kind, id } = await params;
  return (
    <ClientMessages namespaces={['cards']}>
      <AdminContentItem kind={kind} id={id} />
    </ClientMessages>
  );
}
