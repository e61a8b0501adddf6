/**
 * bench/web — the web's page budgets (issue 11 §3).
 *
 *   npm run bench:web    BENCH_WEB_REQUESTS (default 40 per page), BENCH_WEB_BUILD=1 rebuilds first
 *
 * 1. First-load JavaScript per page, gzip: read from the production build (the same reckoning as
 *    the CI check, scripts/check-web-budgets.mjs). The floor, side by side: bench/web-floor built
 *    in the same run — Next.js + React alone, and with antd's ConfigProvider + App + a Button.
 * 2. Server HTML and SSR time to first byte for /auth/login, /home (signed in) and a creator's page
 *    (anonymous and signed in): the whole site as `npm start` runs it (embedded database, demo
 *    data, `next start`), BENCH_WEB_REQUESTS sequential requests per page after a warm-up; the
 *    HTML is measured uncompressed, TTFB is the time to the first body byte, p50 (p95 beside it).
 *    The floor: the API calls the root layout makes for every page, timed the same way.
 * 3. Lighthouse on its mobile profile (issue 34 §4; bench/lib/lighthouse.mts): performance and
 *    accessibility scores with LCP, TBT and CLS for the landing page, /auth/login and a creator's
 *    page signed out, and a fan's /home signed in — the median of BENCH_WEB_LIGHTHOUSE_RUNS
 *    (default 3) audits each; the floor pages (`next start` of bench/web-floor) audited the same way.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { firstLoadJs, readBudgets } from '../scripts/check-web-budgets.mjs';
import { fmt, percentile, report, type BenchRow } from './lib/report.mts';
import { freePort, login, ROOT, startApi } from './lib/api-process.mts';
import { audit, startChromium, type PageScore } from './lib/lighthouse.mts';

const REQUESTS = Number(process.env.BENCH_WEB_REQUESTS ?? 40);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_WEB_LIGHTHOUSE_RUNS ?? 3);
const log = (m: string) => console.log(`[web] ${m}`);
const kb = (bytes: number) => `${fmt(bytes / 1000, 1)} kB`;
const nextBin = path.join(ROOT, 'node_modules/next/dist/bin/next');
const webDir = path.join(ROOT, 'apps/web');
const floorDir = path.join(ROOT, 'bench/web-floor');

function build(cwd: string, what: string) {
  log(`building ${what}…`);
  const r = spawnSync(process.execPath, [nextBin, 'build'], { cwd, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (r.status !== 0) throw new Error(`next build (${what}) failed`);
}

/** Time to the first body byte and the whole body of one GET. */
async function get(url: string, cookie?: string): Promise<{ ttfb: number; bytes: number; status: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const reader = res.body!.getReader();
  let first = await reader.read();
  const ttfb = performance.now() - t0;
  let bytes = 0;
  while (!first.done) {
    bytes += first.value.byteLength;
    first = await reader.read();
  }
  return { ttfb, bytes, status: res.status };
}

async function timed(label: string, fn: () => Promise<{ ttfb: number; bytes: number; status: number }>) {
  for (let i = 0; i < 5; i++) await fn();
  const ttfbs: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const r = await fn();
    if (r.status !== 200) throw new Error(`${label}: HTTP ${r.status}`);
    ttfbs.push(r.ttfb);
    bytes = r.bytes;
  }
  ttfbs.sort((a, b) => a - b);
  return { p50: percentile(ttfbs, 50), p95: percentile(ttfbs, 95), bytes };
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > until) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const rows: BenchRow[] = [];
const budgets = readBudgets();
const JS_GOAL = budgets.firstLoadJsKb.goalKb as number;
const HTML_GOAL = budgets.serverHtmlKb.goalKb as number;

// ---------------------------------------------------------------- 1. first-load JS
if (process.env.BENCH_WEB_BUILD === '1' || !fs.existsSync(path.join(webDir, '.next/BUILD_ID'))) build(webDir, 'the web app');
build(floorDir, 'the floor pages');
const floor = firstLoadJs(path.join(floorDir, '.next'));
const floorOf = (route: string) => floor.find((r) => r.route === route)!.gzipBytes;
const floorText = `Next+React ${kb(floorOf('/bare'))}; + antd ${kb(floorOf('/antd'))}`;
const pages = firstLoadJs();
const js = (route: string) => pages.find((r) => r.route === route)!.gzipBytes;
const largest = pages[0]!;
const smallest = pages[pages.length - 1]!;
rows.push({ suite: 'web', figure: `first-load JS, gzip: largest page (${largest.route})`, value: kb(largest.gzipBytes), floor: floorText, target: `≤ ${JS_GOAL} kB`, met: largest.gzipBytes <= JS_GOAL * 1000 });
for (const route of ['/auth/login', '/home', '/[profileId]']) {
  rows.push({ suite: 'web', figure: `first-load JS, gzip: ${route}`, value: kb(js(route)), floor: floorText, target: `≤ ${JS_GOAL} kB`, met: js(route) <= JS_GOAL * 1000 });
}
rows.push({ suite: 'web', figure: `first-load JS, gzip: smallest page (${smallest.route})`, value: kb(smallest.gzipBytes), floor: floorText, target: `≤ ${JS_GOAL} kB`, met: smallest.gzipBytes <= JS_GOAL * 1000 });

/** `next start` of an app folder on a free port (production), its base URL once it answers `probe`. */
async function nextStart(cwd: string, probe: string, env: Record<string, string> = {}): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], { cwd, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env } });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}${probe}`, child);
  return { base, child };
}
const lhText = (s: PageScore & { scores: number[] }) =>
  `performance ${s.performance} (runs ${s.scores.join(', ')}), accessibility ${s.accessibility}; LCP ${fmt(s.lcpMs / 1000, 2)} s, TBT ${fmt(s.tbtMs, 0)} ms, CLS ${fmt(s.cls, 3)}`;

// ---------------------------------------------------------------- 2. HTML and TTFB
log('starting the API (embedded database, demo data) and next start…');
// The browser calls the API from the web's origin: the API's CORS must allow it (PUBLIC_WEB_URL).
const webPort = await freePort();
const api = await startApi({ seedDemo: true, env: { PUBLIC_WEB_URL: `http://127.0.0.1:${webPort}` } });
const web = spawn(process.execPath, [nextBin, 'start', '-p', String(webPort), '-H', '127.0.0.1'], {
  cwd: webDir,
  stdio: 'ignore',
  env: { ...process.env, NODE_ENV: 'production', API_INTERNAL_URL: api.url, PUBLIC_API_URL: api.url, PUBLIC_WEB_URL: `http://127.0.0.1:${webPort}`, NEXT_TELEMETRY_DISABLED: '1' },
});
let floorSite: ChildProcess | undefined;
let chromium: Awaited<ReturnType<typeof startChromium>> | undefined;
try {
  const base = `http://127.0.0.1:${webPort}`;
  await waitFor(`${base}/auth/login`, web);
  const cookie = `token=${await login(api.url, 'fan@example.com')}`;
  // The root layout's own API calls (settings, geo check, me), in parallel as it makes them.
  const layoutCalls = (c?: string) => async () => {
    const t0 = performance.now();
    const headers: Record<string, string> = c ? { authorization: `Bearer ${c.slice('token='.length)}` } : {};
    const rs = await Promise.all(['/settings/public', '/block/countries/check', ...(c ? ['/users/me'] : [])].map((p) => fetch(`${api.url}${p}`, { headers }).then(async (r) => ({ s: r.status, b: await r.arrayBuffer() }))));
    return { ttfb: performance.now() - t0, bytes: rs.reduce((n, r) => n + r.b.byteLength, 0), status: rs.every((r) => r.s === 200) ? 200 : rs.find((r) => r.s !== 200)!.s };
  };
  const anonFloor = await timed('layout calls', layoutCalls());
  const userFloor = await timed('layout calls (signed in)', layoutCalls(cookie));
  for (const [route, signedIn] of [
    ['/auth/login', false],
    ['/home', true],
    ['/luna', false],
    ['/luna', true],
  ] as const) {
    const label = `${route}${signedIn ? ' (signed in)' : ''}`;
    const m = await timed(label, () => get(`${base}${route}`, signedIn ? cookie : undefined));
    const f = signedIn ? userFloor : anonFloor;
    rows.push({ suite: 'web', figure: `server HTML: ${label}`, value: kb(m.bytes), target: `≤ ${HTML_GOAL} kB`, met: m.bytes <= HTML_GOAL * 1000 });
    rows.push({ suite: 'web', figure: `SSR TTFB p50 (p95): ${label}`, value: `${fmt(m.p50, 1)} ms (${fmt(m.p95, 1)})`, floor: `layout's API calls ${fmt(f.p50, 1)} ms`, target: '< 100 ms', met: m.p50 < 100 });
  }

  // ---------------------------------------------------------------- 3. Lighthouse (mobile)
  log(`Lighthouse, mobile profile, ${LIGHTHOUSE_RUNS} audits a page…`);
  chromium = await startChromium();
  const floorRun = await nextStart(floorDir, '/bare');
  floorSite = floorRun.child;
  const bare = await audit(chromium.port, `${floorRun.base}/bare`, { runs: LIGHTHOUSE_RUNS });
  const withAntd = await audit(chromium.port, `${floorRun.base}/antd`, { runs: LIGHTHOUSE_RUNS });
  const lhFloor = `Next+React: ${bare.performance} (LCP ${fmt(bare.lcpMs / 1000, 2)} s, TBT ${fmt(bare.tbtMs, 0)} ms); + antd: ${withAntd.performance} (LCP ${fmt(withAntd.lcpMs / 1000, 2)} s, TBT ${fmt(withAntd.tbtMs, 0)} ms)`;
  for (const [route, label, signedIn, perfGoal] of [
    ['/', 'landing page', false, 90],
    ['/auth/login', '/auth/login', false, 90],
    ['/luna', "a creator's page (/luna), signed out", false, 90],
    ['/home', "a fan's /home, signed in", true, 80],
  ] as const) {
    const s = await audit(chromium.port, `${base}${route}`, { runs: LIGHTHOUSE_RUNS, ...(signedIn ? { cookie: { name: 'token', value: cookie.slice('token='.length) } } : {}) });
    rows.push({ suite: 'web', figure: `Lighthouse mobile: ${label}`, value: lhText(s), floor: lhFloor, target: `performance ≥ ${perfGoal}, accessibility ≥ 95`, met: s.performance >= perfGoal && s.accessibility >= 95 });
  }
} finally {
  await chromium?.stop();
  floorSite?.kill('SIGTERM');
  fs.rmSync(path.join(floorDir, '.next'), { recursive: true, force: true });
  web.kill('SIGTERM');
  await api.stop();
}
report('web', rows);
