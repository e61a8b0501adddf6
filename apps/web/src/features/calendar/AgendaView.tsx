'use client';
import type { CalendarItem } from '@stagepass/shared';
import { dayKey, groupByDay } from './calendar';
import CalendarChip from './CalendarChip';
import css from './calendar.module.css';

/** Narrow screens: the range's days that have items, as a list (moving by each item's "Move…"). */
export default function AgendaView({ days, items, onMove, onOpenStream }: { days: Date[]; items: CalendarItem[]; onMove: (item: CalendarItem) => void; onOpenStream: (id: string) => void }) {
  const byDay = groupByDay(items);
  const withItems = days.filter((d) => byDay.has(dayKey(d)));
  return (
    <ol className={css.agenda} aria-label="Agenda">
      {withItems.map((d) => (
        <li key={dayKey(d)} className={css.agendaDay}>
          <h3 className={css.agendaTitle}>{d.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' })}</h3>
          {byDay.get(dayKey(d))!.map((it) => (
            <CalendarChip key={`${it.kind}:${it.id}`} item={it} onMove={onMove} onOpenStream={onOpenStream} />
          ))}
        </li>
      ))}
    </ol>
  );
}
