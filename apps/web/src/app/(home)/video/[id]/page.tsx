import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { isUuid } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { clientIp, getToken, serverGetRoute } from '@/lib/server/api';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import VideoPage from '@/features/videos/VideoPage';

type Props = { params: Promise<{ id: string }> };

/**
 * One read per request (metadata and page share it: the API counts a view per read), as the
 * visitor may see it: their session and their address (a block either way is a 404).
 */
const load = cache(async (id: string) => {
  if (!isUuid(id)) return { ok: false as const, status: 404 };
  const [token, ip] = await Promise.all([getToken(), clientIp()]);
  return serverGetRoute(routes.videos.get, { id }, { token, headers: ip ? { 'x-client-ip': ip } : {} });
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const r = await load(id);
  if (!r.ok) return { title: (await getTranslations('videos'))('meta') };
  return { title: `${r.data.title} · ${r.data.performer.name}`, description: r.data.description.slice(0, 160) || undefined };
}

/** /video/[id]: the fan video page (GET /performer-assets/videos/{id}); unknown, draft or hidden → the 404 view. */
export default async function VideoRoute({ params }: Props) {
  const { id } = await params;
  const [r] = await Promise.all([load(id), guardPage({})]);
  if (!r.ok) {
    if (r.status === 404 || r.status === 400) notFound();
    return <ServiceUnavailable />;
  }
  // The comments drawer and the report dialog speak the feeds namespace.
  return (
    <ClientMessages namespaces={['videos', 'feeds', 'cards']}>
      <VideoPage key={r.data._id} initial={r.data} />
    </ClientMessages>
  );
}
