import { describe, expect, it } from 'vitest';
import { accessText, formatDuration, fromLocalInput, toLocalInput } from './video-format';

describe('formatDuration', () => {
  it('shows minutes and seconds, hours when there are some', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
  it('is empty for an unknown length', () => {
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(undefined)).toBe('');
    expect(formatDuration(Number.NaN)).toBe('');
    expect(formatDuration(-1)).toBe('');
  });
});

describe('accessText', () => {
  it('names the access, with the price of a sale video', () => {
    expect(accessText({ access: 'free', price: null })).toBe('Free');
    expect(accessText({ access: 'subscribers', price: null })).toBe('Subscribers');
    expect(accessText({ access: 'sale', price: 4.5 })).toBe('$4.50');
    expect(accessText({ access: 'sale', price: 12000 })).toBe('$12,000.00');
  });
});

describe('toLocalInput / fromLocalInput', () => {
  it('round-trips a local date-time to the minute', () => {
    const d = new Date(2026, 11, 31, 20, 5, 42);
    const v = toLocalInput(d);
    expect(v).toBe('2026-12-31T20:05');
    expect(fromLocalInput(v)?.getTime()).toBe(new Date(2026, 11, 31, 20, 5).getTime());
    expect(fromLocalInput('')).toBeNull();
  });
});
