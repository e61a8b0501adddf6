import type { Locale } from '@stagepass/shared';
import type en from '../../messages/en.json';

/** The catalogue's shape: English is the reference (messages/en.json); every other language has the same keys (i18n/catalogue.unit.test.ts). */
export type Messages = typeof en;
export type Namespace = keyof Messages;
/** A key of the shell's messages (navigation entries name theirs). */
export type ShellKey = keyof Messages['shell'];

/**
 * The namespaces every page's client components may need (the shell: header, navigation, tab bar,
 * footer, user menu, theme switch, language picker, cookie banner, install prompt; `spec`: the
 * spec's fixed texts and common refusals; `common`; what the shell itself renders: the header's
 * search box `search`, the creators-to-discover column and follow buttons `social`, the subscribe
 * dialog `subscriptions`; `notifications`: the header's bell popover and the toasts, rendered by
 * the shell on every signed-in page — kept small for that reason, the preferences, push devices
 * and unsubscribe texts are `notificationSettings`, sent by their pages; `payments`: the tip and
 * unlock dialogs, which open from paid content on nearly any page — kept to those two dialogs, the
 * money pages are `wallet`; `pay`: the shared pay pieces those dialogs and the subscribe dialog
 * hold — price with tax, card select, add card, coupon, test-payments notice; `tables`: the shared
 * table helpers — filters, date filters, the narrow tables' sort — on most list pages;
 * `promotions`: the promotion badges and price line the subscribe dialog shows; `cart`: the
 * header's cart button and drawer, kept to them and the cart's lines). A page adds its own with
 * <ClientMessages>.
 */
export const SHELL_NAMESPACES = ['common', 'spec', 'shell', 'language', 'forms', 'search', 'social', 'subscriptions', 'notifications', 'payments', 'pay', 'tables', 'promotions', 'cart'] as const satisfies readonly Namespace[];

const loaders: Record<Locale, () => Promise<Messages>> = {
  en: () => import('../../messages/en.json').then((m) => m.default),
  es: () => import('../../messages/es.json').then((m) => m.default),
  'pt-BR': () => import('../../messages/pt-BR.json').then((m) => m.default),
  de: () => import('../../messages/de.json').then((m) => m.default),
  fr: () => import('../../messages/fr.json').then((m) => m.default),
};

export function loadMessages(locale: Locale): Promise<Messages> {
  return loaders[locale]();
}

/** Only the named namespaces (what a client provider sends to the browser). */
export function pickMessages(all: Messages, namespaces: readonly Namespace[]): Partial<Messages> {
  const out: Partial<Record<Namespace, unknown>> = {};
  for (const ns of namespaces) out[ns] = all[ns];
  return out as Partial<Messages>;
}
