import type { NextConfig } from 'next';
import path from 'node:path';

const nextConfig: NextConfig = {
  // packages/shared ships TypeScript source with extensionless relative imports: let Next compile it.
  transpilePackages: ['@stagepass/shared'],
  // A second dev server on the same checkout needs its own build directory (NEXT_DIST_DIR=.next-x).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  poweredByHeader: false,
  // The monorepo root holds the lockfile; tell Turbopack so it does not guess.
  turbopack: { root: path.join(__dirname, '../..') },
  outputFileTracingRoot: path.join(__dirname, '../..'),
  images: { unoptimized: true },
  // WEB_SOURCEMAPS=1 npm run build: browser source maps, to see what a page's chunks hold.
  productionBrowserSourceMaps: process.env.WEB_SOURCEMAPS === '1',
};

export default nextConfig;
