import type { Metadata } from 'next';
import PageEditor from '@/features/admin-site/PageEditor';

export const metadata: Metadata = { title: 'New page' };

/** /admin/pages/new: a new static page. */
export default function NewSitePage() {
  return <PageEditor id={null} />;
}
