import { describe, expect, it } from 'vitest';
import { calendarPreview, calendarQuerySchema, calendarTimeError } from './calendar';

describe('calendarPreview', () => {
  it('strips markup and entities and collapses spaces', () => {
    expect(calendarPreview('<p>Hello&nbsp;<b>fans</b> &amp; friends</p>\n<p>more</p>', 'Post')).toBe('Hello fans & friends more');
  });
  it('falls back when there is no text', () => {
    expect(calendarPreview('<p> </p>', 'Photo post')).toBe('Photo post');
  });
  it('cuts long texts with an ellipsis', () => {
    const t = calendarPreview('a'.repeat(200), 'x', 10);
    expect(t).toHaveLength(10);
    expect(t.endsWith('…')).toBe(true);
  });
});

describe('calendarTimeError', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  it('refuses the past and now', () => {
    expect(calendarTimeError(new Date('2026-01-10T11:00:00Z'), now)).toMatch(/future/);
    expect(calendarTimeError(now, now)).toMatch(/future/);
  });
  it('refuses more than a year ahead', () => {
    expect(calendarTimeError(new Date('2027-02-10T12:00:00Z'), now)).toMatch(/year/);
  });
  it('accepts the coming year', () => {
    expect(calendarTimeError(new Date('2026-01-11T09:00:00Z'), now)).toBeNull();
  });
});

describe('calendarQuerySchema', () => {
  it('takes up to 42 days', () => {
    expect(calendarQuerySchema.safeParse({ from: '2026-01-01T00:00:00Z', to: '2026-02-12T00:00:00Z' }).success).toBe(true);
    expect(calendarQuerySchema.safeParse({ from: '2026-01-01T00:00:00Z', to: '2026-02-13T00:00:00Z' }).success).toBe(false);
  });
  it('wants the end after the start', () => {
    expect(calendarQuerySchema.safeParse({ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }).success).toBe(false);
  });
});
