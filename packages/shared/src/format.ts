/**
 * The one way amounts and numbers are written for people (web pages, notifications, e-mails, error
 * texts): Intl in the reader's language (locales.ts; English as en-US by default), with thousands
 * separators — "$10,000.00", "12,345" in English, "10.000,00 US$", "12.345" in Spanish. Machine-
 * readable output (CSV exports, API values) keeps plain numbers.
 */
import { fromMinor } from './money';
import { DEFAULT_LOCALE, type Locale } from './locales';

/** The Intl locale of each of our languages (English is written the US way: the site's currency is the dollar). */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', es: 'es-ES', 'pt-BR': 'pt-BR', de: 'de-DE', fr: 'fr-FR' };

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, kind: 'money' | 'number'): Intl.NumberFormat {
  const key = `${locale}:${kind}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(INTL_LOCALE[locale] ?? INTL_LOCALE.en, kind === 'money' ? { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 2 });
    cache.set(key, f);
  }
  return f;
}

/** 10000 → "$10,000.00" (an amount in the site currency, decimal as in the API). */
export function formatMoney(amount: number | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  const v = Number(amount ?? 0);
  return numberFormat(locale, 'money').format(Number.isFinite(v) ? v : 0);
}

/** 1000000 (minor units, inside the API) → "$10,000.00". */
export function formatMoneyMinor(minor: number | bigint | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  return formatMoney(fromMinor(minor ?? 0), locale);
}

/** 12345 → "12,345"; up to two decimals. */
export function formatNumber(n: number | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  const v = Number(n ?? 0);
  return numberFormat(locale, 'number').format(Number.isFinite(v) ? v : 0);
}

/** 12.5 → "12.5%" (a percentage as a number of percent, not a fraction); "12,5 %" in French. */
export function formatPercent(pct: number | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale] ?? INTL_LOCALE.en, { style: 'percent', maximumFractionDigits: 2 }).format(Number(pct ?? 0) / 100 || 0);
}
