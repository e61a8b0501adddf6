import { and, asc, eq, gt, gte, isNull, lt } from 'drizzle-orm';
import type { CalendarItem } from '@stagepass/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { conflict, notFound } from '../../platform/errors';
import { videos } from './videos.tables';

const columns = { id: videos.id, title: videos.title, publishAt: videos.publishAt, publishedAt: videos.publishedAt };
type Row = { id: string; title: string; publishAt: Date; publishedAt: Date | null };

/**
 * The creator's active videos on their calendar (modules/calendar), by publication time; drafts
 * have no date and are left out. A move changes `publish_at` of an active video not yet published
 * (`published_at` null, time in the future): the publication sweep (videos.schedule.ts) records it
 * at the new time as before.
 */
export class VideoCalendar {
  constructor(private deps: { db: Db; clock: Clock }) {}

  async list(performerId: string, from: Date, to: Date, limit: number): Promise<CalendarItem[]> {
    const rows = await this.deps.db
      .select(columns)
      .from(videos)
      .where(and(eq(videos.performerId, performerId), eq(videos.status, 'active'), gte(videos.publishAt, from), lt(videos.publishAt, to)))
      .orderBy(asc(videos.publishAt))
      .limit(limit);
    const now = this.deps.clock.now();
    return rows.map((r) => this.item(r, now));
  }

  async move(performerId: string, id: string, at: Date): Promise<CalendarItem> {
    const now = this.deps.clock.now();
    const [row] = await this.deps.db
      .update(videos)
      .set({ publishAt: at })
      .where(and(eq(videos.id, id), eq(videos.performerId, performerId), eq(videos.status, 'active'), isNull(videos.publishedAt), gt(videos.publishAt, now)))
      .returning(columns);
    if (row) return this.item(row, now);
    const [exists] = await this.deps.db.select({ id: videos.id }).from(videos).where(and(eq(videos.id, id), eq(videos.performerId, performerId)));
    if (!exists) throw notFound('Video not found');
    throw conflict('This video is not scheduled (published already, or a draft)');
  }

  private item(r: Row, now: Date): CalendarItem {
    const scheduled = !r.publishedAt && r.publishAt.getTime() > now.getTime();
    return { id: r.id, kind: 'video', title: r.title, at: r.publishAt.toISOString(), status: scheduled ? 'scheduled' : 'published', movable: scheduled };
  }
}
