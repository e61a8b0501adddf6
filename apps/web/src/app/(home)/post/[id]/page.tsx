import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { isUuid } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { clientIp, getToken, serverGetRoute } from '@/lib/server/api';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import SinglePost from '@/features/feeds/SinglePost';
import ClientMessages from '@/i18n/ClientMessages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('feeds'))('meta') };
}

/**
 * The post as the visitor may see it (their session and address: deleted, scheduled, hidden or
 * blocked → 404), read once on the server so an unknown post answers HTTP 404 (issue 26 §4.17;
 * it was a 200 page saying "This post isn't here") and the page starts with it.
 */
const load = cache(async (id: string) => {
  if (!isUuid(id)) return { ok: false as const, status: 404 };
  const [token, ip] = await Promise.all([getToken(), clientIp()]);
  return serverGetRoute(routes.feeds.get, { id }, { token, headers: ip ? { 'x-client-ip': ip } : {} });
});

export default async function PostPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [r] = await Promise.all([load(id), guardPage({})]);
  if (!r.ok) {
    if (r.status === 404 || r.status === 400) notFound();
    // A session the API refused: the client drops it on its first call and reads the post again.
    if (r.status !== 401) return <ServiceUnavailable />;
  }
  return (
    <ClientMessages namespaces={['feeds', 'cards']}>
      <SinglePost id={id} initial={r.ok ? r.data : undefined} />
    </ClientMessages>
  );
}
