import { describe, expect, it } from 'vitest';
import { LOCALES } from '@stagepass/shared';
import { TEXTS, textsFor } from './index';
import type { Texts } from './en';

/** Every leaf of a catalogue as text: strings as they are, functions called with sample arguments. */
function leaves(t: unknown, path = ''): Array<[string, string]> {
  if (typeof t === 'string') return [[path, t]];
  if (typeof t === 'function') return [[path, String((t as (...a: string[]) => string)('A1', 'B2', 'C3', 'D4'))]];
  return Object.entries(t as Record<string, unknown>).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
}

/** Texts a language may write as English does (the brand, a word that is the same). */
const SAME: Record<string, string[]> = { de: ['notifications.itemNouns.video'], fr: ['notifications.itemNouns.photo'], es: [], 'pt-BR': [] };

describe('the API’s texts for people (issue 34 §3)', () => {
  it('has every language, with English’s keys (the compiler checks the shape; here: nothing left in English)', () => {
    const en = new Map(leaves(TEXTS.en));
    for (const l of LOCALES.filter((x) => x !== 'en')) {
      const other = leaves(TEXTS[l] as Texts);
      expect(other.map(([k]) => k).sort(), l).toEqual([...en.keys()].sort());
      const same = other.filter(([k, v]) => v === en.get(k) && !SAME[l]!.includes(k)).map(([k]) => k);
      expect(same, `left in English in ${l}`).toEqual([]);
    }
  });

  it('keeps every argument it is given (names, amounts, links)', () => {
    for (const l of LOCALES) {
      const t = TEXTS[l];
      expect(t.auth.registerAttemptBody('Site', 'https://x/auth/login')).toContain('https://x/auth/login');
      expect(t.notifications.tipped('Ana', '$5.00', 'thanks')).toContain('Ana');
      expect(t.notifications.tipped('Ana', '$5.00', 'thanks')).toContain('thanks');
      expect(t.subscriptionMail.renewFailedText('Ana', 'Luna', 'declined', 'https://x/user/cards')).toContain('https://x/user/cards');
    }
  });

  it('falls back to English for no or an unknown language', () => {
    expect(textsFor(null)).toBe(TEXTS.en);
    expect(textsFor('it')).toBe(TEXTS.en);
    expect(textsFor('es').notifications.followed('Ana')).toBe('Ana empezó a seguirte');
  });
});
