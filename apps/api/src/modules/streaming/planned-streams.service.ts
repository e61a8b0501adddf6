import { and, asc, count, eq, gt, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import {
  PLANNED_STREAM_GRACE_HOURS, PLANNED_STREAMS_MAX, calendarTimeError, type CalendarItem, type PlannedStream, type PlannedStreamInput, type PlannedStreamUpdate,
} from '@stagepass/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { conflict, fieldError, notFound, unprocessable } from '../../platform/errors';
import { notBlockedWith } from '../blocks/blocks.policy';
import type { UserRow } from '../users/users.tables';
import { plannedStreams, type PlannedStreamRow } from './planned-streams.tables';
import { streams } from './streaming.tables';

const GRACE_MS = PLANNED_STREAM_GRACE_HOURS * 3_600_000;

export interface PlannedStreamsDeps {
  db: Db;
  clock: Clock;
}

/**
 * Planned streams (README "Planned streams"): a creator's announced live streams — title, type,
 * time, description — shown on their profile as "Live on <date>" and on their calendar. A plan
 * never starts a stream: the creator goes live from the studio, and going live within
 * PLANNED_STREAM_GRACE_HOURS of a plan's time marks the nearest such plan `started`
 * (`markStarted`, on `stream.started`). A plan nobody started shows on the profile until that
 * grace has passed, then only on the calendar (as missed).
 */
export class PlannedStreamsService {
  constructor(private deps: PlannedStreamsDeps) {}

  private get db() {
    return this.deps.db;
  }

  async create(owner: UserRow, input: PlannedStreamInput): Promise<PlannedStream> {
    const startsAt = this.checkTime(input.startsAt);
    const [ahead] = await this.db
      .select({ n: count() })
      .from(plannedStreams)
      .where(and(eq(plannedStreams.performerId, owner.id), eq(plannedStreams.status, 'planned'), gt(plannedStreams.startsAt, this.deps.clock.now())));
    if (Number(ahead?.n ?? 0) >= PLANNED_STREAMS_MAX) throw unprocessable(`You can plan at most ${PLANNED_STREAMS_MAX} streams ahead`);
    const [row] = await this.db
      .insert(plannedStreams)
      .values({ performerId: owner.id, title: input.title.trim(), type: input.type, description: (input.description ?? '').trim(), startsAt })
      .returning();
    return view(row!);
  }

  async one(owner: UserRow, id: string): Promise<PlannedStream> {
    return view(await this.own(owner.id, id));
  }

  async update(owner: UserRow, id: string, input: PlannedStreamUpdate): Promise<PlannedStream> {
    const patch: Partial<typeof plannedStreams.$inferInsert> = {};
    if (input.title !== undefined) patch.title = input.title.trim();
    if (input.type !== undefined) patch.type = input.type;
    if (input.description !== undefined) patch.description = input.description.trim();
    if (input.startsAt !== undefined) patch.startsAt = this.checkTime(input.startsAt);
    const [row] = await this.db
      .update(plannedStreams)
      .set(patch)
      .where(and(eq(plannedStreams.id, id), eq(plannedStreams.performerId, owner.id), eq(plannedStreams.status, 'planned')))
      .returning();
    if (row) return view(row);
    const current = await this.own(owner.id, id);
    throw conflict(current.status === 'started' ? 'This stream has started already' : 'This planned stream was cancelled');
  }

  async cancel(owner: UserRow, id: string): Promise<PlannedStream> {
    const current = await this.own(owner.id, id);
    if (current.status === 'cancelled') return view(current);
    const [row] = await this.db
      .update(plannedStreams)
      .set({ status: 'cancelled' })
      .where(and(eq(plannedStreams.id, id), eq(plannedStreams.status, 'planned')))
      .returning();
    if (!row) throw conflict('This stream has started already');
    return view(row);
  }

  /** The profile's "Live on …": planned, until the grace after their time, soonest first; none across a block. */
  async upcoming(viewer: UserRow | null, performerId: string): Promise<PlannedStream[]> {
    const since = new Date(this.deps.clock.now().getTime() - GRACE_MS);
    const rows = await this.db
      .select()
      .from(plannedStreams)
      .where(and(eq(plannedStreams.performerId, performerId), eq(plannedStreams.status, 'planned'), gt(plannedStreams.startsAt, since), notBlockedWith(plannedStreams.performerId, viewer?.id)))
      .orderBy(asc(plannedStreams.startsAt))
      .limit(5);
    return rows.map(view);
  }

  /**
   * `stream.started`: the creator's plan nearest to the stream's start, within the grace either
   * side, becomes `started` with the stream's id (in the handler's transaction, once).
   */
  async markStarted(tx: DbOrTx, performerId: string, streamId: string): Promise<void> {
    const [s] = await tx.select({ at: streams.createdAt }).from(streams).where(eq(streams.id, streamId));
    if (!s) return;
    const lo = new Date(s.at.getTime() - GRACE_MS);
    const hi = new Date(s.at.getTime() + GRACE_MS);
    const nearest = tx
      .select({ id: plannedStreams.id })
      .from(plannedStreams)
      .where(and(eq(plannedStreams.performerId, performerId), eq(plannedStreams.status, 'planned'), gte(plannedStreams.startsAt, lo), lte(plannedStreams.startsAt, hi)))
      .orderBy(sql`abs(extract(epoch from ${plannedStreams.startsAt} - ${s.at.toISOString()}::timestamptz))`)
      .limit(1);
    await tx.update(plannedStreams).set({ status: 'started', streamId }).where(and(inArray(plannedStreams.id, nearest), eq(plannedStreams.status, 'planned')));
  }

  // ------------------------------------------------------------------ the calendar (modules/calendar)

  async list(performerId: string, from: Date, to: Date, limit: number): Promise<CalendarItem[]> {
    const rows = await this.db
      .select()
      .from(plannedStreams)
      .where(and(eq(plannedStreams.performerId, performerId), ne(plannedStreams.status, 'cancelled'), gte(plannedStreams.startsAt, from), lt(plannedStreams.startsAt, to)))
      .orderBy(asc(plannedStreams.startsAt))
      .limit(limit);
    const now = this.deps.clock.now();
    return rows.map((r) => this.item(r, now));
  }

  /** A planned (not started, not cancelled) stream to another time — a missed one too. */
  async move(performerId: string, id: string, at: Date): Promise<CalendarItem> {
    const [row] = await this.db
      .update(plannedStreams)
      .set({ startsAt: at })
      .where(and(eq(plannedStreams.id, id), eq(plannedStreams.performerId, performerId), eq(plannedStreams.status, 'planned')))
      .returning();
    if (row) return this.item(row, this.deps.clock.now());
    const current = await this.own(performerId, id);
    throw conflict(current.status === 'started' ? 'This stream has started already' : 'This planned stream was cancelled');
  }

  private item(r: PlannedStreamRow, now: Date): CalendarItem {
    const status = r.status === 'started' ? 'started' : r.startsAt.getTime() > now.getTime() - GRACE_MS ? 'planned' : 'missed';
    return { id: r.id, kind: 'stream', title: r.title, at: r.startsAt.toISOString(), status, movable: r.status === 'planned' };
  }

  private async own(performerId: string, id: string): Promise<PlannedStreamRow> {
    const [row] = await this.db.select().from(plannedStreams).where(and(eq(plannedStreams.id, id), eq(plannedStreams.performerId, performerId)));
    if (!row) throw notFound('Planned stream not found');
    return row;
  }

  private checkTime(iso: string): Date {
    const at = new Date(iso);
    const error = calendarTimeError(at, this.deps.clock.now());
    if (error) throw fieldError('startsAt', error);
    return at;
  }
}

function view(r: PlannedStreamRow): PlannedStream {
  return { _id: r.id, performerId: r.performerId, title: r.title, type: r.type, description: r.description, startsAt: r.startsAt.toISOString(), status: r.status, streamId: r.streamId };
}

