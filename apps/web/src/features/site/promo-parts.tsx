'use client';
/** A promo's picture and its link (a path on this site, or an outside link in a new tab): shared by PromoCarousel and PromoSidebar. */
import Link from 'next/link';
import type { Promo } from '@stagepass/shared';
import css from './site.module.css';

export function PromoLink({ p, className, children }: { p: Promo; className: string; children: React.ReactNode }) {
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

export function PromoImage({ p, eager }: { p: Promo; eager?: boolean }) {
  // eslint-disable-next-line @next/next/no-img-element -- a public file of the API, already fitted by it
  return p.imageUrl ? <img src={p.imageUrl} alt={p.title} className={css.promoImage} loading={eager ? 'eager' : 'lazy'} /> : null;
}

