#!/usr/bin/env node
// Finds the Janus WebRTC server that carries live video (apps/api/src/platform/live/README.md):
// JANUS_PATH, else /usr/bin/janus — and janus-pp-rec (Debian's `janus-tools`), which turns live
// recordings into replays. When either is missing and we are root on Debian, installs Debian's
// packages; otherwise says what to run and exits 0 — live video is optional, the site runs
// without it (live is then hidden and the streaming routes answer 503), and so are replays.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

export function janusPath() {
  for (const p of [process.env.JANUS_PATH, '/usr/bin/janus'].filter(Boolean)) {
    if (fs.existsSync(p)) return p;
  }
  return null;
}

/**
 * The janus binary, installing Debian's package first when it is missing and we are root on
 * Debian; null (with a line saying what to run) when it cannot be had. `npm start` and CI call it.
 */
/** janus-pp-rec (replays of live streams): JANUS_PP_REC_PATH, else Debian's /usr/bin/janus-pp-rec. */
export function ppRecPath() {
  for (const p of [process.env.JANUS_PP_REC_PATH, '/usr/bin/janus-pp-rec'].filter(Boolean)) {
    if (fs.existsSync(p)) return p;
  }
  return null;
}

export function ensureJanus() {
  let found = janusPath();
  const missing = [...(found ? [] : ['janus']), ...(ppRecPath() ? [] : ['janus-tools'])];
  if (missing.length) {
    const isRoot = process.getuid?.() === 0;
    const debian = fs.existsSync('/etc/debian_version');
    if (isRoot && debian) {
      console.log(`▶ Installing Debian ${missing.join(' and ')} for live video…`);
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      const r = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
      if (r.status !== 0) console.error(`✖ apt-get install ${missing.join(' ')} failed: live video (or its replays) stays off.`);
      const fresh = !found;
      found = janusPath();
      // The package enables a system-wide Janus (every plugin, HTTP API on 0.0.0.0:8088, no API
      // secret): not what the site runs. Its own instance is started by `npm start` instead.
      if (fresh && found && fs.existsSync('/run/systemd/system')) {
        spawnSync('systemctl', ['disable', '--now', 'janus.service'], { stdio: 'inherit' });
      }
    } else if (!found) {
      console.log('Janus not found: live video is off. Install it (Debian/Ubuntu: `sudo apt-get install janus janus-tools`) or set JANUS_PATH.');
    } else {
      console.log('janus-pp-rec not found: live streams cannot be recorded as replays. Install it (Debian/Ubuntu: `sudo apt-get install janus-tools`).');
    }
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = ensureJanus();
  if (found) console.log(`Janus: ${found}`);
}
