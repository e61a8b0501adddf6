import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * unit: pure rules (packages/shared, *.unit.test.ts) — no database.
 * api: integration through app.inject on a real database (PGlite per test file from a migrated
 * template; PostgreSQL, and Redis, when DATABASE_URL / REDIS_URL are set).
 * api-embedded: the API test files about the embedded database itself, always on PGlite without
 * Redis (DATABASE_URL / REDIS_URL are removed for them), so a run on PostgreSQL still covers it.
 * The files about the embedded database only (its data directory, backup and restore) run in
 * `api-embedded` alone; the others in both projects when DATABASE_URL is set (without it, `api`
 * leaves them to `api-embedded`: each file runs once).
 */
const EMBEDDED_ONLY = [
  // The PGlite data directory: created, reopened, its settings.
  'apps/api/src/db/client.test.ts',
  // Backup and restore exist for the embedded database only.
  'apps/api/src/modules/backup/backup.test.ts',
  'apps/api/src/modules/backup/restore.test.ts',
];
const EMBEDDED = [
  ...EMBEDDED_ONLY,
  // SQLSTATEs through the PGlite driver (and node-postgres in `api`).
  'apps/api/test/robustness.test.ts',
  // pg-boss through the PGlite adapter (exec/query), jobs surviving a restart on a data directory.
  'apps/api/src/modules/media/media.queue.test.ts',
  'apps/api/src/modules/media/media.restart.test.ts',
  'apps/api/src/platform/events.test.ts',
  // Concurrency on one connection (transactions serialised): the ledger and settings invariants.
  'apps/api/src/modules/wallet/wallet.test.ts',
  'apps/api/src/modules/wallet/private-billing.test.ts',
  'apps/api/src/modules/settings/settings.test.ts',
  // Full-text search (PGlite's PostgreSQL 18 against the server's 15).
  'apps/api/src/modules/search/search.test.ts',
  // The session cache of a single node without Redis.
  'apps/api/test/session-cache.test.ts',
];

const UNIT = ['packages/shared/src/**/*.test.ts', 'apps/api/src/**/*.unit.test.ts', 'apps/web/src/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts'];
/** Unit files that mock modules (vi.mock): isolated, each with its own module graph. */
const UNIT_MOCKS = ['apps/web/src/store/{notification-paging,streaming,message,stream-message,conversation}.unit.test.ts'];
// The web's "@/…" imports (apps/web/tsconfig.json paths), for its slices and helpers.
const webAlias = { alias: { '@/': fileURLToPath(new URL('./apps/web/src/', import.meta.url)) } };

const api = {
  environment: 'node',
  globalSetup: ['apps/api/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  maxWorkers: 2,
  sequence: { groupOrder: 1 },
} as const;

// CI (.ci/run) lists the 10 slowest test files of each project after the run.
const reporters = process.env.CI ? ['default', './scripts/vitest-slowest-reporter.ts'] : ['default'];

export default defineConfig({
  test: {
    reporters,
    projects: [
      {
        resolve: webAlias,
        test: {
          name: 'unit',
          // Pure rules share one module graph per worker (no re-import of shared code for each
          // file: 34 → 13 s of CPU for the unit suite); the files that replace modules with
          // vi.mock run isolated, in `unit-mocks`, as their mocks would leak into the others.
          isolate: false,
          include: UNIT,
          exclude: ['**/node_modules/**', ...UNIT_MOCKS],
          environment: 'node',
          // Projects with different worker limits must run as separate groups (vitest refuses
          // `npx vitest run` of both otherwise): unit tests first, then the API suite.
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: webAlias,
        test: { name: 'unit-mocks', include: UNIT_MOCKS, environment: 'node', sequence: { groupOrder: 0 } },
      },
      {
        test: {
          ...api,
          name: 'api',
          // One module graph per worker for all its files: each file still builds its own app on
          // its own database (createTestApp), but no longer re-imports the whole API (≈3 s of
          // transform and import a file, 295 s of a CI run). api-embedded stays isolated (it
          // changes TMPDIR and loads the PGlite data-directory code under test afresh).
          isolate: false,
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          exclude: ['**/*.unit.test.ts', '**/node_modules/**', ...(process.env.DATABASE_URL ? EMBEDDED_ONLY : EMBEDDED)],
        },
      },
      {
        test: {
          ...api,
          name: 'api-embedded',
          include: EMBEDDED,
          setupFiles: ['apps/api/test/embedded-setup.ts'],
        },
      },
    ],
  },
});
