#!/usr/bin/env node
/**
 * The web's first-load JavaScript budget, checked in CI after `npm run build`
 * (`npm run check:budgets`). Each page's first-load chunks — as `next build` lists them in
 * .next/diagnostics/route-bundle-stats.json — are gzipped (level 9, each chunk once) and summed;
 * the check fails when any page is over its budget in apps/web/budgets.json, so a page cannot
 * grow unnoticed.
 *
 * The budgets are a ratchet: `--write` sets every page's budget to its size now plus 3 % (run it
 * after making a page smaller, and commit the file). A page without a budget gets `default`.
 * `goalKb` is the target (200 kB): the stack's floor is above it (Next 16 + React 19 alone
 * is 135 kB, with antd's ConfigProvider + App + one Button 228 kB; see bench/README.md), so it is
 * printed for reference, not enforced.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const budgetsFile = path.join(webDir, 'budgets.json');

/** Every page's first-load JS, gzip bytes, largest first. */
export function firstLoadJs(distDir = path.join(webDir, process.env.NEXT_DIST_DIR || '.next')) {
  const statsFile = path.join(distDir, 'diagnostics/route-bundle-stats.json');
  if (!existsSync(statsFile)) throw new Error(`${path.relative(root, statsFile)} is missing: run \`npm run build\` first`);
  const stats = JSON.parse(readFileSync(statsFile, 'utf8'));
  const gz = new Map();
  const sizeOf = (chunk) => {
    if (!gz.has(chunk)) gz.set(chunk, gzipSync(readFileSync(path.join(distDir, path.relative('.next', chunk))), { level: 9 }).length);
    return gz.get(chunk);
  };
  return stats
    .map((s) => ({ route: s.route, chunks: s.firstLoadChunkPaths.length, gzipBytes: s.firstLoadChunkPaths.reduce((n, c) => n + sizeOf(c), 0) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

export function readBudgets() {
  return JSON.parse(readFileSync(budgetsFile, 'utf8'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = firstLoadJs();
  const budgets = readBudgets();
  const kb = (b) => (b / 1000).toFixed(1);
  if (process.argv.includes('--write')) {
    budgets.firstLoadJsKb.pages = Object.fromEntries(rows.map((r) => [r.route, Math.ceil((r.gzipBytes / 1000) * 1.03)]).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(budgetsFile, `${JSON.stringify(budgets, null, 2)}\n`);
    console.log(`wrote ${rows.length} page budgets to ${path.relative(root, budgetsFile)}`);
    process.exit(0);
  }
  const { pages, default: fallback, goalKb } = budgets.firstLoadJsKb;
  let over = 0;
  console.log(`first-load JS per page, gzip (budget per page from apps/web/budgets.json; goal ${goalKb} kB)`);
  for (const r of rows) {
    const budget = pages[r.route] ?? fallback;
    const bad = r.gzipBytes > budget * 1000;
    if (bad) over++;
    console.log(`${bad ? '✗' : '✓'} ${kb(r.gzipBytes).padStart(7)} kB / ${String(budget).padStart(4)} kB  ${String(r.chunks).padStart(3)} chunks  ${r.route}${pages[r.route] ? '' : '  (default budget)'}`);
  }
  if (over) {
    console.error(`\n${over} page(s) over budget: make them lighter (load dialogs, editors and charts on demand), or raise the page's budget in apps/web/budgets.json with the reason in the commit`);
    process.exit(1);
  }
  console.log(`\nall ${rows.length} pages within budget`);
}
