import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '../../../../..');

/** The site's version: the root package.json's. */
export function packageVersion(): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The git commit this code is from: `GIT_COMMIT` (set it where the deployment has no .git, e.g. at
 * build time), else `git rev-parse HEAD` in the repository at start, else null.
 */
let found: string | null | undefined;
export function gitCommit(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env === process.env && found !== undefined) return found;
  const commit = lookUp(env);
  if (env === process.env) found = commit;
  return commit;
}

function lookUp(env: NodeJS.ProcessEnv): string | null {
  const given = env.GIT_COMMIT?.trim();
  if (given) return /^[0-9a-f]{7,40}$/i.test(given) ? given.slice(0, 12) : given.slice(0, 40);
  const r = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: REPO, encoding: 'utf8', timeout: 2000, stdio: ['ignore', 'pipe', 'ignore'] });
  const sha = r.status === 0 ? r.stdout.trim() : '';
  return /^[0-9a-f]{40}$/.test(sha) ? sha.slice(0, 12) : null;
}
