#!/usr/bin/env node
// `npm start`: the whole site on one machine — API (+ workers) on the embedded PGlite database in
// DATA_DIR (default ./data), demo data on first start, and the web app; builds the web app first
// when it has no build or its sources changed. `npm run dev` runs both in watch mode instead.
// Janus (live video) is started first when it is installed (scripts/lib/janus.mjs).
// Logs: outside production the API writes compact lines and each request at debug level (hidden at
// the default LOG_LEVEL=info; apps/api/src/platform/logger.ts), so the "Stagepass is running"
// banner, printed once the API and the web app answer, stays the last thing on screen.
import { requireSupportedNode } from './lib/node-version.mjs';
requireSupportedNode(); // Node.js 22.13+ or 24 (package.json engines): one line and exit otherwise
import path from 'node:path';
import { ROOT, ensureWebBuild } from './lib/build-web.mjs';
import { run, waitForUrl } from './lib/processes.mjs';
import { apiRuntime } from './lib/api-runtime.mjs';
import { janusEnv, janusPorts, startJanusInstances } from './lib/janus.mjs';
import { ensureJanus } from './ensure-janus.mjs';

const dev = process.argv.includes('--dev');
const production = process.env.NODE_ENV === 'production';
const apiPort = process.env.API_PORT || '8080';
const webPort = process.env.WEB_PORT || '3000';
const publicApi = process.env.PUBLIC_API_URL || `http://localhost:${apiPort}`;
const publicWeb = process.env.PUBLIC_WEB_URL || `http://localhost:${webPort}`;
const env = {
  ...process.env,
  API_PORT: apiPort,
  WEB_PORT: webPort,
  PUBLIC_API_URL: publicApi,
  PUBLIC_WEB_URL: publicWeb,
  API_INTERNAL_URL: process.env.API_INTERNAL_URL || `http://127.0.0.1:${apiPort}`,
  DATA_DIR: path.resolve(process.env.DATA_DIR || path.join(ROOT, 'data')),
  SEED_DEMO: process.env.SEED_DEMO ?? (production ? 'false' : 'true'),
  NEXT_TELEMETRY_DISABLED: '1',
};
// Memory settings of the API process (scripts/lib/api-runtime.mjs).
const apiRun = apiRuntime(env);
Object.assign(env, apiRun.env);

if (process.argv.includes('--fresh')) {
  // Used by the browser tests: a throwaway database every run.
  const fs = await import('node:fs');
  if (env.DATA_DIR === path.join(ROOT, 'data')) throw new Error('--fresh refuses to wipe the default ./data');
  fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
}
if (!dev) ensureWebBuild();

// Live video (apps/api/src/platform/live/README.md): our own Janus on loopback, unless JANUS_URL
// names one already running elsewhere. Optional: without it the site runs with live video off.
// Its secrets go to the API's environment only.
const children = [];
let janus = [];
let stopping = false;
const apiEnv = { ...env };
const janusCount = Number(env.JANUS_INSTANCES || 1);
// How long the API (migrations + first-start demo data) and then the web app may take to answer:
// 3 minutes by default; the browser tests' sites, which start beside CI's CPU-bound checks, wait longer.
const startTimeoutMs = Number(env.START_TIMEOUT_MS) > 0 ? Number(env.START_TIMEOUT_MS) : 180_000;
if (env.JANUS_URL) {
  console.log(`▶ Live video through the Janus at ${env.JANUS_URL}`);
} else if (!Number.isInteger(janusCount) || janusCount < 1 || janusCount > 16) {
  console.error(`live video is off: JANUS_INSTANCES must be a whole number from 1 to 16 (got ${env.JANUS_INSTANCES})`);
} else if (!ensureJanus()) {
  console.log('live video is off: Janus is not installed — `sudo apt-get install janus` (or `node scripts/ensure-janus.mjs` as root)');
} else {
  // JANUS_INSTANCES > 1: several Janus side by side (the API places each stream on the least
  // loaded and spreads big audiences over the others), the media range split between them.
  const ports = janusPorts(apiPort);
  const quiet = { silent: 0, fatal: 1, error: 2, warn: 3 }[env.LOG_LEVEL];
  try {
    janus = await startJanusInstances({
      dataDir: path.join(env.DATA_DIR, 'janus'),
      count: janusCount,
      ...ports,
      logLevel: env.JANUS_LOG_LEVEL ?? quiet ?? 4,
      log: (line, i) => process.stdout.write(`[janus${janusCount > 1 ? `-${i + 1}` : ''}] ${line}\n`),
    });
    for (const j of janus) j.done.then(({ code, signal }) => { if (!stopping) console.error(`✖ Janus ${j.url} exited (${code ?? signal}): live video on it is off until the next start`); });
    Object.assign(apiEnv, janusEnv(janus));
    for (const j of janus) console.log(`▶ Janus (live video) on ${j.url}, media on UDP ${j.rtpPorts}`);
  } catch (err) {
    console.error(`live video is off: Janus did not start (${err.message})`);
  }
}

console.log(`▶ Starting the API on ${publicApi} (data in ${env.DATA_DIR})…`);
const api = run('api', process.execPath, [...apiRun.nodeArgs, '--import', 'tsx', ...(dev ? ['--watch'] : []), 'apps/api/src/server.ts'], { cwd: ROOT, env: apiEnv });
children.push(api);
const stop = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.race([Promise.all(children.map((c) => c.done)), new Promise((r) => setTimeout(r, 12_000))]);
  // A process still running after its grace (the API waiting on a job's ffmpeg) is killed, not
  // left behind holding its port and its data directory.
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await Promise.all(janus.map((j) => j.stop())); // after the API: it leaves its Janus sessions first
  process.exit(code);
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
// Whoever started us (npm, the browser tests' launcher) gone without a signal (killed): stop too,
// rather than leave a site running that nothing will stop.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) void stop(1);
}, 1000).unref();

try {
  await waitForUrl(`http://127.0.0.1:${apiPort}/readyz`, { child: api, timeoutMs: startTimeoutMs });
} catch (err) {
  console.error(`✖ The API did not start: ${err.message}`);
  await stop(1);
}
console.log(`▶ Starting the web app on ${publicWeb}…`);
const nextBin = path.join(ROOT, 'node_modules/next/dist/bin/next');
const web = run('web', process.execPath, [nextBin, dev ? 'dev' : 'start', '-p', webPort], { cwd: path.join(ROOT, 'apps/web'), env });
children.push(web);
waitForUrl(`http://127.0.0.1:${webPort}/auth/login`, { child: web, timeoutMs: startTimeoutMs })
  .then(() => {
    console.log(`\n✔ Stagepass is running: ${publicWeb}  (API ${publicApi}, docs ${publicApi}/docs)`);
    if (env.SEED_DEMO === 'true') console.log('  Demo accounts: fan@example.com, creator@example.com (luna), admin@example.com (operator) — password stagepass-demo; the operator\'s 2FA code comes from the demo-only secret STAGEPASSDEMOADMIN2FA7OTPSECRET2 (README); luna turns 2FA on before requesting a payout');
    if (!production && env.LOG_LEVEL !== 'debug' && env.LOG_LEVEL !== 'trace') console.log('  Log lines below are notices, warnings and errors; LOG_LEVEL=debug adds one line per request');
    console.log('');
  })
  .catch(() => {});
for (const c of children) c.done.then(({ code }) => { if (!stopping) { console.error(`✖ a process exited (code ${code}); stopping`); stop(code || 1); } });
