import { describe, expect, it } from 'vitest';
import { cohortTable, daysOf, monthsBetween, percentChange, percentOf, statisticsPeriod, statisticsQuerySchema } from './statistics';

describe('statistics periods', () => {
  it('defaults to the last 30 days up to today, compared with the 30 days before', () => {
    expect(statisticsPeriod({}, '2026-03-10')).toEqual({ from: '2026-02-09', to: '2026-03-10', days: 30, previousFrom: '2026-01-10', previousTo: '2026-02-08' });
  });
  it('a given period: the previous one is as long and ends the day before (leap years, month ends)', () => {
    expect(statisticsPeriod({ from: '2024-03-01', to: '2024-03-31' }, '2026-01-01')).toMatchObject({ days: 31, previousFrom: '2024-01-30', previousTo: '2024-02-29' });
    expect(statisticsPeriod({ from: '2026-01-01', to: '2026-01-01' }, '2026-05-05')).toMatchObject({ days: 1, previousFrom: '2025-12-31', previousTo: '2025-12-31' });
    expect(statisticsPeriod({ from: '2026-01-01' }, '2026-01-10')).toMatchObject({ to: '2026-01-10', days: 10 });
    expect(statisticsPeriod({ to: '2026-01-30' }, '2026-05-05')).toMatchObject({ from: '2026-01-01', days: 30 });
  });
  it('every day of a period', () => {
    expect(daysOf('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
  });
  it('refuses bad dates, reversed and too long periods', () => {
    expect(statisticsQuerySchema.safeParse({ from: '2025-02-30' }).success).toBe(false);
    expect(statisticsQuerySchema.safeParse({ from: '2025-03-02', to: '2025-03-01' }).success).toBe(false);
    expect(statisticsQuerySchema.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true); // 366 days
    expect(statisticsQuerySchema.safeParse({ from: '2024-01-01', to: '2025-01-01' }).success).toBe(false); // 367
  });
});

describe('comparison', () => {
  it('percent change with one decimal; unknown without a previous figure', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(-5, -10)).toBe(50);
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(0, 0)).toBeNull();
  });
});

describe('cohorts', () => {
  it('retention by month of first subscription, up to the last month', () => {
    expect(monthsBetween('2025-11-01', '2026-02-01')).toBe(3);
    const rows = [
      { cohortMonth: '2026-01-01', activeMonth: '2026-01-01', fans: 4 },
      { cohortMonth: '2026-01-01', activeMonth: '2026-02-01', fans: 3 },
      { cohortMonth: '2026-01-01', activeMonth: '2026-03-01', fans: 1 },
      { cohortMonth: '2026-02-01', activeMonth: '2026-02-01', fans: 2 },
    ];
    expect(cohortTable(rows, '2026-03-01')).toEqual([
      { month: '2026-01-01', fans: 4, retention: [100, 75, 25] },
      { month: '2026-02-01', fans: 2, retention: [100, 0] },
    ]);
  });
});
