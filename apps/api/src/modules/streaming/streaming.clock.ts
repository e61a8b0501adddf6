import { sql, type SQL } from 'drizzle-orm';
import { streamViewers, streams, type StreamRow } from './streaming.tables';

/**
 * The billable clock of a stream (README.md beside this file, "Billing"): it runs while the
 * creator's media arrives — `publishing`, or always for Agora, whose media the API does not see —
 * and, for a private show, its fan is in (an open presence). `billable_ms` holds the finished
 * stretches and `billable_since` the start of the running one.
 *
 * Every statement that changes one of those facts (the camera on or off, a presence opened or
 * closed, the end) folds this into the same UPDATE of the stream, so the clock is exact to the
 * event and needs no timer: the expressions read the row as it was before the statement.
 * `publishing` is the value the statement writes (default: the row's, unchanged).
 */
export function billableClock(now: Date, publishing: SQL | boolean = sql`${streams.publishing}`): { billableMs: SQL; billableSince: SQL } {
  const at = sql`${now.toISOString()}::timestamptz`;
  const fanIn = sql`exists (select 1 from ${streamViewers} where ${streamViewers.streamId} = ${streams.id} and ${streamViewers.userId} = ${streams.privateFanId} and ${streamViewers.leftAt} is null)`;
  const running = sql`((${publishing}) or ${streams.provider} = 'agora') and (${streams.type} <> 'private' or ${fanIn})`;
  return {
    billableMs: sql`${streams.billableMs} + case when ${streams.billableSince} is not null and not (${running}) then greatest(0, floor(extract(epoch from (${at} - ${streams.billableSince})) * 1000))::bigint else 0 end`,
    billableSince: sql`case when ${running} then coalesce(${streams.billableSince}, ${at}) else null end`,
  };
}

/** The clock stopped for good (the stream's end): the running stretch is added. */
export function billableClockStopped(now: Date): { billableMs: SQL; billableSince: null } {
  const at = sql`${now.toISOString()}::timestamptz`;
  return {
    billableMs: sql`${streams.billableMs} + case when ${streams.billableSince} is not null then greatest(0, floor(extract(epoch from (${at} - ${streams.billableSince})) * 1000))::bigint else 0 end`,
    billableSince: null,
  };
}

/** Milliseconds on the billable clock at `now`, from a row read at any time. */
export function billableMsAt(row: Pick<StreamRow, 'billableMs' | 'billableSince'>, now: Date): number {
  return row.billableMs + (row.billableSince ? Math.max(0, now.getTime() - row.billableSince.getTime()) : 0);
}
