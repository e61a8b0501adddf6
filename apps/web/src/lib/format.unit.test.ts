import { describe, expect, it } from 'vitest';
import { count, money, moneyAxis, percent, plural } from './format';

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
