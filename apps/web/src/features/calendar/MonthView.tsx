'use client';
import type { CalendarItem } from '@stagepass/shared';
import { dayKey, groupByDay, startOfDay } from './calendar';
import CalendarChip from './CalendarChip';
import { dropped, useDropZone, type ViewProps } from './WeekView';
import css from './calendar.module.css';

const WEEKDAYS = Array.from({ length: 7 }, (_, i) => new Date(2024, 0, 1 + i).toLocaleDateString(undefined, { weekday: 'short' }));

function Day({ day, month, items, onDrop, onMove, onOpenStream }: { day: Date; month: number; items: CalendarItem[] } & Omit<ViewProps, 'days' | 'items'>) {
  const zone = useDropZone((e) => {
    const p = dropped(e);
    if (p) onDrop(p, { day, hour: null });
  });
  const today = dayKey(day) === dayKey(startOfDay(new Date()));
  return (
    <div role="cell" className={`${css.monthDay} ${day.getMonth() !== month ? css.otherMonth : ''} ${zone.over ? css.over : ''}`} data-slot={dayKey(day)} {...zone.props}>
      <div className={`${css.monthDate} ${today ? css.today : ''}`} aria-label={day.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' })}>
        {day.getDate()}
      </div>
      {items.map((it) => (
        <CalendarChip key={`${it.kind}:${it.id}`} item={it} onMove={onMove} onOpenStream={onOpenStream} compact />
      ))}
    </div>
  );
}

/** The month's whole weeks; each day is a drop target (a dropped item keeps its time of day). */
export default function MonthView({ days, items, month, onDrop, onMove, onOpenStream }: ViewProps & { month: number }) {
  const byDay = groupByDay(items);
  const weeks = Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
  return (
    <div className={css.month} role="table" aria-label="Month">
      <div className={css.monthHead} role="row">
        {WEEKDAYS.map((w) => (
          <div key={w} role="columnheader" className={css.dayHead}>
            {w}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={dayKey(week[0]!)} className={css.monthRow} role="row">
          {week.map((d) => (
            <Day key={dayKey(d)} day={d} month={month} items={byDay.get(dayKey(d)) ?? []} onDrop={onDrop} onMove={onMove} onOpenStream={onOpenStream} />
          ))}
        </div>
      ))}
    </div>
  );
}
