'use client';
/**
 * The operator's promos on the home page (GET /site-promo/search: only those running now):
 * `PromoCarousel` — the `top` banners above the timeline, read by the server page and handed in
 * (no layout shift), one at a time with dots and autoplay when there are several. The `sidebar`
 * ones are `PromoSidebar.tsx` (the shell loads it on demand: the carousel stays out of other pages).
 * A promo with a link is one link named by its title; an outside link opens a new tab.
 */
import { Carousel } from 'antd';
import { useTranslations } from 'next-intl';
import type { Promo } from '@stagepass/shared';
import { PromoImage, PromoLink } from './promo-parts';
import css from './site.module.css';

export function PromoCarousel({ promos }: { promos: Promo[] }) {
  const t = useTranslations('promotions');
  const shown = promos.filter((p) => p.imageUrl);
  if (!shown.length) return null;
  return (
    <section className={css.promoTop} aria-label={t('carousel')}>
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
