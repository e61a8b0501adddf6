import { and, asc, eq, gt, gte, lt, ne } from 'drizzle-orm';
import { calendarPreview, type CalendarItem } from '@stagepass/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { conflict, notFound } from '../../platform/errors';
import type { Queue } from '../../platform/queue';
import { MASS_DELIVER_JOB } from './messages.mass';
import { massMessages } from './messages.tables';

const columns = { id: massMessages.id, text: massMessages.text, status: massMessages.status, scheduledAt: massMessages.scheduledAt };
type Row = { id: string; text: string; status: string; scheduledAt: Date };

/**
 * The creator's mass messages on their calendar (modules/calendar), by send time (cancelled ones
 * left out). A move changes `scheduled_at` of one still `scheduled` and in the future, and queues its
 * delivery job for the new time under a key of its own (`<id>@<time>`): the job queued at creation
 * still fires at the old time and finds the message not due (moved later) or sent already (moved
 * earlier) — `deliverBatch` skips both — so it goes out once, at the new time. The sweep of stalled
 * deliveries stays the safety net.
 */
export class MassMessageCalendar {
  constructor(private deps: { db: Db; clock: Clock; queue: Pick<Queue, 'send'> }) {}

  async list(performerId: string, from: Date, to: Date, limit: number): Promise<CalendarItem[]> {
    const rows = await this.deps.db
      .select(columns)
      .from(massMessages)
      .where(and(eq(massMessages.performerId, performerId), ne(massMessages.status, 'cancelled'), gte(massMessages.scheduledAt, from), lt(massMessages.scheduledAt, to)))
      .orderBy(asc(massMessages.scheduledAt))
      .limit(limit);
    const now = this.deps.clock.now();
    return rows.map((r) => this.item(r, now));
  }

  async move(performerId: string, id: string, at: Date): Promise<CalendarItem> {
    const now = this.deps.clock.now();
    const [row] = await this.deps.db
      .update(massMessages)
      .set({ scheduledAt: at })
      .where(and(eq(massMessages.id, id), eq(massMessages.performerId, performerId), eq(massMessages.status, 'scheduled'), gt(massMessages.scheduledAt, now)))
      .returning(columns);
    if (row) {
      const after = Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
      await this.deps.queue.send(MASS_DELIVER_JOB, { massMessageId: row.id }, { singletonKey: `${row.id}@${at.getTime()}`, ...(after > 0 ? { startAfterSeconds: after } : {}) });
      return this.item(row, now);
    }
    const [exists] = await this.deps.db.select({ status: massMessages.status }).from(massMessages).where(and(eq(massMessages.id, id), eq(massMessages.performerId, performerId)));
    if (!exists) throw notFound('Mass message not found');
    throw conflict(exists.status === 'cancelled' ? 'This mass message was cancelled' : 'This mass message is already being sent or sent');
  }

  private item(r: Row, now: Date): CalendarItem {
    const scheduled = r.status === 'scheduled' && r.scheduledAt.getTime() > now.getTime();
    const status = r.status === 'sent' ? 'sent' : r.status === 'sending' ? 'sending' : 'scheduled';
    return { id: r.id, kind: 'mass_message', title: calendarPreview(r.text, 'Mass message with media'), at: r.scheduledAt.toISOString(), status, movable: scheduled };
  }
}
