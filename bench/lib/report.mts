/**
 * The one shape every benchmark reports in, and the table `npm run bench` prints.
 *
 * A suite is a script `bench/<name>.mts` that measures, prints its own table, and — when
 * BENCH_RESULTS names a file — appends its rows there as JSON lines, so bench/run.mts can run each
 * suite in its own process (memory figures are the suite's own) and print one table at the end.
 */
import fs from 'node:fs';
import os from 'node:os';

export interface BenchRow {
  /** The suite (timeline, embedded, web, realtime, messages, upload, live, statements). */
  suite: string;
  /** What was measured, e.g. "GET /user/feeds req/s at 50 connections". */
  figure: string;
  /** The measured value, with its unit ("912 req/s", "41 ms"). */
  value: string;
  /** The floor measured side by side in the same run, when there is one ("bare route 1,040 req/s"). */
  floor?: string;
  /** The target in words ("≥ 0.80 of the floor", "< 50 ms"). */
  target: string;
  /** Met, missed, or null for a figure that is only reported. */
  met: boolean | null;
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024)} MB`;

export function printRows(title: string, rows: BenchRow[]) {
  console.log(`\n${title}`);
  const head = ['suite', 'figure', 'value', 'floor (same run)', 'target', 'met'];
  const cells = rows.map((r) => [r.suite, r.figure, r.value, r.floor ?? '', r.target, r.met === null ? '—' : r.met ? 'yes' : 'NO']);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

/** Prints the suite's rows and hands them to bench/run.mts when it runs the suite. */
export function report(suite: string, rows: BenchRow[]) {
  printRows(`${suite} (${machine()})`, rows);
  const file = process.env.BENCH_RESULTS;
  if (file) fs.appendFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

export function machine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`;
}

/** Resident set size of a process, from /proc (Linux), in bytes; 0 when it is gone. */
export function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /VmRSS:\s+(\d+) kB/.exec(status);
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; answers the samples and their peak. */
export function watchRss(pid: number, everyMs = 250) {
  const samples: Array<{ t: number; rss: number }> = [];
  const t0 = Date.now();
  const tick = () => samples.push({ t: Date.now() - t0, rss: rssOf(pid) });
  tick();
  const timer = setInterval(tick, everyMs);
  return {
    samples,
    stop() {
      clearInterval(timer);
      tick();
      return { samples, peak: Math.max(...samples.map((s) => s.rss)) };
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}
