import { getRequestConfig } from 'next-intl/server';
import { requestLocale } from './locale';
import { loadMessages } from './messages';

/** next-intl's per-request configuration (next.config.ts points its plugin here): no locale in the URL, the locale comes from requestLocale. */
export default getRequestConfig(async () => {
  const locale = await requestLocale();
  return { locale, messages: await loadMessages(locale) };
});
