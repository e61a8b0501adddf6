#!/usr/bin/env node
// Finds the Chromium the browser tests drive: CHROMIUM_PATH, else Debian's old headless shell
// (package chromium-headless-shell: the same Blink and V8 without the full browser's UI and
// compositor — the contrast spec took 123 s with it against 154 s with `chromium`, and the browser
// half the CPU, 2026-11-28), else /usr/bin/chromium. When neither is there and we are root on
// Debian, installs both packages (`chromium` stays for people who watch a test headed:
// `CHROMIUM_PATH=/usr/bin/chromium npx playwright test --headed`); otherwise says what to run.
// The lookup itself: scripts/lib/chromium-path.cjs (playwright.config.ts uses it too).
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import paths from './lib/chromium-path.cjs';

const { HEADLESS_SHELL, chromiumPath } = paths;

{
  let found = chromiumPath();
  if (!found || (!process.env.CHROMIUM_PATH && found !== HEADLESS_SHELL)) {
    const isRoot = process.getuid?.() === 0;
    const debian = fs.existsSync('/etc/debian_version');
    if (isRoot && debian) {
      console.log('▶ Installing Debian chromium-headless-shell (and chromium) for the browser tests…');
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      const install = () => spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'chromium-headless-shell'], { stdio: 'inherit', env }).status;
      if (install() !== 0) {
        spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
        const status = install();
        if (status !== 0 && !found) process.exit(status ?? 1);
      }
      found = chromiumPath();
    } else if (!found) {
      console.error('✖ Chromium not found. Install it (Debian/Ubuntu: `sudo apt-get install chromium-headless-shell`) or set CHROMIUM_PATH.');
      process.exit(1);
    }
  }
  console.log(`Chromium: ${found}`);
}
