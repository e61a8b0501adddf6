import type { Metadata } from 'next';
import ClientMessages from '@/i18n/ClientMessages';
import { notFound } from 'next/navigation';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import ManageGallery from '@/features/galleries/ManageGallery';

export const metadata: Metadata = { title: 'Manage gallery' };

const GALLERY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /creator/galleries/[id]: one own gallery's photos (uploads, vault, cover, delete). */
export default async function ManageGalleryPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!GALLERY_ID.test(id)) notFound();
  const g = await guardPage({ creatorOnly: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  return (
    <ClientMessages namespaces={['cards']}>
      <ManageGallery id={id} />
    </ClientMessages>
  );
}
