/**
 * `npm run bench`: every benchmark of the performance issue, each suite in its own process (so
 * memory figures are that suite's own), then one table: figure, floor measured in the same run,
 * target, met or not. BENCH_SUITES=timeline,web picks suites; each suite's own knobs are in its file
 * and in bench/README.md.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machine, printRows, type BenchRow } from './lib/report.mts';

const ALL = ['timeline', 'embedded', 'web', 'realtime', 'messages', 'upload', 'live', 'statements', 'tracking', 'statistics', 'fans', 'checkout', 'welcome', 'hls', 'protection', 'interactive', 'metrics'];
const suites = (process.env.BENCH_SUITES ?? ALL.join(',')).split(',').map((s) => s.trim()).filter(Boolean);
for (const s of suites) if (!ALL.includes(s)) throw new Error(`unknown suite ${s} (known: ${ALL.join(', ')})`);

const results = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-')), 'rows.jsonl');
fs.writeFileSync(results, '');
const failed: string[] = [];
const started = Date.now();
for (const suite of suites) {
  console.log(`\n━━ bench: ${suite} ━━`);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, `${suite}.mts`)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULTS: results },
  });
  if (r.status !== 0) failed.push(`${suite} (exit ${r.status ?? r.signal})`);
  console.log(`━━ ${suite}: ${Math.round((Date.now() - t0) / 1000)} s`);
}
const rows = fs.readFileSync(results, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as BenchRow);
printRows(`Stagepass benchmarks — ${new Date().toISOString().slice(0, 10)}, ${machine()}, ${Math.round((Date.now() - started) / 60000)} min`, rows);
const missed = rows.filter((r) => r.met === false).length;
console.log(`\n${rows.filter((r) => r.met).length} met, ${missed} missed, ${rows.filter((r) => r.met === null).length} reported only${failed.length ? `; suites that failed: ${failed.join(', ')}` : ''}`);
fs.rmSync(path.dirname(results), { recursive: true, force: true });
if (failed.length) process.exit(1);
