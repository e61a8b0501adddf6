import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages } from 'next-intl/server';
import { pickMessages, SHELL_NAMESPACES, type Messages, type Namespace } from './messages';

/**
 * Hands the browser the messages its client components use: the shell's namespaces (always) plus
 * `namespaces` (the page's own). A server component, around a page's or a layout's client part; the
 * provider nearest a component wins (providers do not merge, hence the shell's namespaces again).
 * Server components need none of this: they call getTranslations.
 */
export default async function ClientMessages({ namespaces = [], children }: { namespaces?: readonly Namespace[]; children: ReactNode }) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()]);
  return (
    <NextIntlClientProvider locale={locale} messages={pickMessages(messages as Messages, [...SHELL_NAMESPACES, ...namespaces])}>
      {children}
    </NextIntlClientProvider>
  );
}
