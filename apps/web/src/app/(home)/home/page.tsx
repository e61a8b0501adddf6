import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import ClientMessages from '@/i18n/ClientMessages';
import { routePath, routes } from '@stagepass/shared/routes';
import type { Promo } from '@stagepass/shared';
import { guardPage } from '@/lib/server/guard';
import { serverGet } from '@/lib/server/api';
import { PromoCarousel } from '@/features/site/Promos';
import { ServiceUnavailable } from '@/components/states';
import HomeFeed from '@/features/home/HomeFeed';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('home'))('meta') };
}

export default async function HomePage() {
  const g = await guardPage({ authenticate: true });
  if (g.status !== 'ok') return <ServiceUnavailable />;
  // The operator's running `top` promos, read here so the banner is in the first render (none when the API cannot say).
  const promos = await serverGet<{ data: Promo[] }>(`${routePath(routes.site.promoSearch)}?position=top&limit=10`);
  return (
    <ClientMessages namespaces={['home', 'feeds', 'cards', 'liveWatch']}>
      <PromoCarousel promos={promos.ok ? promos.data.data : []} />
      {/* liveWatch: the "Live now" strip. */}
      <HomeFeed user={g.user} />
    </ClientMessages>
  );
}
