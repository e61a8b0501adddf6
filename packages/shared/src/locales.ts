/**
 * The languages of the site (issue 34 §3). English is the default and the language of the spec's
 * exact texts (messages.ts). A user's choice is `users.locale` (null: not chosen); visitors' is the
 * `locale` cookie, else their browser's Accept-Language (`resolveLocale`).
 */
export const LOCALES = ['en', 'es', 'pt-BR', 'de', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie the language picker sets (one year), read by the web's server render. */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_DAYS = 365;

/** Each language's name in itself (the picker lists them so, whatever the page's language). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  de: 'Deutsch',
  fr: 'Français',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** One of ours for a language tag, or null: exact (case-insensitive) first, then by its primary language (`es-MX` → es, `pt` / `pt-PT` → pt-BR). */
export function matchLocale(tag: string): Locale | null {
  const t = tag.trim().toLowerCase();
  if (!t) return null;
  const exact = LOCALES.find((l) => l.toLowerCase() === t);
  if (exact) return exact;
  const primary = t.split('-')[0];
  return LOCALES.find((l) => l.toLowerCase().split('-')[0] === primary) ?? null;
}

/**
 * The best of ours for an Accept-Language header (`es-ES,es;q=0.9,en;q=0.8`): the tags by their
 * q-value (highest first, header order among equals), the first that matches; null when none does.
 */
export function matchAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const tags = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const t of tags) {
    const m = matchLocale(t.tag);
    if (m) return m;
  }
  return null;
}

/** THE order: the signed-in user's saved language, else the cookie, else Accept-Language, else English. */
export function resolveLocale(from: { user?: string | null; cookie?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(from.user)) return from.user;
  if (isLocale(from.cookie)) return from.cookie;
  return matchAcceptLanguage(from.acceptLanguage) ?? DEFAULT_LOCALE;
}
