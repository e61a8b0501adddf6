import { DEFAULT_LOCALE, isLocale, type Locale } from '@stagepass/shared';
import { en, type Texts } from './en';
import { es } from './es';
import { ptBR } from './pt-BR';
import { de } from './de';
import { fr } from './fr';

export type { Texts };

/** THE catalogue of the API's texts for people (e-mails, notifications), by language. */
export const TEXTS: Record<Locale, Texts> = { en, es, 'pt-BR': ptBR, de, fr };

/** The texts for a reader's saved language (users.locale); English when none or unknown. */
export function textsFor(locale: string | null | undefined): Texts {
  return TEXTS[isLocale(locale) ? locale : DEFAULT_LOCALE];
}

/** The reader's language as one of ours (English when none). */
export function readerLocale(locale: string | null | undefined): Locale {
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}
