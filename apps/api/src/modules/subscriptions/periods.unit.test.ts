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
