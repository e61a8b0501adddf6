'use client';
import Link from 'next/link';
import { Button, Tooltip } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import type { CalendarItem } from '@stagepass/shared';
import { KIND_LABEL, itemHref, timeOfDay } from './calendar';
import css from './calendar.module.css';

/** The drag payload's type (a custom one: other drags — files, links — are not taken for items). */
export const DRAG_TYPE = 'application/x-stagepass-calendar';

/**
 * One item on the calendar: its time, kind (colour and, for screen readers, words) and title,
 * linking to its editor (planned streams: the dialog). A movable item can be dragged to another
 * slot or moved with its "Move…" button (the keyboard and screen-reader way).
 */
export default function CalendarChip({ item, onMove, onOpenStream, compact = false }: { item: CalendarItem; onMove: (item: CalendarItem) => void; onOpenStream: (id: string) => void; compact?: boolean }) {
  const href = itemHref(item);
  const label = `${KIND_LABEL[item.kind]} at ${timeOfDay(item.at)}: ${item.title}${item.movable ? '' : ` (${item.status})`}`;
  const body = (
    <>
      <span className={css.chipTime}>{timeOfDay(item.at)}</span>
      <span className={css.chipTitle}>{item.title}</span>
    </>
  );
  return (
    <div
      className={`${css.chip} ${css[`kind_${item.kind}`]} ${item.movable ? css.movable : css.fixed} ${compact ? css.compact : ''}`}
      draggable={item.movable}
      data-testid={`calendar-item-${item.id}`}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ id: item.id, kind: item.kind, at: item.at }));
        e.dataTransfer.setData('text/plain', item.title);
        e.dataTransfer.effectAllowed = 'move';
      }}
    >
      {href ? (
        <Link href={href} className={css.chipLink} aria-label={label} draggable={false}>
          {body}
        </Link>
      ) : (
        <button type="button" className={css.chipLink} aria-label={label} onClick={() => onOpenStream(item.id)}>
          {body}
        </button>
      )}
      {item.movable && (
        <Tooltip title="Move…">
          <Button size="small" type="text" className={css.chipMove} icon={<ClockCircleOutlined />} aria-label={`Move ${KIND_LABEL[item.kind].toLowerCase()} “${item.title}”`} onClick={() => onMove(item)} />
        </Tooltip>
      )}
    </div>
  );
}
