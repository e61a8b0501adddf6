import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * unit: pure rules (packages/shared, *.unit.test.ts) — no database.
 * api: integration through app.inject on a real database (PGlite per test file from a migrated
 * template; PostgreSQL when DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    projects: [
      {
        // The web's "@/…" imports (apps/web/tsconfig.json paths), for its slices and helpers.
        resolve: { alias: { '@/': fileURLToPath(new URL('./apps/web/src/', import.meta.url)) } },
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/api/src/**/*.unit.test.ts', 'apps/web/src/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts'],
          environment: 'node',
          // Projects with different worker limits must run as separate groups (vitest refuses
          // `npx vitest run` of both otherwise): unit tests first, then the API suite.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          exclude: ['**/*.unit.test.ts', '**/node_modules/**'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
