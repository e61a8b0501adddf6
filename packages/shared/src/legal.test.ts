import { describe, expect, it } from 'vitest';
import { pendingLegal, registerUserSchema, signUpConsentShape } from './index';
import { z } from 'zod';

/** THE gate rule (issue 28 §1): what an account must accept before going on. */
describe('pendingLegal', () => {
  const none = { terms: 0, privacy: 0 };
  it('nothing published → nothing to accept, whatever the account accepted', () => {
    expect(pendingLegal({}, none, 18)).toEqual({ kinds: [], age: false });
    expect(pendingLegal(null, none, 21)).toEqual({ kinds: [], age: false });
  });
  it('each document newer than the one accepted is pending', () => {
    expect(pendingLegal({ age: 18 }, { terms: 1, privacy: 0 }, 18)).toEqual({ kinds: ['terms'], age: false });
    expect(pendingLegal({ age: 18, terms: 1, privacy: 1 }, { terms: 2, privacy: 1 }, 18)).toEqual({ kinds: ['terms'], age: false });
    expect(pendingLegal({ age: 18, terms: 2, privacy: 1 }, { terms: 2, privacy: 3 }, 18)).toEqual({ kinds: ['privacy'], age: false });
    expect(pendingLegal({ age: 18, terms: 2, privacy: 3 }, { terms: 2, privacy: 3 }, 18)).toEqual({ kinds: [], age: false });
  });
  it('the age is asked with a pending document when never confirmed or below the minimum age now', () => {
    expect(pendingLegal({}, { terms: 1, privacy: 1 }, 18)).toEqual({ kinds: ['terms', 'privacy'], age: true });
    expect(pendingLegal({ age: 18, terms: 1 }, { terms: 2, privacy: 0 }, 21)).toEqual({ kinds: ['terms'], age: true });
    // Alone, a raised minimum age stops no one: it is asked with the next document to accept.
    expect(pendingLegal({ age: 18, terms: 1 }, { terms: 1, privacy: 0 }, 21)).toEqual({ kinds: [], age: false });
  });
});

describe('sign-up confirmations', () => {
  const consent = z.object(signUpConsentShape);
  it('must both be true (JSON booleans or multipart "true")', () => {
    expect(consent.safeParse({ ageConfirmed: true, acceptTerms: true }).success).toBe(true);
    expect(consent.safeParse({ ageConfirmed: 'true', acceptTerms: 'true' }).success).toBe(true);
    for (const bad of [{}, { ageConfirmed: false, acceptTerms: true }, { ageConfirmed: 'false', acceptTerms: 'true' }, { ageConfirmed: 'yes', acceptTerms: true }]) {
      expect(consent.safeParse(bad).success).toBe(false);
    }
  });
  it('name the missing field with its own message', () => {
    const r = registerUserSchema.safeParse({ firstName: 'A', lastName: 'B', username: 'abcd', email: 'a@b.test', password: 'x', acceptTerms: true });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['ageConfirmed', 'Confirm that you are old enough to use this site']]);
  });
});
