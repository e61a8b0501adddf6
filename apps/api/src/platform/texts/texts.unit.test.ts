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

  it('writes the later e-mails and notifications in English as the handlers always did', () => {
    const t = TEXTS.en;
    expect(t.notifications.purchasedItem('Ana', 'feed', '$5.00')).toBe('Ana bought your post for $5.00');
    expect(t.notifications.contentHidden('feed', 'Hi', 'spam')).toBe('Your post “Hi” was hidden by the team: spam');
    expect(t.notifications.coperformerDeclined('Ana', 'stream', true)).toBe('Ana declined your tag on your live stream: the live stream is hidden until you remove them from it');
    expect(t.notifications.releaseRejected('blurry', 2)).toBe('A co-performer release you uploaded was rejected: blurry. 2 published item(s) naming it are hidden until you remove it from them');
    expect(t.payoutMail.paidBody('', '12.50 USD', true, null)).toBe('Hi there, your payout of 12.50 USD has been transferred to your Stripe account.');
    expect(t.takedownMail.infoBody(t.takedownMail.ref(7), 'More?')).toBe('Before we can act on your takedown notice #7, we need more from you:\n\nMore?\n\nPlease answer by filing a new notice that quotes notice #7.');
  });

  it('keeps the arguments of the later texts in every language', () => {
    for (const l of LOCALES) {
      const t = TEXTS[l];
      expect(t.notifications.purchasedTicket('Ana', 'Show', '$5.00'), l).toContain('Show');
      expect(t.notifications.takedownHidden(12, 'Label', 'Song'), l).toContain('12');
      expect(t.notifications.releaseRejected('blurry', 3), l).toContain('3');
      expect(t.takedownMail.counteredBody(t.takedownMail.ref(9), 'my answer'), l).toContain('my answer');
      expect(t.contactMail.answerBody('Ana', 'Thanks', 'Site', '> hi'), l).toContain('> hi');
      expect(t.privacyMail.exportBody('Ana', 30), l).toContain('30');
      expect(t.payoutMail.declinedBody('Ana', '12,50 US$', 'wrong IBAN'), l).toContain('wrong IBAN');
    }
  });

  it('falls back to English for no or an unknown language', () => {
    expect(textsFor(null)).toBe(TEXTS.en);
    expect(textsFor('it')).toBe(TEXTS.en);
    expect(textsFor('es').notifications.followed('Ana')).toBe('Ana empezó a seguirte');
  });
});
