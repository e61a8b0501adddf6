import { CALENDAR_KIND_LIMIT, CALENDAR_KINDS, calendarTimeError, type Calendar, type CalendarItem, type CalendarKind, type CalendarQuery } from '@stagepass/shared';
import type { Clock } from '../../platform/clock';
import { fieldError } from '../../platform/errors';
import type { UserRow } from '../users/users.tables';

/**
 * What one content module answers for its own dated items (its `*.calendar.ts`, filled in by
 * root.ts): the creator's items in [from, to) oldest first, at most `limit`; and moving one —
 * 404 when not the creator's, 409 when no longer movable.
 */
export interface CalendarSource {
  list(performerId: string, from: Date, to: Date, limit: number): Promise<CalendarItem[]>;
  move(performerId: string, id: string, at: Date): Promise<CalendarItem>;
}

export interface CalendarDeps {
  clock: Clock;
  sources: Record<CalendarKind, CalendarSource>;
}

/**
 * The creator's calendar (README.md beside this file): one read over every kind's source, one move
 * dispatched to the item's owner. It stores nothing of its own.
 */
export class CalendarService {
  constructor(private deps: CalendarDeps) {}

  async read(performer: UserRow, q: CalendarQuery): Promise<Calendar> {
    const from = new Date(q.from);
    const to = new Date(q.to);
    const lists = await Promise.all(CALENDAR_KINDS.map((kind) => this.deps.sources[kind].list(performer.id, from, to, CALENDAR_KIND_LIMIT + 1)));
    const truncated = lists.some((l) => l.length > CALENDAR_KIND_LIMIT);
    const items = lists.flatMap((l) => l.slice(0, CALENDAR_KIND_LIMIT)).sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
    return { from: from.toISOString(), to: to.toISOString(), items, truncated };
  }

  async move(performer: UserRow, kind: CalendarKind, id: string, iso: string): Promise<CalendarItem> {
    const at = new Date(iso);
    const error = calendarTimeError(at, this.deps.clock.now());
    if (error) throw fieldError('at', error);
    return this.deps.sources[kind].move(performer.id, id, at);
  }
}
