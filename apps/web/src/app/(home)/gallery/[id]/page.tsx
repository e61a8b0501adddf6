import { cache } from 'react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import { notFound } from 'next/navigation';
import { routes } from '@stagepass/shared/routes';
import { getToken, serverGetRoute } from '@/lib/server/api';
import { guardPage } from '@/lib/server/guard';
import { ServiceUnavailable } from '@/components/states';
import GalleryView from '@/features/galleries/GalleryView';

type Props = { params: Promise<{ id: string }> };

const GALLERY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The gallery as the visitor may see it (their session: a hidden gallery or a block is a 404).
 * Read ONCE per request (metadata and page share it): every read counts a view.
 */
const load = cache(async (id: string) => {
  if (!GALLERY_ID.test(id)) return { ok: false as const, status: 404 };
  const token = await getToken();
  const r = await serverGetRoute(routes.galleries.get, { id }, { token });
  // A refused session reads as a visitor (the client drops the token on its first call).
  return r.ok || r.status !== 401 || !token ? r : serverGetRoute(routes.galleries.get, { id });
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const r = await load(id);
  if (!r.ok) return { title: (await getTranslations('galleries'))('meta') };
  return { title: `${r.data.title} · ${r.data.performer.name}`, description: r.data.description.slice(0, 160) || undefined };
}

/** /gallery/[id]: one gallery, the target of "Share" (spec §7 Galleries). Unknown or hidden → the 404 view. */
export default async function GalleryPage({ params }: Props) {
  const { id } = await params;
  const [r] = await Promise.all([load(id), guardPage({})]);
  if (!r.ok) {
    if (r.status === 404 || r.status === 400) notFound();
    return <ServiceUnavailable />;
  }
  // The comments drawer and the report dialog speak the feeds namespace.
  return (
    <ClientMessages namespaces={['galleries', 'feeds', 'cards']}>
      <GalleryView id={id} initial={r.data} />
    </ClientMessages>
  );
}
