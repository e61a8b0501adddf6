import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { SLUG_PATTERN } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { serverGetRoute } from '@/lib/server/api';
import { ServiceUnavailable } from '@/components/states';
import StaticPage from '@/features/site/StaticPage';

/** One read per request for the metadata and the page. */
const readPage = cache(async (slug: string) => (SLUG_PATTERN.test(slug) ? serverGetRoute(routes.site.pageGet, { id: slug }) : null));

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const r = await readPage((await params).slug);
  return { title: r?.ok ? r.data.title : 'Page' };
}

/** /page/{slug}: a published static page (GET /posts/{slug}); a draft or unknown page → the 404 view. */
export default async function SitePageRoute({ params }: { params: Promise<{ slug: string }> }) {
  const r = await readPage((await params).slug);
  if (!r || (!r.ok && r.status === 404) || (!r.ok && r.status === 400)) notFound();
  if (!r.ok) return <ServiceUnavailable />;
  return <StaticPage page={r.data} />;
}
