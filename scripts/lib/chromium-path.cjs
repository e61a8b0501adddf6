// The Chromium the browser tests drive (CommonJS: playwright.config.ts loads it as well as
// scripts/ensure-chromium.mjs): CHROMIUM_PATH, else Debian's old headless shell (package
// chromium-headless-shell), else its chromium.
const fs = require('node:fs');

const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

function chromiumPath() {
  for (const p of [process.env.CHROMIUM_PATH, HEADLESS_SHELL, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean)) {
    if (fs.existsSync(p)) return p;
  }
  return null;
}

module.exports = { HEADLESS_SHELL, chromiumPath };
