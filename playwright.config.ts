import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
// @ts-expect-error — a plain CommonJS script without type declarations
import { chromiumPath } from './scripts/lib/chromium-path.cjs';

/**
 * Browser tests against the built app on a throwaway embedded database (.data-e2e), API on 8090,
 * web on 3090, Debian's Chromium. Each worker has its own fan and creator (e2e/fixtures/users.ts),
 * so spec files run side by side: two workers by default (E2E_WORKERS sets another number). The
 * tests mostly wait on the browser, the site and its jobs — one worker kept about a third of two
 * cores busy — and with two the whole suite (84 tests) passed in 12.8 min at load 10–18 where one
 * worker took 13.2 min with the machine quiet for half of it (2026-11-28); no test needed a retry.
 * Tests that change site-wide settings (maintenance mode, blocked countries, e-mail
 * verification…) are tagged @site-settings and run afterwards in their own project, one at a time.
 */
// E2E_PORT_BASE moves every port (API base+0, web base+1, Google stand-in base+9), the data
// directory and the web build's directory (.next-e2e-<base>), so two checkouts or sessions on one machine can run the browser tests side by side.
const base = Number(process.env.E2E_PORT_BASE || 0);
const apiPort = base ? base : 8090;
const webPort = base ? base + 1 : 3090;
export const E2E = {
  api: `http://localhost:${apiPort}`,
  web: `http://localhost:${webPort}`,
  googleJwksPort: base ? base + 9 : 8099,
  // Playwright runs from the repository root (npm test / npx playwright test).
  dataDir: path.resolve(process.cwd(), base ? `.data-e2e-${base}` : '.data-e2e'),
};
// CHROMIUM_PATH, else Debian's chromium-headless-shell, else its chromium (scripts/ensure-chromium.mjs).
const chromium = chromiumPath() ?? '/usr/bin/chromium';
// The site under test runs on its own embedded database (a fresh DATA_DIR), never on a PostgreSQL
// or Redis the shell points at (CI sets both for the API suite): Playwright hands its whole
// environment to the web server, so they are removed here.
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The flaky reporter lists, at the end, every test that passed only on retry.
  // CI also lists the 10 slowest spec files.
  reporter: process.env.CI
    ? [['list'], ['./e2e/support/flaky-reporter.ts'], ['./e2e/support/slowest-reporter.ts']]
    : [['list'], ['./e2e/support/flaky-reporter.ts'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E.web,
    // A trace only when a test is retried (CI retries once): recording one for every test cost the
    // browser about 13% more CPU and Playwright a third more (contrast + shell specs, 2026-11-28).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      // Live video (e2e/live.spec.ts): a fake camera and microphone, permission granted without a prompt.
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    },
  },
  projects: [
    // `teardown` runs the site-settings project after this one, whatever its outcome.
    { name: 'desktop', grepInvert: /@site-settings/, teardown: 'site-settings', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'site-settings', grep: /@site-settings/, workers: 1, use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: 'node scripts/start.mjs --fresh',
    url: `${E2E.web}/auth/login`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      API_PORT: String(apiPort),
      WEB_PORT: String(webPort),
      PUBLIC_API_URL: E2E.api,
      PUBLIC_WEB_URL: E2E.web,
      DATA_DIR: E2E.dataDir,
      // A moved run also builds the web app into its own directory: sessions (or helpers) running
      // browser tests side by side in one checkout must not rebuild the build another one serves.
      ...(base && !process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: `.next-e2e-${base}` } : {}),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_MAX: '1000',
      // Google's key set, stood in for by e2e/social.spec.ts (Google cannot be reached offline).
      GOOGLE_JWKS_URL: `http://127.0.0.1:${E2E.googleJwksPort}/jwks`,
      NODE_ENV: 'development',
    },
  },
});
