/**
 * The end of a suite measured on both databases: PostgreSQL when reachable (else one "not
 * measured" row naming the figure and its target), then the embedded PGlite unless BENCH_PGLITE=0;
 * prints the rows and hands them to bench/run.mts.
 */
import { postgresReachable } from './bench-db.mts';
import { report, type BenchRow } from './report.mts';

export async function reportOnBothDatabases(
  suite: string,
  unmeasured: { figure: string; target: string },
  onPostgres: () => Promise<BenchRow[]>,
  onPglite: () => Promise<BenchRow[]>,
): Promise<void> {
  const rows: BenchRow[] = [];
  if (await postgresReachable()) rows.push(...(await onPostgres()));
  else rows.push({ suite, figure: unmeasured.figure, value: 'not measured (no PostgreSQL on 127.0.0.1:5432)', target: unmeasured.target, met: null });
  if (process.env.BENCH_PGLITE !== '0') rows.push(...(await onPglite()));
  report(suite, rows);
}
