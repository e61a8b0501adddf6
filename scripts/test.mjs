#!/usr/bin/env node
// `npm test`: unit tests, API integration tests and the browser end-to-end tests (builds the web
// app when needed). The API suite runs on PGlite, or on PostgreSQL/Redis when DATABASE_URL /
// REDIS_URL are set — then with the files about the embedded database (the api-embedded project
// of vitest.config.ts) on PGlite as well. The browser tests always run the site on its own
// embedded database (playwright.config.ts leaves DATABASE_URL / REDIS_URL out).
//
// `npm test` (all three levels) starts the browser tests first and runs the unit and API tests
// beside them at a lower priority (nice 10): the browser tests mostly wait — on the browser, the
// site and its jobs (one worker kept about a third of two cores busy) — so the CPU-bound suites
// fill the idle cores instead of waiting their turn. The browser tests' output is kept and printed
// whole when they end. `npm test -- --one-by-one` (or TEST_ONE_BY_ONE=1) runs the levels in turn.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, ensureWebBuild } from './lib/build-web.mjs';

const fail = (title, status) => {
  console.error(`\n✖ ${title} failed`);
  process.exit(status ?? 1);
};
const step = (title, cmd, args, { env = {}, nice = false } = {}) => {
  console.log(`\n━━ ${title} ━━`);
  const [c, a] = nice && process.platform !== 'win32' ? ['nice', ['-n', '10', cmd, ...args]] : [cmd, args];
  const r = spawnSync(c, a, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) fail(title, r.status);
};
const only = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : undefined;
const oneByOne = process.argv.includes('--one-by-one') || process.env.TEST_ONE_BY_ONE === '1';
const on = process.env.DATABASE_URL ? `PostgreSQL${process.env.REDIS_URL ? ' and Redis' : ''}, embedded-database files on PGlite` : 'PGlite';
const E2E_TITLE = 'browser end-to-end tests';

/** Prepares the browser tests (Chromium, the web build) — both needed before they start. */
function prepareE2e() {
  step('chromium', process.execPath, ['scripts/ensure-chromium.mjs']);
  ensureWebBuild();
}

/** Starts the browser tests in the background, their output into a file; resolves with their exit status. */
function e2eInBackground() {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-e2e-')), 'e2e.log');
  const out = fs.openSync(log, 'w');
  console.log(`\n━━ ${E2E_TITLE} ━━ started; the unit and API tests run beside them, their output follows when they end (${log})`);
  const child = spawn('npx', ['playwright', 'test'], { cwd: ROOT, stdio: ['ignore', out, out], detached: true, env: process.env });
  const stop = () => {
    try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already ended */ }
  };
  process.on('exit', stop);
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { stop(); process.exit(130); });
  const done = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return { log, done, stop };
}

if (only === 'unit') step('unit tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'unit-mocks']);
else if (only === 'api') step(`API integration tests (${on})`, 'npx', ['vitest', 'run', '--project', 'api', '--project', 'api-embedded']);
else if (only === 'e2e') {
  prepareE2e();
  step(E2E_TITLE, 'npx', ['playwright', 'test']);
} else if (only) {
  console.error(`✖ unknown test level "${only}": unit, api or e2e`);
  process.exit(2);
}
else if (oneByOne) {
  step('unit tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'unit-mocks']);
  step(`API integration tests (${on})`, 'npx', ['vitest', 'run', '--project', 'api', '--project', 'api-embedded']);
  prepareE2e();
  step(E2E_TITLE, 'npx', ['playwright', 'test']);
} else {
  prepareE2e();
  const e2e = e2eInBackground();
  step('unit tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'unit-mocks'], { nice: true });
  step(`API integration tests (${on})`, 'npx', ['vitest', 'run', '--project', 'api', '--project', 'api-embedded'], { nice: true });
  console.log(`\n━━ ${E2E_TITLE} ━━ (waiting for them to end)`);
  const status = await e2e.done;
  process.stdout.write(fs.readFileSync(e2e.log));
  if (status !== 0) fail(E2E_TITLE, status);
}
console.log(`\n✔ ${only ? `${only} tests` : 'all tests'} passed`);
