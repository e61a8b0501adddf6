import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyMinor, formatNumber, formatPercent } from './format';

describe('formatMoney / formatNumber (issue 26 §4.20: Intl, thousands separators)', () => {
  it('money: currency sign, thousands separators, two decimals', () => {
    expect(formatMoney(10000)).toBe('$10,000.00');
    expect(formatMoney(4.99)).toBe('$4.99');
    expect(formatMoney(1234567.5)).toBe('$1,234,567.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(null)).toBe('$0.00');
    expect(formatMoney(-12.5)).toBe('-$12.50');
  });
  it('minor units (the API inside) format the same way', () => {
    expect(formatMoneyMinor(1000000)).toBe('$10,000.00');
    expect(formatMoneyMinor(499)).toBe('$4.99');
  });
  it('numbers: thousands separators, no forced decimals', () => {
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(undefined)).toBe('0');
    expect(formatNumber(1234.5)).toBe('1,234.5');
  });
  it('percentages: up to two decimals', () => {
    expect(formatPercent(20)).toBe('20%');
    expect(formatPercent(12.5)).toBe('12.5%');
  });
});

describe('formatting in the reader’s language (issue 34 §3)', () => {
  it('writes money, numbers and percentages the locale’s way', () => {
    expect(formatMoney(10000, 'es')).toMatch(/^10\.000,00\s?US\$$/);
    expect(formatMoney(1234.5, 'de')).toMatch(/^1\.234,50\s\$$/);
    expect(formatMoney(1234.5, 'pt-BR')).toMatch(/^US\$\s1\.234,50$/);
    expect(formatMoney(1234.5, 'fr')).toMatch(/^1\s234,50\s\$US$/);
    expect(formatMoney(1234.5, 'en')).toBe('$1,234.50');
    expect(formatNumber(12345.5, 'de')).toBe('12.345,5');
    expect(formatPercent(12.5, 'fr')).toMatch(/^12,5\s%$/);
    expect(formatMoneyMinor(499, 'es')).toMatch(/^4,99\s?US\$$/);
  });
});
