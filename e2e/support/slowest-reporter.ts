import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * After the run, the 10 slowest spec files (playwright.config.ts adds this reporter when CI is
 * set; `.ci/run` shows it, like scripts/vitest-slowest-reporter.ts for vitest): the summed time of
 * their tests, hooks and fixtures, retries included.
 */
export default class SlowestFilesReporter implements Reporter {
  private files = new Map<string, { ms: number; tests: Set<TestCase> }>();

  onTestEnd(test: TestCase, result: TestResult) {
    const file = path.relative(process.cwd(), test.location.file);
    const f = this.files.get(file) ?? { ms: 0, tests: new Set() };
    f.ms += result.duration;
    f.tests.add(test);
    this.files.set(file, f);
  }

  onEnd(_result: FullResult) {
    if (!this.files.size) return;
    const files = [...this.files].sort((a, b) => b[1].ms - a[1].ms);
    const total = files.reduce((s, [, f]) => s + f.ms, 0);
    console.log(`\nSlowest spec files, e2e (${files.length} files, ${(total / 1000).toFixed(0)} s of tests):`);
    for (const [file, f] of files.slice(0, 10)) console.log(`  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${file} (${f.tests.size} tests)`);
  }

  printsToStdio() {
    return false;
  }
}
