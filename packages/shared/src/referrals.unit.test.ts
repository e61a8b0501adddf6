import { describe, expect, it } from 'vitest';
import { referralShare } from './referrals';

describe('referralShare (the referrer\'s part of a sale\'s commission)', () => {
  it('is floor(commission × share), so the site keeps the rest and never goes below zero', () => {
    expect(referralShare(600, 1000)).toBe(60);
    expect(referralShare(200, 3333)).toBe(66); // 66.66 → 66
    expect(referralShare(199, 5000)).toBe(99); // 99.5 → 99
    expect(referralShare(1, 9999)).toBe(0);
    expect(referralShare(0, 10_000)).toBe(0);
    expect(referralShare(777, 10_000)).toBe(777);
    expect(referralShare(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
  });
  it('refuses what is not minor units or basis points', () => {
    expect(() => referralShare(-1, 1000)).toThrow(RangeError);
    expect(() => referralShare(1.5, 1000)).toThrow(RangeError);
    expect(() => referralShare(100, 10_001)).toThrow(RangeError);
    expect(() => referralShare(100, 12.5)).toThrow(RangeError);
  });
});
