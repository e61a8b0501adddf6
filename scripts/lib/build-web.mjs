import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const WEB = path.join(ROOT, 'apps/web');
// NEXT_DIST_DIR (see next.config.ts) lets a second checkout or session build beside the first.
const BUILD_ID = path.join(WEB, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');

function newestMtime(dir) {
  let newest = 0;
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop();
    let entries = [];
    try { entries = fs.readdirSync(d, { withFileTypes: true }); } catch { continue; }
    for (const e of entries) {
      if (e.name === 'node_modules' || e.name.startsWith('.next')) continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  }
  return newest;
}

/** True when the web app has no production build or its sources changed since the last one. */
export function webBuildIsStale() {
  if (!fs.existsSync(BUILD_ID)) return true;
  const built = fs.statSync(BUILD_ID).mtimeMs;
  const sources = [path.join(WEB, 'src'), path.join(WEB, 'public'), path.join(ROOT, 'packages/shared/src')];
  const configs = ['next.config.ts', 'package.json', 'tsconfig.json'].map((f) => path.join(WEB, f)).filter((f) => fs.existsSync(f));
  return Math.max(...sources.map(newestMtime), ...configs.map((f) => fs.statSync(f).mtimeMs)) > built;
}

/** Builds the web app when needed, showing Next's own progress output. */
export function ensureWebBuild({ force = false } = {}) {
  if (!force && !webBuildIsStale()) return;
  console.log('\n▶ Building the web app (first start or sources changed; takes a minute or two)…\n');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' } });
  if (r.status !== 0) {
    console.error('\n✖ The web build failed (see above).');
    process.exit(r.status ?? 1);
  }
}
