'use client';
import { useTranslations } from 'next-intl';
import { MESSAGES } from '@stagepass/shared';
import type { Messages } from './messages';

type SpecKey = keyof Messages['spec'];

/** English text → its key, for the spec's fixed texts (packages/shared MESSAGES) that are plain strings. */
const KEY_OF = new Map<string, SpecKey>(Object.entries(MESSAGES).flatMap(([k, v]) => (typeof v === 'string' ? [[v, k as SpecKey] as const] : [])));

/** The key of a spec text the API answered (its exact English), or null for any other text. */
export function specKey(text: string): SpecKey | null {
  return KEY_OF.get(text) ?? null;
}

/**
 * The spec's fixed texts in the page's language (issue 34 §3): the API answers them in English, as
 * the spec words them; the web shows them by key (`spec` messages). Any other text comes back as it is.
 */
export function useSpecText() {
  const t = useTranslations('spec');
  return (text: string) => {
    const key = specKey(text);
    return key ? t(key) : text;
  };
}
