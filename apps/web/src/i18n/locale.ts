import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { LOCALE_COOKIE, resolveLocale, type Locale } from '@stagepass/shared';
import { getCurrentUser } from '@/lib/server/api';

/**
 * The page's language, once per request (packages/shared locales.ts `resolveLocale`): the
 * signed-in user's saved language, else the `locale` cookie the picker sets, else the browser's
 * Accept-Language, else English.
 */
export const requestLocale = cache(async (): Promise<Locale> => {
  const [me, jar, h] = await Promise.all([getCurrentUser(), cookies(), headers()]);
  return resolveLocale({ user: me.user?.locale, cookie: jar.get(LOCALE_COOKIE)?.value, acceptLanguage: h.get('accept-language') });
});
