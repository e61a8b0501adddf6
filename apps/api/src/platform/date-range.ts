import { gte, lt, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The `fromDate`/`toDate` filters of every money list, as conditions on a timestamp column.
 * A date-only `toDate` (YYYY-MM-DD) includes that whole day (UTC); a full timestamp is inclusive.
 */
export function dateRange(col: PgColumn, fromDate?: string, toDate?: string): SQL[] {
  const conds: SQL[] = [];
  if (fromDate) conds.push(gte(col, new Date(fromDate)));
  if (toDate) {
    if (DATE_ONLY.test(toDate)) conds.push(lt(col, new Date(new Date(`${toDate}T00:00:00Z`).getTime() + DAY_MS)));
    else conds.push(lte(col, new Date(toDate)));
  }
  return conds;
}
