/**
 * bench/embedded — the default configuration (embedded PGlite) under a signed-in reader's load
 * (issue 11 §2).
 *
 *   npm run bench:embedded    BENCH_SECONDS (default 60), BENCH_SOAK_SECONDS (default 600),
 *                             BENCH_SKIP_PG=1 skips the PostgreSQL floor
 *
 * The API runs as its own process with the demo data (as `npm start` runs it). A mix of the GETs a
 * signed-in fan's session makes (home timeline, a creator's page and posts, notifications, wallet,
 * subscriptions, search, me) is driven by autocannon at 50 connections for BENCH_SECONDS; then, in
 * a fresh API process on the same data (as after a restart), a soak of BENCH_SOAK_SECONDS at a
 * steady 200 req/s of the same mix, the process's RSS sampled every 5 s (at the start, at minute 2,
 * at the end, the max, and the growth between). The floor, side
 * by side: the same mix on PostgreSQL (its own database, created and dropped).
 */
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fmt, mb, report, rssOf, type BenchRow } from './lib/report.mts';
import { login, startApi, type ApiProcess } from './lib/api-process.mts';
import { withBenchDatabase } from './lib/bench-db.mts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const SOAK = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const DB = 'stagepass_bench_embedded';
const log = (m: string) => console.log(`[embedded] ${m}`);

/** What a signed-in fan's pages ask for (the demo creator luna). */
const MIX = [
  '/user/feeds?limit=10',
  '/users/me',
  '/notification/total-unread',
  '/performers/luna',
  '/user/feeds/search/luna?limit=10',
  '/notification?limit=10',
  '/performers/search?limit=12',
  '/wallet/charges/search?limit=10',
  '/subscriptions/user/search?limit=10',
  '/performers/top?limit=6',
  '/settings/public',
  '/follows/following?limit=10',
];

async function load(api: ApiProcess, token: string, seconds: number, rate?: number) {
  const headers = { authorization: `Bearer ${token}` };
  const r = await autocannon({
    url: api.url,
    connections: rate ? 20 : 50,
    duration: seconds,
    workers: 1,
    ...(rate ? { overallRate: rate } : {}),
    requests: MIX.map((path) => ({ method: 'GET' as const, path, headers })),
  });
  if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

async function checkMix(api: ApiProcess, token: string) {
  for (const path of MIX) {
    const r = await fetch(api.url + path, { headers: { authorization: `Bearer ${token}` } });
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  }
}

async function measure(name: string, env: Record<string, string>, soak: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-embedded-'));
  try {
    const api = await startApi({ seedDemo: true, env, dataDir });
    let burst: Awaited<ReturnType<typeof load>>;
    let rssBefore = 0;
    let rssAfter = 0;
    try {
      const token = await login(api.url, 'fan@example.com');
      await checkMix(api, token);
      await load(api, token, 5); // warm-up
      rssBefore = rssOf(api.pid);
      burst = await load(api, token, SECONDS);
      rssAfter = rssOf(api.pid);
      log(`${name}: ${fmt(burst.rps)} req/s, p50 ${burst.p50} ms, p99 ${burst.p99} ms; RSS ${mb(rssBefore)} → ${mb(rssAfter)}`);
    } finally {
      await api.stop();
    }
    let soakFig: { start: number; at2: number; end: number; max: number } | null = null;
    if (soak > 0) {
      // The soak runs in a fresh process on the same data (as after a restart), so its memory over
      // time is its own and not what the 50-connection burst left behind.
      const fresh = await startApi({ env, dataDir });
      try {
        const token = await login(fresh.url, 'fan@example.com');
        const start = rssOf(fresh.pid);
        const samples: Array<{ t: number; rss: number }> = [];
        const t0 = Date.now();
        const timer = setInterval(() => samples.push({ t: (Date.now() - t0) / 1000, rss: rssOf(fresh.pid) }), 5000);
        await load(fresh, token, soak, 200);
        clearInterval(timer);
        const end = rssOf(fresh.pid);
        const at2 = samples.find((s) => s.t >= Math.min(120, soak / 5))?.rss ?? samples[0]?.rss ?? end;
        soakFig = { start, at2, end, max: Math.max(end, ...samples.map((s) => s.rss)) };
        log(`${name} soak ${soak} s at 200 req/s: RSS at start ${mb(start)}, at ${fmt(Math.min(120, soak / 5))} s ${mb(at2)}, end ${mb(end)}, max ${mb(soakFig.max)}`);
      } finally {
        await fresh.stop();
      }
    }
    return { burst: burst!, rssBefore, rssAfter, soak: soakFig };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const lite = await measure('PGlite', {}, SOAK);
  let floor: Awaited<ReturnType<typeof measure>> | null = null;
  if (!process.env.BENCH_SKIP_PG) {
    floor = await withBenchDatabase(DB, (url) => measure('PostgreSQL', { DATABASE_URL: url }, 0));
  }
  const pgFloor = (f: string) => (floor ? f : undefined);
  const rows: BenchRow[] = [
    { suite: 'embedded', figure: `PGlite, mixed signed-in GETs, 50 connections, ${SECONDS} s: req/s`, value: `${fmt(lite.burst.rps)} req/s`, floor: pgFloor(`PostgreSQL ${fmt(floor?.burst.rps ?? 0)} req/s`), target: '≥ 500 req/s', met: lite.burst.rps >= 500 },
    { suite: 'embedded', figure: 'PGlite, same load: p99', value: `${lite.burst.p99} ms`, floor: pgFloor(`PostgreSQL p99 ${floor?.burst.p99} ms`), target: '< 150 ms', met: lite.burst.p99 < 150 },
  ];
  if (lite.soak) {
    const growth = lite.soak.end - lite.soak.at2;
    rows.push({
      suite: 'embedded',
      figure: `PGlite API RSS over a ${fmt(SOAK / 60, 1)}-min soak at 200 req/s, fresh process (start, minute 2 → end, max)`,
      value: `${mb(lite.soak.start)}, ${mb(lite.soak.at2)} → ${mb(lite.soak.end)}, max ${mb(lite.soak.max)}`,
      floor: pgFloor(`PostgreSQL API RSS after the burst ${mb(floor?.rssAfter ?? 0)}`),
      target: '< 400 MB, no growth',
      met: lite.soak.max < 400 * 1024 * 1024 && growth < 20 * 1024 * 1024,
    });
  }
  report('embedded', rows);
}

await main();
