#!/usr/bin/env node
// Finds Debian's nginx for the production smoke (`npm run prod-smoke`, docs/deploy.md): installs
// Debian's `nginx-light` when it is missing and we are root on Debian, as scripts/ensure-janus.mjs
// does for Janus; otherwise says what to run. The package's own system-wide nginx is not ours to
// run: the smoke starts its own with -p/-c in a temp dir, so it is disabled when systemd runs.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

const CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];

export function nginxPath() {
  return [process.env.NGINX_PATH, ...CANDIDATES].filter(Boolean).find((p) => fs.existsSync(p)) ?? null;
}

/** The nginx binary, installed first when missing and possible; null (with a line saying what to run) otherwise. */
export function ensureNginx() {
  let found = nginxPath();
  if (found) return found;
  if (process.getuid?.() === 0 && fs.existsSync('/etc/debian_version')) {
    console.log('▶ Installing Debian nginx-light for the production smoke…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx-light'], { stdio: 'inherit', env });
    if (r.status !== 0) console.error('✖ apt-get install nginx-light failed');
    found = nginxPath();
    if (found && fs.existsSync('/run/systemd/system')) spawnSync('systemctl', ['disable', '--now', 'nginx.service'], { stdio: 'inherit' });
  }
  if (!found) console.log('nginx not found: the production smoke needs it (Debian/Ubuntu: `sudo apt-get install nginx-light`, or set NGINX_PATH).');
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = ensureNginx();
  if (found) console.log(`nginx: ${found}`);
}
