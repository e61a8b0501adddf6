import { and, asc, eq, gt, gte, lt } from 'drizzle-orm';
import type { CalendarItem } from '@stagepass/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { conflict, notFound } from '../../platform/errors';
import { galleries } from './galleries.tables';

const columns = { id: galleries.id, title: galleries.title, publishAt: galleries.publishAt };
type Row = { id: string; title: string; publishAt: Date };

/**
 * The creator's active galleries on their calendar (modules/calendar), by publication time; drafts
 * are left out. A gallery is visible once `publish_at <= now` (a query-time rule, no job): a move
 * changes `publish_at` of an active gallery whose time is still ahead.
 */
export class GalleryCalendar {
  constructor(private deps: { db: Db; clock: Clock }) {}

  async list(performerId: string, from: Date, to: Date, limit: number): Promise<CalendarItem[]> {
    const rows = await this.deps.db
      .select(columns)
      .from(galleries)
      .where(and(eq(galleries.performerId, performerId), eq(galleries.status, 'active'), gte(galleries.publishAt, from), lt(galleries.publishAt, to)))
      .orderBy(asc(galleries.publishAt))
      .limit(limit);
    const now = this.deps.clock.now();
    return rows.map((r) => this.item(r, now));
  }

  async move(performerId: string, id: string, at: Date): Promise<CalendarItem> {
    const now = this.deps.clock.now();
    const [row] = await this.deps.db
      .update(galleries)
      .set({ publishAt: at })
      .where(and(eq(galleries.id, id), eq(galleries.performerId, performerId), eq(galleries.status, 'active'), gt(galleries.publishAt, now)))
      .returning(columns);
    if (row) return this.item(row, now);
    const [exists] = await this.deps.db.select({ id: galleries.id }).from(galleries).where(and(eq(galleries.id, id), eq(galleries.performerId, performerId)));
    if (!exists) throw notFound('Gallery not found');
    throw conflict('This gallery is not scheduled (published already, or a draft)');
  }

  private item(r: Row, now: Date): CalendarItem {
    const scheduled = r.publishAt.getTime() > now.getTime();
    return { id: r.id, kind: 'gallery', title: r.title, at: r.publishAt.toISOString(), status: scheduled ? 'scheduled' : 'published', movable: scheduled };
  }
}
