import { INTL_LOCALE, type Locale } from '@stagepass/shared';

/** "Mar 5, 2026" in the page's language (`useFormat().locale`; English as en-US, as the tables write it). */
export function shortDateIn(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(INTL_LOCALE[locale], { month: 'short', day: 'numeric', year: 'numeric' });
}
