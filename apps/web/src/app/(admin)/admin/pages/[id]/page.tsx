import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { isUuid } from '@stagepass/shared';
import PageEditor from '@/features/admin-site/PageEditor';

export const metadata: Metadata = { title: 'Edit page' };

/** /admin/pages/{id}: edit a static page (a malformed id → 404 view). */
export default async function EditSitePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!isUuid(id)) notFound();
  return <PageEditor id={id} />;
}
