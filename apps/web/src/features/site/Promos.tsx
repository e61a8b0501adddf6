'use client';
/**
 * The operator's promos on the home page (GET /site-promo/search: only those running now):
 * `PromoCarousel` — the `top` banners above the timeline, read by the server page and handed in
 * (no layout shift), one at a time with dots and autoplay when there are several; `PromoSidebar` —
 * the `sidebar` ones in the right column on wide screens (fetched by the client: the column is
 * part of the shell). A promo with a link is one link named by its title; an outside link opens a
 * new tab.
 */
import Link from 'next/link';
import { Carousel } from 'antd';
import type { Promo } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import css from './site.module.css';

function PromoLink({ p, className, children }: { p: Promo; className: string; children: React.ReactNode }) {
  if (!p.link) return <div className={className}>{children}</div>;
  if (p.link.startsWith('/')) {
    return (
      <Link href={p.link} prefetch={false} className={className} aria-label={p.title}>
        {children}
      </Link>
    );
  }
  return (
    <a href={p.link} target="_blank" rel="noopener noreferrer" className={className} aria-label={p.title}>
      {children}
    </a>
  );
}

function PromoImage({ p, eager }: { p: Promo; eager?: boolean }) {
  // eslint-disable-next-line @next/next/no-img-element -- a public file of the API, already fitted by it
  return p.imageUrl ? <img src={p.imageUrl} alt={p.title} className={css.promoImage} loading={eager ? 'eager' : 'lazy'} /> : null;
}

export function PromoCarousel({ promos }: { promos: Promo[] }) {
  const shown = promos.filter((p) => p.imageUrl);
  if (!shown.length) return null;
  return (
    <section className={css.promoTop} aria-label="Promotions">
      {shown.length === 1 ? (
        <PromoLink p={shown[0]!} className={css.promoSlide}>
          <PromoImage p={shown[0]!} eager />
        </PromoLink>
      ) : (
        <Carousel autoplay={{ dotDuration: true }} autoplaySpeed={6000} draggable>
          {shown.map((p, i) => (
            <div key={p._id}>
              <PromoLink p={p} className={css.promoSlide}>
                <PromoImage p={p} eager={i === 0} />
              </PromoLink>
            </div>
          ))}
        </Carousel>
      )}
    </section>
  );
}

export function PromoSidebar() {
  const { data } = useRoute(routes.site.promoSearch, { query: { position: 'sidebar', limit: 3 } }, { revalidateOnFocus: false });
  const shown = (data?.data ?? []).filter((p) => p.imageUrl);
  if (!shown.length) return null;
  return (
    <section className={css.promoSide} aria-label="Sponsored">
      {shown.map((p) => (
        <PromoLink key={p._id} p={p} className={css.promoSideItem}>
          <PromoImage p={p} />
        </PromoLink>
      ))}
    </section>
  );
}
