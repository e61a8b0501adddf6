import { describe, expect, it } from 'vitest';
import { bpsAsPercent, taxFor, taxOfKind, taxResidenceInputSchema, taxRuleInputSchema } from './sales-tax';

describe('taxFor: the one sales tax computation (integer minor units, half up)', () => {
  it('exclusive: the tax on top — $9.95 at 19% → $1.89, total $11.84', () => {
    expect(taxFor(995, { rateBps: 1900, inclusive: false })).toEqual({ net: 995, tax: 189, total: 1184 });
  });
  it('inclusive: carved out — $9.95 at 19% → $1.59 inside (995 × 0.19 / 1.19 = 158.87)', () => {
    expect(taxFor(995, { rateBps: 1900, inclusive: true })).toEqual({ net: 836, tax: 159, total: 995 });
  });
  it('rounds half up, exactly at the half cent', () => {
    // 50 × 1% = 0.5 → 1; 49 × 1% = 0.49 → 0
    expect(taxFor(50, { rateBps: 100, inclusive: false }).tax).toBe(1);
    expect(taxFor(49, { rateBps: 100, inclusive: false }).tax).toBe(0);
    // 1000 × 825 / 10825 = 76.2124… → 76; 2165 × 10000 / 20000 = 1082.5 → 1083
    expect(taxFor(1000, { rateBps: 825, inclusive: true })).toEqual({ net: 924, tax: 76, total: 1000 });
    expect(taxFor(2165, { rateBps: 10_000, inclusive: true })).toEqual({ net: 1082, tax: 1083, total: 2165 });
  });
  it('no rule, a rate of 0 or a price of 0 → no tax', () => {
    expect(taxFor(995, null)).toEqual({ net: 995, tax: 0, total: 995 });
    expect(taxFor(995, { rateBps: 0, inclusive: false })).toEqual({ net: 995, tax: 0, total: 995 });
    expect(taxFor(0, { rateBps: 1900, inclusive: false })).toEqual({ net: 0, tax: 0, total: 0 });
  });
  it('net + tax = total always, and big amounts stay exact', () => {
    for (const price of [1, 7, 99, 1234, 99_999, 9_007_199_254_740]) {
      for (const rule of [{ rateBps: 725, inclusive: false }, { rateBps: 2000, inclusive: true }]) {
        const r = taxFor(price, rule);
        expect(r.net + r.tax).toBe(r.total);
        expect(rule.inclusive ? r.total : r.net).toBe(price);
      }
    }
  });
  it('refuses what is not an amount of minor units or a rate', () => {
    expect(() => taxFor(1.5, null)).toThrow(RangeError);
    expect(() => taxFor(-1, null)).toThrow(RangeError);
    expect(() => taxFor(100, { rateBps: 10_001, inclusive: false })).toThrow(RangeError);
  });
});

describe('rules and places', () => {
  it('a rule applies to the kinds it names only', () => {
    const vat = { label: 'VAT', rateBps: 1900, inclusive: true, kinds: ['tip' as const] };
    expect(taxOfKind(vat, 'tip')).toBe(vat);
    expect(taxOfKind(vat, 'subscription')).toBeNull();
    expect(bpsAsPercent(1900)).toBe('19%');
    expect(bpsAsPercent(825)).toBe('8.25%');
    expect(bpsAsPercent(750)).toBe('7.5%');
  });
  it('validates rate, country and region (US states and Canadian provinces only)', () => {
    const ok = { country: 'us', region: 'ca', label: 'Sales tax', rateBps: 725, inclusive: false, kinds: ['tip'] };
    expect(taxRuleInputSchema.parse(ok)).toMatchObject({ country: 'US', region: 'CA', active: true });
    const fields = (v: object) => taxRuleInputSchema.safeParse(v).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(fields({ ...ok, rateBps: 10_001 })).toEqual(['rateBps']);
    expect(fields({ ...ok, rateBps: 1.5 })).toEqual(['rateBps']);
    expect(fields({ ...ok, country: 'DE', region: 'BY' })).toEqual(['region']);
    expect(fields({ ...ok, region: 'ZZ' })).toEqual(['region']);
    expect(fields({ ...ok, country: 'USA' })).toEqual(['country']);
    expect(fields({ ...ok, kinds: [] })).toEqual(['kinds']);
    expect(taxResidenceInputSchema.safeParse({ country: 'US' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['region']);
    expect(taxResidenceInputSchema.parse({ country: 'de' })).toEqual({ country: 'DE', region: null });
  });
});
