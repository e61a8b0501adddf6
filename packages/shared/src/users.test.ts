import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS, isReservedUsername, MIN_MAX_PAIRS, PUBLIC_SETTING_KEYS, RESERVED_USERNAMES, SECRET_SETTING_KEYS, SETTINGS,
  checkSettingConsistency, fromMinor, passwordSchema, postLoginPath, toMinor, updateUserSchema, usernameSchema,
  BIRTH_DATE_MESSAGES, birthDateProblem, registerPerformerSchema, updatePerformerSchema,
} from './index';

const issue = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => r.error?.issues[0]?.message;

describe('usernameSchema', () => {
  it('folds case and trims', () => {
    expect(usernameSchema.parse('  Alice_01 ')).toBe('alice_01');
    expect(usernameSchema.parse('BOB-X')).toBe('bob-x');
  });

  it('is 3 to 30 characters', () => {
    expect(usernameSchema.safeParse('ab').success).toBe(false);
    expect(usernameSchema.safeParse('abc').success).toBe(true);
    expect(usernameSchema.safeParse('a'.repeat(30)).success).toBe(true);
    expect(usernameSchema.safeParse('a'.repeat(31)).success).toBe(false);
    expect(issue(usernameSchema.safeParse('ab'))).toMatch(/3–30/);
  });

  it('allows only lowercase letters, digits, _ and -', () => {
    for (const bad of ['has space', 'dot.ted', 'at@sign', 'émile', 'slash/x', 'emoji😀x', 'semi;colon', '../etc']) {
      expect(usernameSchema.safeParse(bad).success, bad).toBe(false);
    }
    for (const good of ['under_score', 'dash-ed', '123', 'a1_b2-c3']) expect(usernameSchema.safeParse(good).success, good).toBe(true);
  });

  it('refuses reserved words in any case', () => {
    for (const word of ['admin', 'Home', 'AUTH', 'creator', 'user', 'settings', 'api', 'files', 'healthz']) {
      const r = usernameSchema.safeParse(word);
      expect(r.success, word).toBe(false);
      expect(issue(r)).toBe('This username is reserved, please choose another');
    }
    // Every reserved word that fits the pattern is refused by the reserved rule.
    for (const w of RESERVED_USERNAMES) expect(usernameSchema.safeParse(w).success, w).toBe(false);
    // Only the exact word: a longer name containing it is fine.
    expect(usernameSchema.safeParse('admins_fan').success).toBe(true);
    expect(usernameSchema.safeParse('homer').success).toBe(true);
  });

  it('updateUserSchema folds and checks the form the same way, but leaves the reserved rule to the service (only a changed username is refused)', () => {
    expect(updateUserSchema.parse({ username: 'MiXeD' }).username).toBe('mixed');
    expect(updateUserSchema.safeParse({ username: 'a!' }).success).toBe(false);
    expect(updateUserSchema.parse({ username: 'Login' }).username).toBe('login');
    expect(isReservedUsername(' LOGIN ')).toBe(true);
    expect(isReservedUsername('logins')).toBe(false);
    expect(updateUserSchema.parse({ email: ' Me@Example.COM ' }).email).toBe('me@example.com');
    expect(updateUserSchema.parse({ country: 'fr' }).country).toBe('FR');
  });
});

describe('passwordSchema', () => {
  it('needs 8 to 128 characters', () => {
    expect(issue(passwordSchema.safeParse('ab1'))).toBe('Password must be at least 8 characters');
    expect(passwordSchema.safeParse('abcdef1!').success).toBe(true);
    expect(passwordSchema.safeParse(`a1${'x'.repeat(126)}`).success).toBe(true);
    expect(issue(passwordSchema.safeParse(`a1${'x'.repeat(127)}`))).toBe('Password must be at most 128 characters');
  });

  it('must mix letters with digits or symbols', () => {
    expect(issue(passwordSchema.safeParse('onlyletters'))).toBe('Password must mix letters with digits or symbols');
    expect(passwordSchema.safeParse('12345678901').success).toBe(false);
    expect(passwordSchema.safeParse('!!!!????').success).toBe(false);
    expect(passwordSchema.safeParse('letters and spaces').success).toBe(true);
    expect(passwordSchema.safeParse('correct-horse-7').success).toBe(true);
  });

  it('refuses the most common passwords in any case', () => {
    for (const p of ['password1', 'Password123', 'PASSW0RD', 'qwerty123', 'P@ssw0rd']) {
      expect(issue(passwordSchema.safeParse(p)), p).toBe('This password is too common, please choose another');
    }
  });
});

describe('postLoginPath (spec §2)', () => {
  const base = { _id: '0190aaaa-0000-7000-8000-000000000001' };
  it('a fan with e-mail and username → /home', () => {
    expect(postLoginPath({ ...base, isPerformer: false, email: 'a@x.test', username: 'fan1' })).toBe('/home');
  });
  it('a fan missing e-mail or username → /user/account', () => {
    expect(postLoginPath({ ...base, isPerformer: false, email: null, username: 'fan1' })).toBe('/user/account');
    expect(postLoginPath({ ...base, isPerformer: false, email: 'a@x.test', username: null })).toBe('/user/account');
    expect(postLoginPath({ ...base, isPerformer: false, email: '', username: '' })).toBe('/user/account');
  });
  it('a creator with both → /{username}', () => {
    expect(postLoginPath({ ...base, isPerformer: true, email: 'c@x.test', username: 'starlet' })).toBe('/starlet');
  });
  it('a creator missing e-mail or username → /creator/account', () => {
    expect(postLoginPath({ ...base, isPerformer: true, email: null, username: 'starlet' })).toBe('/creator/account');
    expect(postLoginPath({ ...base, isPerformer: true, email: 'c@x.test', username: null })).toBe('/creator/account');
  });
});

describe('money: toMinor / fromMinor', () => {
  it('converts decimals to integer minor units without float drift', () => {
    expect(toMinor(2.95)).toBe(295);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(19.99)).toBe(1999);
    expect(toMinor(1.005 * 1000)).toBe(100500);
    expect(toMinor(300)).toBe(30000);
    expect(toMinor(0)).toBe(0);
    expect(toMinor(-4.2)).toBe(-420);
    for (let cents = 0; cents < 100_000; cents += 7) expect(toMinor(cents / 100)).toBe(cents);
  });
  it('converts back (numbers and bigints)', () => {
    expect(fromMinor(295)).toBe(2.95);
    expect(fromMinor(1_000_000)).toBe(10000);
    expect(fromMinor(BigInt(1999))).toBe(19.99);
    expect(fromMinor(0)).toBe(0);
    for (let cents = 0; cents < 100_000; cents += 13) expect(toMinor(fromMinor(cents))).toBe(cents);
  });
  it('refuses non-finite amounts', () => {
    expect(() => toMinor(Number.NaN)).toThrow(RangeError);
    expect(() => toMinor(Infinity)).toThrow(RangeError);
  });
});

describe('settings rules', () => {
  it('has the §9 defaults', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      requireEmailVerification: false, paymentGateway: 'stripe', freeSubscriptionEnabled: true, freeSubscriptionDuration: 1,
      minimumSubscriptionPrice: 2.95, maximumSubscriptionPrice: 300, minimumWalletPrice: 2.95, maximumWalletPrice: 300,
      minimumTipPrice: 10, maximumTipPrice: 10000, minimumPayoutAmount: 50,
    });
    // Every default passes its own schema.
    for (const [k, d] of Object.entries(SETTINGS)) expect(d.schema.safeParse(d.default).success, k).toBe(true);
  });

  it('no secret is public', () => {
    expect(SECRET_SETTING_KEYS.length).toBeGreaterThan(0);
    for (const k of SECRET_SETTING_KEYS) expect(PUBLIC_SETTING_KEYS).not.toContain(k);
  });

  it('prices are positive with at most two decimals', () => {
    const price = SETTINGS.minimumTipPrice.schema;
    for (const ok of [0.01, 2.95, 19.99, 4.35, 999999.99]) expect(price.safeParse(ok).success, String(ok)).toBe(true);
    for (const bad of [0, -1, 1.005, 1_000_001, Number.NaN, '5']) expect(price.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('checkSettingConsistency keeps each minimum ≤ its maximum', () => {
    expect(MIN_MAX_PAIRS).toHaveLength(3);
    expect(checkSettingConsistency(DEFAULT_SETTINGS, 'minimumTipPrice', 10000)).toBeNull();
    expect(checkSettingConsistency(DEFAULT_SETTINGS, 'minimumTipPrice', 10000.01)).toBe('minimumTipPrice must not be greater than maximumTipPrice');
    expect(checkSettingConsistency(DEFAULT_SETTINGS, 'maximumTipPrice', 9.99)).toBe('minimumTipPrice must not be greater than maximumTipPrice');
    expect(checkSettingConsistency(DEFAULT_SETTINGS, 'maximumSubscriptionPrice', 2)).toBe('minimumSubscriptionPrice must not be greater than maximumSubscriptionPrice');
    expect(checkSettingConsistency(DEFAULT_SETTINGS, 'minimumWalletPrice', 301)).toBe('minimumWalletPrice must not be greater than maximumWalletPrice');
    expect(checkSettingConsistency(DEFAULT_SETTINGS, 'maximumWalletPrice', 2.95)).toBeNull();
    // Keys outside the pairs never conflict; the input map is not modified.
    expect(checkSettingConsistency(DEFAULT_SETTINGS, 'siteName', 'x')).toBeNull();
    // Stripe Tax needs the Stripe gateway with its secret key (default: stripe without a key → the sandbox runs).
    expect(checkSettingConsistency(DEFAULT_SETTINGS, 'salesTaxEngine', 'stripe_tax')).toMatch(/only while the payment gateway is Stripe/);
    const stripeOn = { ...DEFAULT_SETTINGS, stripeSecretKey: 'sk_test_x' };
    expect(checkSettingConsistency(stripeOn, 'salesTaxEngine', 'stripe_tax')).toBeNull();
    expect(checkSettingConsistency({ ...stripeOn, salesTaxEngine: 'stripe_tax' }, 'paymentGateway', 'sandbox')).toMatch(/only while the payment gateway is Stripe/);
    expect(DEFAULT_SETTINGS.maximumTipPrice).toBe(10000);
    // It checks the map as it would be after the change, other pairs included.
    const broken = { ...DEFAULT_SETTINGS, minimumWalletPrice: 500 };
    expect(checkSettingConsistency(broken, 'minimumTipPrice', 11)).toBe('minimumWalletPrice must not be greater than maximumWalletPrice');
  });
});

describe('creator date of birth (issue 26 §4.7)', () => {
  const today = new Date('2026-03-01T12:00:00Z');
  it('must be a real calendar date from 1900 on, not in the future, and 18 years ago or more', () => {
    expect(birthDateProblem('0601-02-01', today)).toBe(BIRTH_DATE_MESSAGES.tooOld);
    expect(birthDateProblem('1899-12-31', today)).toBe(BIRTH_DATE_MESSAGES.tooOld);
    expect(birthDateProblem('1995-02-30', today)).toBe(BIRTH_DATE_MESSAGES.notReal);
    expect(birthDateProblem('1995-13-01', today)).toBe(BIRTH_DATE_MESSAGES.notReal);
    expect(birthDateProblem('03/04/1995', today)).toBe(BIRTH_DATE_MESSAGES.format);
    expect(birthDateProblem('2026-03-02', today)).toBe(BIRTH_DATE_MESSAGES.future);
    expect(birthDateProblem('2009-01-01', today)).toBe(BIRTH_DATE_MESSAGES.underage);
    // 18 today (a 29 February birthday turns 18 on 1 March of a common year).
    expect(birthDateProblem('2008-03-01', today)).toBeNull();
    expect(birthDateProblem('2008-02-29', today)).toBeNull();
    expect(birthDateProblem('2008-03-02', today)).toBe(BIRTH_DATE_MESSAGES.underage);
    expect(birthDateProblem('1900-01-01', today)).toBeNull();
    expect(birthDateProblem('1995-04-03', today)).toBeNull();
  });
  it('the registration and profile schemas apply it', () => {
    for (const schema of [registerPerformerSchema.shape.dateOfBirth, updatePerformerSchema.shape.dateOfBirth]) {
      expect(issue(schema.safeParse('0601-02-01'))).toBe(BIRTH_DATE_MESSAGES.tooOld);
      expect(schema.safeParse('1995-04-03').success).toBe(true);
    }
  });
});
