'use client';
/**
 * The operator's `sidebar` promos in the shell's right column on /home (fetched by the client: the
 * column is part of the shell, which loads this on demand).
 */
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import { PromoImage, PromoLink } from './promo-parts';
import css from './site.module.css';

export default function PromoSidebar() {
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
