import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from './periods';

describe('addMonths', () => {
  it('adds calendar months keeping the time of day', () => {
    expect(addMonths(new Date('2026-03-15T10:20:30.000Z')).toISOString()).toBe('2026-04-15T10:20:30.000Z');
    expect(addMonths(new Date('2026-12-01T00:00:00.000Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
  it('clamps to the end of shorter months', () => {
    expect(addMonths(new Date('2026-01-31T12:00:00.000Z')).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T12:00:00.000Z')).toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(addMonths(new Date('2026-05-31T12:00:00.000Z')).toISOString()).toBe('2026-06-30T12:00:00.000Z');
  });
  it('adds days', () => {
    expect(addDays(new Date('2026-02-28T00:00:00.000Z'), 1).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});

describe('a bundle period: N calendar months, the day clamped', () => {
  it('lasts 3, 6 and 12 months from the day bought', () => {
    const d = new Date('2027-01-15T10:00:00Z');
    expect(addMonths(d, 3).toISOString()).toBe('2027-04-15T10:00:00.000Z');
    expect(addMonths(d, 6).toISOString()).toBe('2027-07-15T10:00:00.000Z');
    expect(addMonths(d, 12).toISOString()).toBe('2028-01-15T10:00:00.000Z');
  });
  it('clamps the day to the end month (Nov 30 + 3 → Feb 28/29; Aug 31 + 6 → Feb 28)', () => {
    expect(addMonths(new Date('2026-11-30T00:00:00Z'), 3).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2027-11-30T00:00:00Z'), 3).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(new Date('2027-08-31T00:00:00Z'), 6).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(new Date('2027-05-31T00:00:00Z'), 12).toISOString()).toBe('2028-05-31T00:00:00.000Z');
  });
});
