#!/usr/bin/env node
// Finds the Chromium the browser tests drive: CHROMIUM_PATH, else /usr/bin/chromium. When it is
// missing and we are root on Debian, installs Debian's `chromium` package; otherwise says what to run.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

export function chromiumPath() {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean)) {
    if (fs.existsSync(p)) return p;
  }
  return null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let found = chromiumPath();
  if (!found) {
    const isRoot = process.getuid?.() === 0;
    const debian = fs.existsSync('/etc/debian_version');
    if (isRoot && debian) {
      console.log('▶ Installing Debian chromium for the browser tests…');
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
      if (r.status !== 0) process.exit(r.status ?? 1);
      found = chromiumPath();
    } else {
      console.error('✖ Chromium not found. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH.');
      process.exit(1);
    }
  }
  console.log(`Chromium: ${found}`);
}
