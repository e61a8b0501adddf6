import { describe, expect, it } from 'vitest';
import { ageRestricted, ageVerificationRequired, placeListed } from './age';
import { birthDateProblem, BIRTH_DATE_MESSAGES } from './users';

describe('the place rule (age assurance)', () => {
  it('a listed country matches its code; a listed region matches its whole country; unknown places match nothing', () => {
    expect(placeListed(['GB'], 'GB')).toBe(true);
    expect(placeListed(['GB'], 'gb')).toBe(true);
    expect(placeListed(['GB'], 'FR')).toBe(false);
    expect(placeListed(['US-UT'], 'US')).toBe(true);
    expect(placeListed(['US-UT'], 'UA')).toBe(false);
    expect(placeListed(['GB'], null)).toBe(false);
  });
  it('required when the account country OR the request country is listed', () => {
    const places = ['GB', 'US-LA'];
    expect(ageVerificationRequired(places, { accountCountry: 'GB', requestCountry: null })).toBe(true);
    expect(ageVerificationRequired(places, { accountCountry: 'FR', requestCountry: 'GB' })).toBe(true);
    expect(ageVerificationRequired(places, { accountCountry: 'FR', requestCountry: 'DE' })).toBe(false);
    expect(ageVerificationRequired([], { accountCountry: 'GB', requestCountry: 'GB' })).toBe(false);
    expect(ageVerificationRequired(places, {})).toBe(false);
  });
  it('restricted until approved; creators and operators exempt', () => {
    expect(ageRestricted({ required: true, exempt: false, status: 'none' })).toBe(true);
    expect(ageRestricted({ required: true, exempt: false, status: 'pending' })).toBe(true);
    expect(ageRestricted({ required: true, exempt: false, status: 'rejected' })).toBe(true);
    expect(ageRestricted({ required: true, exempt: false, status: 'approved' })).toBe(false);
    expect(ageRestricted({ required: true, exempt: true, status: 'none' })).toBe(false);
    expect(ageRestricted({ required: false, exempt: false, status: 'none' })).toBe(false);
  });
});

describe('the minimum age on real calendar dates (creators, birthDateProblem)', () => {
  const today = new Date('2026-11-28T10:00:00Z');
  it('18 today is old enough; the 18th birthday tomorrow is still too young', () => {
    expect(birthDateProblem('2008-11-28', today)).toBeNull();
    expect(birthDateProblem('2008-11-29', today)).toBe(BIRTH_DATE_MESSAGES.underage);
  });
  it('a 29 February birthday: 18 on 1 March in a common year, not on 28 February', () => {
    expect(birthDateProblem('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(BIRTH_DATE_MESSAGES.underage);
    expect(birthDateProblem('2008-02-29', new Date('2026-03-01T00:00:00Z'))).toBeNull();
  });
  it('dates that do not exist are refused, not rolled over', () => {
    expect(birthDateProblem('2001-02-30', today)).toBe(BIRTH_DATE_MESSAGES.notReal);
    expect(birthDateProblem('2001-13-01', today)).toBe(BIRTH_DATE_MESSAGES.notReal);
  });
});
