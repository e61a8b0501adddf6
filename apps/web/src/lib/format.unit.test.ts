import { describe, expect, it } from 'vitest';
import { bytes, count, duration, formatIn, money, moneyAxis, percent, plural } from './format';

describe('web amounts and numbers go through Intl (issue 26 §4.20)', () => {
  it('money has thousands separators', () => {
    expect(money(10000)).toBe('$10,000.00');
    expect(money(3.5)).toBe('$3.50');
  });
  it('counts and percentages', () => {
    expect(count(1234567)).toBe('1,234,567');
    expect(percent(20)).toBe('20%');
    expect(plural(1500, 'report')).toBe('1,500 reports');
    expect(moneyAxis(1500)).toBe('$1.5K');
    expect(moneyAxis(20)).toBe('$20');
  });
});

describe('sizes and durations (the console\'s System section)', () => {
  it('shows bytes in powers of 1024', () => {
    expect(bytes(0)).toBe('0 bytes');
    expect(bytes(1)).toBe('1 byte');
    expect(bytes(1023)).toBe('1,023 bytes');
    expect(bytes(1536)).toBe('1.5 KB');
    expect(bytes(3 * 1024 ** 3)).toBe('3 GB');
    expect(bytes(150 * 1024 ** 2)).toBe('150 MB');
  });
  it('shows ages and uptimes in their two largest units', () => {
    expect(duration(45)).toBe('45 s');
    expect(duration(120)).toBe('2 min');
    expect(duration(3720)).toBe('1 h 2 min');
    expect(duration(200_000)).toBe('2 d 7 h');
  });
});

describe('formatIn: the same helpers in the reader’s language (issue 34 §3)', () => {
  it('writes money, counts and dates the locale’s way', () => {
    const es = formatIn('es');
    expect(es.money(10000)).toMatch(/^10\.000,00\sUS\$$/);
    expect(es.count(1234567)).toBe('1.234.567');
    expect(es.monthYear('2026-03-05T12:00:00Z')).toBe('marzo de 2026');
    expect(formatIn('en').shortDate('2026-03-05T12:00:00Z')).toBe('Mar 5, 2026');
    expect(es.shortDate('2026-03-05T12:00:00Z')).toBe('5 mar 2026');
    expect(es.shortDate('not a date')).toBe('');
    expect(formatIn('de').fullDate('2026-03-05T12:00:00Z')).toMatch(/^05\.03\.2026, \d\d:00$/);
    expect(formatIn('fr').timeLeft('2026-03-08T12:00:00Z', Date.parse('2026-03-05T12:00:00Z'))).toMatch(/^3\sjours$/);
    expect(formatIn('en').money(10000)).toBe('$10,000.00');
    expect(formatIn('en').timeAgo('2026-03-05T11:55:00Z', Date.parse('2026-03-05T12:00:00Z'))).toBe('5m');
    expect(formatIn('pt-BR').timeAgo('2026-03-05T11:55:00Z', Date.parse('2026-03-05T12:00:00Z'))).toBe('há 5 min.');
  });
});
