import { describe, expect, it } from 'vitest';
import { dayKey, dropTime, groupByDay, shiftAnchor, startOfWeek, viewDays } from './calendar';

describe('calendar days', () => {
  it('weeks start on Monday', () => {
    expect(dayKey(startOfWeek(new Date(2026, 11, 3, 15)))).toBe('2026-11-30');
    expect(dayKey(startOfWeek(new Date(2026, 10, 29, 9)))).toBe('2026-11-23');
  });
  it('a week view has 7 days; a month view whole weeks, at most 42 days', () => {
    const week = viewDays('week', new Date(2026, 11, 3));
    expect(week.map(dayKey)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    const month = viewDays('month', new Date(2026, 11, 15));
    expect(month.length % 7).toBe(0);
    expect(month.length).toBeLessThanOrEqual(42);
    expect(dayKey(month[0]!)).toBe('2026-11-30');
    expect(dayKey(month.at(-1)!)).toBe('2027-01-03');
    for (let m = 0; m < 24; m++) expect(viewDays('month', new Date(2026, m, 1)).length).toBeLessThanOrEqual(42);
  });
  it('steps a week or a month', () => {
    expect(dayKey(shiftAnchor('week', new Date(2026, 11, 3), 1))).toBe('2026-12-10');
    expect(dayKey(shiftAnchor('month', new Date(2026, 11, 31), 1))).toBe('2027-01-01');
  });
});

describe('dropTime', () => {
  const at = new Date(2026, 11, 1, 9, 30).toISOString();
  it('week slot: the slot day and hour, the minutes kept', () => {
    const d = dropTime(at, new Date(2026, 11, 4), 14);
    expect([d.getDate(), d.getHours(), d.getMinutes()]).toEqual([4, 14, 30]);
  });
  it('month day: the time of day kept', () => {
    const d = dropTime(at, new Date(2026, 11, 20), null);
    expect([d.getDate(), d.getHours(), d.getMinutes()]).toEqual([20, 9, 30]);
  });
});

describe('groupByDay', () => {
  it('groups by local day', () => {
    const a = { id: 'a', kind: 'post' as const, title: 'A', at: new Date(2026, 11, 1, 8).toISOString(), status: 'scheduled' as const, movable: true };
    const b = { ...a, id: 'b', at: new Date(2026, 11, 1, 22).toISOString() };
    const c = { ...a, id: 'c', at: new Date(2026, 11, 2, 1).toISOString() };
    const g = groupByDay([a, b, c]);
    expect(g.get('2026-12-01')!.map((i) => i.id)).toEqual(['a', 'b']);
    expect(g.get('2026-12-02')!.map((i) => i.id)).toEqual(['c']);
  });
});
