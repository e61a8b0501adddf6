/**
 * The calendar's date arithmetic, in the browser's local time (pure, unit-tested): weeks start on
 * Monday; a month view shows the whole weeks around the month (at most 42 days — the API's limit).
 */
import type { CalendarItem, CalendarKind } from '@stagepass/shared';

export type CalendarView = 'week' | 'month';
export const DAY_MS = 86_400_000;

export const KIND_LABEL: Record<CalendarKind, string> = {
  post: 'Post',
  video: 'Video',
  gallery: 'Gallery',
  mass_message: 'Mass message',
  stream: 'Planned stream',
};

/** Midnight (local) of `d`'s day. */
export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}
export function addDays(d: Date, n: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n, d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds());
}
/** Monday 00:00 of `d`'s week. */
export function startOfWeek(d: Date): Date {
  const day = startOfDay(d);
  return addDays(day, -((day.getDay() + 6) % 7));
}

/** The days a view shows around `anchor`: 7 for a week, the whole weeks covering the month for a month. */
export function viewDays(view: CalendarView, anchor: Date): Date[] {
  if (view === 'week') {
    const first = startOfWeek(anchor);
    return Array.from({ length: 7 }, (_, i) => addDays(first, i));
  }
  const firstOfMonth = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
  const lastOfMonth = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
  const first = startOfWeek(firstOfMonth);
  const end = addDays(startOfWeek(lastOfMonth), 7);
  const days: Date[] = [];
  for (let d = first; d < end; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The anchor one step back or ahead (a week, or a month). */
export function shiftAnchor(view: CalendarView, anchor: Date, step: -1 | 1): Date {
  return view === 'week' ? addDays(anchor, 7 * step) : new Date(anchor.getFullYear(), anchor.getMonth() + step, 1);
}

/** `YYYY-MM-DD` of a local day (keys for grouping items by day). */
export function dayKey(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Items by local day, then (week view) by hour. */
export function groupByDay(items: CalendarItem[]): Map<string, CalendarItem[]> {
  const out = new Map<string, CalendarItem[]>();
  for (const it of items) {
    const k = dayKey(new Date(it.at));
    out.set(k, [...(out.get(k) ?? []), it]);
  }
  return out;
}

/**
 * Where a dropped item lands: on `day` at `hour` (week view: the slot's hour, the item's minutes
 * kept) or at the item's own time of day (month view: `hour` null).
 */
export function dropTime(itemAt: string, day: Date, hour: number | null): Date {
  const at = new Date(itemAt);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour ?? at.getHours(), at.getMinutes());
}

/** `<input type=datetime-local>` value (local time) ↔ Date. */
export const toLocalInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
export const fromLocalInput = (v: string): Date | null => {
  const d = new Date(v);
  return v && !Number.isNaN(d.getTime()) ? d : null;
};

export const timeOfDay = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
export const dayTitle = (d: Date) => d.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
export const rangeTitle = (view: CalendarView, days: Date[], anchor: Date) =>
  view === 'month'
    ? anchor.toLocaleDateString(undefined, { month: 'long', year: 'numeric' })
    : `${days[0]!.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })} – ${days[6]!.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}`;

/** Where the creator opens an item (its own editor), or null (planned streams open a dialog here). */
export function itemHref(it: Pick<CalendarItem, 'kind' | 'id'>): string | null {
  switch (it.kind) {
    case 'post':
      return `/creator/feeds/${it.id}/edit`;
    case 'video':
      return `/creator/videos/${it.id}/edit`;
    case 'gallery':
      return `/creator/galleries/${it.id}`;
    case 'mass_message':
      return '/creator/mass-messages';
    default:
      return null;
  }
}
