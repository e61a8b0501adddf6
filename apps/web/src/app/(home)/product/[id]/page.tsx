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
import ProductPage from '@/features/shop/ProductPage';

type Props = { params: Promise<{ id: string }> };

/**
 * One read per request (metadata and page share it: the API counts a view per read), as the
 * visitor may see it; unknown, inactive or hidden → HTTP 404 (issue 26 §4.17). The client page
 * starts with it and does not read it again.
 */
const load = cache(async (id: string) => {
  if (!isUuid(id)) return { ok: false as const, status: 404 };
  const [token, ip] = await Promise.all([getToken(), clientIp()]);
  return serverGetRoute(routes.products.get, { id }, { token, headers: ip ? { 'x-client-ip': ip } : {} });
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const r = await load(id);
  return { title: r.ok ? `${r.data.name} · ${r.data.performer.name}` : (await getTranslations('shop'))('meta') };
}

/** /product/[id]: a product page (anyone; buying needs a fan account). */
export default async function ProductRoute({ params }: Props) {
  const { id } = await params;
  const [r] = await Promise.all([load(id), guardPage({})]);
  if (!r.ok) {
    if (r.status === 404 || r.status === 400) notFound();
    if (r.status !== 401) return <ServiceUnavailable />;
  }
  // The report dialog speaks the feeds namespace.
  return (
    <ClientMessages namespaces={['shop', 'feeds']}>
      <ProductPage id={id} initial={r.ok ? r.data : undefined} />
    </ClientMessages>
  );
}
