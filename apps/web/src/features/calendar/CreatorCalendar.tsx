'use client';
/**
 * /creator/calendar (issue 31 §3; API modules/calendar README): the creator's posts, videos,
 * galleries, mass messages and planned streams over a week (7 columns × hours) or a month (grid),
 * one GET /calendar per range. Drag a movable item to another hour (week) or day (month, the time
 * of day kept), or use its "Move…" button; both POST /calendar/{kind}/{id}/move. At 390 px the
 * range shows as an agenda. "New" links: a post, a mass message, a planned stream (dialog here).
 */
import { useCallback, useMemo, useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { App, Button, Dropdown, Segmented, Skeleton, Space } from 'antd';
import { DownOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { CALENDAR_KINDS, type Calendar, type CalendarItem } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { EmptyState, ErrorState } from '@/components/states';
import { KIND_LABEL, addDays, dropTime, rangeTitle, shiftAnchor, startOfDay, viewDays, type CalendarView } from './calendar';
import AgendaView from './AgendaView';
import MonthView from './MonthView';
import WeekView, { type DropTarget } from './WeekView';
import css from './calendar.module.css';

// The dialogs (forms, radios, date inputs) load when first opened.
const MoveDialog = dynamic(() => import('./MoveDialog'), { ssr: false });
const PlanStreamDialog = dynamic(() => import('./PlanStreamDialog'), { ssr: false });

export default function CreatorCalendar() {
  const { message } = App.useApp();
  const [view, setView] = useState<CalendarView>('week');
  const [anchor, setAnchor] = useState(() => startOfDay(new Date()));
  const days = useMemo(() => viewDays(view, anchor), [view, anchor]);
  const query = useMemo(() => ({ from: days[0]!.toISOString(), to: addDays(days.at(-1)!, 1).toISOString() }), [days]);
  const cal = useRoute(routes.calendar.read, { query });
  const [moving, setMoving] = useState<CalendarItem | null>(null);
  const [planning, setPlanning] = useState<string | 'new' | null>(null);
  const items = useMemo(() => cal.data?.items ?? [], [cal.data]);

  /** Moves an item (optimistically), answering the error text or null. */
  const move = useCallback(
    async (item: Pick<CalendarItem, 'id' | 'kind' | 'title'>, at: Date): Promise<string | null> => {
      const patch = (d: Calendar | undefined): Calendar => {
        if (!d) return { from: query.from, to: query.to, items: [], truncated: false };
        return { ...d, items: d.items.map((i) => (i.id === item.id && i.kind === item.kind ? { ...i, at: at.toISOString() } : i)).sort((a, b) => a.at.localeCompare(b.at)) };
      };
      try {
        await cal.mutate(
          async (d) => {
            await call(routes.calendar.move, { params: { kind: item.kind, id: item.id }, body: { at: at.toISOString() } });
            return patch(d);
          },
          { optimisticData: patch, rollbackOnError: true, revalidate: true },
        );
        void message.success(`Moved to ${at.toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}`);
        return null;
      } catch (e) {
        const text = errorText(e);
        void message.error(text);
        return text;
      }
    },
    [cal, message, query],
  );

  const onDrop = useCallback(
    (p: { id: string; kind: CalendarItem['kind']; at: string }, target: DropTarget) => {
      const item = items.find((i) => i.id === p.id && i.kind === p.kind);
      if (!item?.movable) return;
      const at = dropTime(p.at, target.day, target.hour);
      if (at.getTime() === new Date(p.at).getTime()) return;
      if (at.getTime() <= Date.now()) {
        void message.error('Pick a time in the future');
        return;
      }
      void move(item, at);
    },
    [items, move, message],
  );

  const defaultPlanAt = useMemo(() => {
    const d = new Date();
    d.setHours(d.getHours() + 24, 0, 0, 0);
    return d;
  }, []);
  const views = { days, items, onDrop, onMove: setMoving, onOpenStream: (id: string) => setPlanning(id) };

  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">Calendar</h1>
          <p className="page-lead">Your scheduled posts, videos, galleries, mass messages and planned streams. Drag one to another time, or use its Move button.</p>
        </div>
      </div>

      <div className={css.toolbar}>
        <Space wrap>
          <Button icon={<LeftOutlined />} aria-label={view === 'week' ? 'Previous week' : 'Previous month'} onClick={() => setAnchor((a) => shiftAnchor(view, a, -1))} />
          <Button onClick={() => setAnchor(startOfDay(new Date()))}>Today</Button>
          <Button icon={<RightOutlined />} aria-label={view === 'week' ? 'Next week' : 'Next month'} onClick={() => setAnchor((a) => shiftAnchor(view, a, 1))} />
          <h2 className={css.rangeTitle} aria-live="polite">
            {rangeTitle(view, days, anchor)}
          </h2>
        </Space>
        <div className={css.toolbarEnd}>
          <Segmented<CalendarView>
            aria-label="View"
            value={view}
            onChange={setView}
            options={[
              { value: 'week', label: 'Week' },
              { value: 'month', label: 'Month' },
            ]}
          />
          <Dropdown
            menu={{
              items: [
                { key: 'post', label: <Link href="/creator/feeds/new">Post</Link> },
                { key: 'mass', label: <Link href="/creator/mass-messages">Mass message</Link> },
                { key: 'stream', label: 'Planned stream', onClick: () => setPlanning('new') },
              ],
            }}
          >
            <Button type="primary" icon={<PlusOutlined />}>
              New <DownOutlined />
            </Button>
          </Dropdown>
        </div>
      </div>

      <ul className={css.legend} aria-label="Legend">
        {CALENDAR_KINDS.map((k) => (
          <li key={k}>
            <span className={`${css.swatch} ${css[`kind_${k}`]}`} aria-hidden />
            {KIND_LABEL[k]}
          </li>
        ))}
      </ul>

      {cal.error ? (
        <ErrorState onRetry={() => void cal.mutate()} />
      ) : !cal.data ? (
        <div aria-busy="true" aria-label="Loading calendar" className={css.skeleton}>
          <Skeleton active paragraph={{ rows: 10 }} />
        </div>
      ) : (
        <>
          {cal.data.truncated && <p className="muted">This range has more items than the calendar shows: pick a shorter range.</p>}
          {items.length === 0 && (
            <div className={css.empty}>
              <EmptyState
                title={view === 'week' ? 'Nothing planned this week' : 'Nothing planned this month'}
                description="Schedule a post, a mass message or plan a stream: it shows here."
                action={
                  <Button icon={<PlusOutlined />} onClick={() => setPlanning('new')}>
                    Plan a stream
                  </Button>
                }
              />
            </div>
          )}
          <div className={css.grid}>{view === 'week' ? <WeekView {...views} /> : <MonthView {...views} month={anchor.getMonth()} />}</div>
          <div className={css.agendaOnly}>
            <AgendaView days={days} items={items} onMove={setMoving} onOpenStream={views.onOpenStream} />
          </div>
        </>
      )}

      {moving && <MoveDialog item={moving} onClose={() => setMoving(null)} onMove={move} />}
      {planning && <PlanStreamDialog id={planning} defaultAt={defaultPlanAt} onClose={() => setPlanning(null)} onSaved={() => void cal.mutate()} />}
    </div>
  );
}
