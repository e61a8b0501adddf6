import type { NextConfig } from 'next';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import createNextIntlPlugin from 'next-intl/plugin';

// The browser's route map without its zod schemas (scripts/gen-web-routes.mts), written afresh
// whenever Next loads this config, and swapped in for '@stagepass/shared/routes' in browser
// bundles below: server code keeps the real map.
execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, '../../scripts/gen-web-routes.mts')], { stdio: 'inherit' });

const nextConfig: NextConfig = {
  // packages/shared ships TypeScript source with extensionless relative imports: let Next compile it.
  transpilePackages: ['@stagepass/shared'],
  // A second dev server on the same checkout needs its own build directory (NEXT_DIST_DIR=.next-x).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  poweredByHeader: false,
  // The monorepo root holds the lockfile; tell Turbopack so it does not guess.
  turbopack: { root: path.join(__dirname, '../..'), resolveAlias: { '@stagepass/shared/routes': { browser: './.generated/routes.browser.ts' } } },
  outputFileTracingRoot: path.join(__dirname, '../..'),
  images: { unoptimized: true },
  // WEB_SOURCEMAPS=1 npm run build: browser source maps, to see what a page's chunks hold.
  productionBrowserSourceMaps: process.env.WEB_SOURCEMAPS === '1',
  // WEB_BUILD_SKIP_TYPECHECK=1 (set by .ci/run only): the build leaves type checking to CI's
  // typecheck stage (`tsc -p apps/web`, after the build so it sees Next's generated route types)
  // instead of checking the same files twice. Every other build checks types as usual.
  typescript: { ignoreBuildErrors: process.env.WEB_BUILD_SKIP_TYPECHECK === '1' },
};

// next-intl (apps/web README "Languages"): the per-request locale and messages come from src/i18n/request.ts.
const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

export default withNextIntl(nextConfig);
