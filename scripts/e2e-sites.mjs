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
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './lib/processes.mjs';
import { ensureWebBuild } from './lib/build-web.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sites = JSON.parse(process.env.E2E_SITES || '[]');
if (!sites.length) throw new Error('E2E_SITES is not set: start the browser tests with `npx playwright test`');

// Built once here (when stale), before the sites start: two `start.mjs` must not build one directory at once.
ensureWebBuild();
const children = sites.map((s) =>
  run(s.name, process.execPath, [path.join(ROOT, 'scripts/start.mjs'), '--fresh'], {
    cwd: ROOT,
    env: {
      ...process.env,
      API_PORT: String(s.apiPort),
      WEB_PORT: String(s.webPort),
      PUBLIC_API_URL: `http://localhost:${s.apiPort}`,
      PUBLIC_WEB_URL: `http://localhost:${s.webPort}`,
      DATA_DIR: s.dataDir,
    },
  }),
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
