#!/usr/bin/env node
// The browser tests' sites (playwright.config.ts `webServer`): two throwaway sites started side by
// side, each `node scripts/start.mjs --fresh` on its own ports and data directory — the main one,
// which most spec files share, and one for the specs tagged @site-settings (maintenance mode,
// blocked countries, new terms…), which change what every visitor of a site sees and so used to
// run alone after all the others. Playwright starts its web servers one after another and waits
// for each, so one launcher starts both at once; Playwright waits for the main site's URL, and the
// site-settings project's workers wait for theirs (e2e/fixtures/ready.ts).
//
// E2E_SITES (JSON, from playwright.config.ts): [{ name, apiPort, webPort, dataDir }, …]. Everything
// else of the environment goes to both. A site that stops stops the other and this launcher.
//
// The demo data are seeded once (`npm run seed`'s seed-cli, its media processed to the end) into a
// data directory beside the first site's, then copied into each site's: the seed and its media
// jobs cost ≈110 s of CPU, which every site paid for itself before, beside CI's checks.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './lib/processes.mjs';
import { ensureWebBuild } from './lib/build-web.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sites = JSON.parse(process.env.E2E_SITES || '[]');
if (!sites.length) throw new Error('E2E_SITES is not set: start the browser tests with `npx playwright test`');

// Built once here (when stale), before the sites start: two `start.mjs` must not build one directory at once.
ensureWebBuild();
const siteEnv = (s, dataDir) => ({
  ...process.env,
  API_PORT: String(s.apiPort),
  WEB_PORT: String(s.webPort),
  PUBLIC_API_URL: `http://localhost:${s.apiPort}`,
  PUBLIC_WEB_URL: `http://localhost:${s.webPort}`,
  DATA_DIR: dataDir,
});

const seeded = `${sites[0].dataDir}.seeded`;
fs.rmSync(seeded, { recursive: true, force: true });
const t0 = Date.now();
const seeder = run('seed', process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/api/src/seed/seed-cli.ts')], {
  cwd: ROOT,
  env: { ...siteEnv(sites[0], seeded), NODE_ENV: process.env.NODE_ENV || 'development' },
});
const stopSeeder = () => seeder.kill('SIGTERM');
process.once('SIGINT', stopSeeder);
process.once('SIGTERM', stopSeeder);
const seedEnd = await seeder.done;
process.off('SIGINT', stopSeeder);
process.off('SIGTERM', stopSeeder);
if (seedEnd.code !== 0) {
  console.error(`[seed] failed (${seedEnd.signal ?? `exit ${seedEnd.code}`})`);
  process.exit(1);
}
console.log(`[seed] demo data seeded once in ${Math.round((Date.now() - t0) / 1000)} s; copied to ${sites.length} site(s)`);
for (const s of sites) {
  fs.rmSync(s.dataDir, { recursive: true, force: true });
  fs.cpSync(seeded, s.dataDir, { recursive: true });
}
fs.rmSync(seeded, { recursive: true, force: true });

const children = sites.map((s) =>
  run(s.name, process.execPath, [path.join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env: { ...siteEnv(s, s.dataDir), SEED_DEMO: 'false' } }),
);

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  void Promise.all(children.map((c) => c.done)).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const [i, c] of children.entries()) {
  void c.done.then(({ code, signal }) => {
    if (!stopping) console.error(`[${sites[i].name}] stopped (${signal ?? `exit ${code}`}): stopping the other site`);
    stop(code ?? 1);
  });
}
// Playwright starts this launcher in a process group of its own; when Playwright itself is killed
// (CI stopping a failed run), nothing signals us, and the sites would hold their ports into the
// next run. So the launcher stops the sites once its parent is gone.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop(1);
}, 1000).unref();
