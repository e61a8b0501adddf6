import { describe, expect, it } from 'vitest';
import { customDays, rangeLabel } from './dashboard-format';

describe('customDays', () => {
  it('both dates, in order, at most 366 days → the custom range', () => {
    expect(customDays('2025-01-01', '2025-01-31')).toEqual({ ok: true, from: '2025-01-01', to: '2025-01-31', problem: null });
    expect(customDays('2025-01-01', '2025-01-01')).toMatchObject({ ok: true });
    expect(customDays('2024-01-01', '2024-12-31')).toMatchObject({ ok: true }); // 366 days (leap year)
  });
  it('one date, or a malformed one, leaves the range switch in charge', () => {
    expect(customDays('2025-01-01', null)).toEqual({ ok: false, problem: null });
    expect(customDays(null, '2025-01-01')).toEqual({ ok: false, problem: null });
    expect(customDays('01/02/2025', '2025-01-03')).toEqual({ ok: false, problem: null });
  });
  it('reversed or too long → a problem to show (the API would answer 400)', () => {
    expect(customDays('2025-01-05', '2025-01-01')).toEqual({ ok: false, problem: 'The start date is after the end date.' });
    expect(customDays('2024-01-01', '2025-01-01')).toEqual({ ok: false, problem: 'Choose at most 366 days.' });
  });
});

describe('rangeLabel', () => {
  it('one day, or first – last', () => {
    expect(rangeLabel('2025-01-03', '2025-01-03')).toBe('January 3, 2025');
    expect(rangeLabel('2025-01-01', '2025-01-07')).toBe('Jan 1 – January 7, 2025');
  });
});
