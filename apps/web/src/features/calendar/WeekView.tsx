'use client';
import { useEffect, useRef, useState } from 'react';
import type { CalendarItem } from '@stagepass/shared';
import { dayKey, dayTitle, groupByDay, startOfDay } from './calendar';
import CalendarChip, { DRAG_TYPE } from './CalendarChip';
import css from './calendar.module.css';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourLabel = (h: number) => new Date(2000, 0, 1, h).toLocaleTimeString(undefined, { hour: 'numeric' });

export interface DropTarget {
  day: Date;
  hour: number | null;
}
export interface ViewProps {
  days: Date[];
  items: CalendarItem[];
  onDrop: (payload: { id: string; kind: CalendarItem['kind']; at: string }, target: DropTarget) => void;
  onMove: (item: CalendarItem) => void;
  onOpenStream: (id: string) => void;
}

/** Reads the dragged item from a drop (null: not one of ours). */
export function dropped(e: React.DragEvent): { id: string; kind: CalendarItem['kind']; at: string } | null {
  const raw = e.dataTransfer.getData(DRAG_TYPE);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as { id: string; kind: CalendarItem['kind']; at: string };
  } catch {
    return null;
  }
}

/** A drop zone: highlighted while an item is over it. */
export function useDropZone(onDropHere: (e: React.DragEvent) => void) {
  const [over, setOver] = useState(false);
  return {
    over,
    props: {
      onDragOver: (e: React.DragEvent) => {
        if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (e: React.DragEvent) => {
        e.preventDefault();
        setOver(false);
        onDropHere(e);
      },
    },
  };
}

function Slot({ day, hour, items, onDrop, onMove, onOpenStream }: { day: Date; hour: number; items: CalendarItem[] } & Omit<ViewProps, 'days' | 'items'>) {
  const zone = useDropZone((e) => {
    const p = dropped(e);
    if (p) onDrop(p, { day, hour });
  });
  return (
    <div className={`${css.slot} ${zone.over ? css.over : ''}`} data-slot={`${dayKey(day)}T${String(hour).padStart(2, '0')}`} {...zone.props}>
      {items.map((it) => (
        <CalendarChip key={`${it.kind}:${it.id}`} item={it} onMove={onMove} onOpenStream={onOpenStream} compact />
      ))}
    </div>
  );
}

/** Seven columns (Monday first) × 24 hour rows; each hour of each day is a drop slot. Wide screens only (the agenda below serves 390 px). */
export default function WeekView({ days, items, onDrop, onMove, onOpenStream }: ViewProps) {
  const byDay = groupByDay(items);
  const today = dayKey(startOfDay(new Date()));
  const body = useRef<HTMLDivElement>(null);
  // The working day in view first (7 AM), the night hours a scroll away.
  useEffect(() => {
    const el = body.current;
    const row = el?.firstElementChild as HTMLElement | null;
    if (el && row) el.scrollTop = row.offsetHeight * 7;
  }, []);
  return (
    <div className={css.week} role="table" aria-label="Week">
      <div className={css.weekHead} role="row">
        <div className={css.hourCell} role="columnheader">
          <span className="sr-only">Hour</span>
        </div>
        {days.map((d) => (
          <div key={dayKey(d)} role="columnheader" className={`${css.dayHead} ${dayKey(d) === today ? css.today : ''}`}>
            {dayTitle(d)}
          </div>
        ))}
      </div>
      <div className={css.weekBody} ref={body}>
        {HOURS.map((h) => (
          <div key={h} className={css.weekRow} role="row">
            <div className={css.hourCell} role="rowheader">
              {hourLabel(h)}
            </div>
            {days.map((d) => (
              <div key={dayKey(d)} role="cell" className={css.cell}>
                <Slot day={d} hour={h} items={(byDay.get(dayKey(d)) ?? []).filter((it) => new Date(it.at).getHours() === h)} onDrop={onDrop} onMove={onMove} onOpenStream={onOpenStream} />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
