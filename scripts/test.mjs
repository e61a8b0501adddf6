#!/usr/bin/env node
// `npm test`: unit tests, API integration tests, then the browser end-to-end tests (builds the web
// app when needed). The API suite runs on PGlite, or on PostgreSQL/Redis when DATABASE_URL /
// REDIS_URL are set — then with the files about the embedded database (the api-embedded project
// of vitest.config.ts) on PGlite as well. The browser tests always run the site on its own
// embedded database (playwright.config.ts leaves DATABASE_URL / REDIS_URL out).
import { spawnSync } from 'node:child_process';
import { ROOT, ensureWebBuild } from './lib/build-web.mjs';

const step = (title, cmd, args, env = {}) => {
  console.log(`\n━━ ${title} ━━`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(r.status ?? 1);
  }
};
const only = process.argv[2];
const on = process.env.DATABASE_URL ? `PostgreSQL${process.env.REDIS_URL ? ' and Redis' : ''}, embedded-database files on PGlite` : 'PGlite';
if (!only || only === 'unit') step('unit tests', 'npx', ['vitest', 'run', '--project', 'unit']);
if (!only || only === 'api') step(`API integration tests (${on})`, 'npx', ['vitest', 'run', '--project', 'api', '--project', 'api-embedded']);
if (!only || only === 'e2e') {
  step('chromium', process.execPath, ['scripts/ensure-chromium.mjs']);
  ensureWebBuild();
  step('browser end-to-end tests', 'npx', ['playwright', 'test']);
}
console.log('\n✔ all tests passed');
