import { and, asc, eq, gt, gte, lt } from 'drizzle-orm';
import { calendarPreview, type CalendarItem } from '@stagepass/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { conflict, notFound } from '../../platform/errors';
import { feeds } from './feeds.tables';

const columns = { id: feeds.id, text: feeds.text, type: feeds.type, publishAt: feeds.publishAt };
type Row = { id: string; text: string; type: string; publishAt: Date };

/**
 * The creator's posts on their calendar (modules/calendar): by publication time, and moving a
 * scheduled one. A move only changes `publish_at` of a post still in the future (status
 * 'scheduled'): the scheduled-feed sweep and the readers' `publish_at <= now` rule then publish it
 * at the new time exactly as they did at the old one.
 */
export class FeedCalendar {
  constructor(private deps: { db: Db; clock: Clock }) {}

  async list(performerId: string, from: Date, to: Date, limit: number): Promise<CalendarItem[]> {
    const rows = await this.deps.db
      .select(columns)
      .from(feeds)
      .where(and(eq(feeds.performerId, performerId), gte(feeds.publishAt, from), lt(feeds.publishAt, to)))
      .orderBy(asc(feeds.publishAt))
      .limit(limit);
    const now = this.deps.clock.now();
    return rows.map((r) => this.item(r, now));
  }

  async move(performerId: string, id: string, at: Date): Promise<CalendarItem> {
    const now = this.deps.clock.now();
    const [row] = await this.deps.db
      .update(feeds)
      .set({ publishAt: at, status: 'scheduled' })
      .where(and(eq(feeds.id, id), eq(feeds.performerId, performerId), eq(feeds.status, 'scheduled'), gt(feeds.publishAt, now)))
      .returning(columns);
    if (row) return this.item(row, now);
    const [exists] = await this.deps.db.select({ id: feeds.id }).from(feeds).where(and(eq(feeds.id, id), eq(feeds.performerId, performerId)));
    if (!exists) throw notFound('Post not found');
    throw conflict('This post is already published');
  }

  private item(r: Row, now: Date): CalendarItem {
    const scheduled = r.publishAt.getTime() > now.getTime();
    const fallback = r.type === 'text' || r.type === 'mixed' ? 'Post' : `${r.type[0]!.toUpperCase()}${r.type.slice(1)} post`;
    return { id: r.id, kind: 'post', title: calendarPreview(r.text, fallback), at: r.publishAt.toISOString(), status: scheduled ? 'scheduled' : 'published', movable: scheduled };
  }
}
