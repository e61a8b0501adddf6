import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Says which tests needed a retry to pass (and why the first attempt failed), at the end of the
 * run, so a flaky test is seen and fixed rather than hidden by `retries`. Also lists the tests
 * that failed for good. CI (`.ci/run`) uses it with the list reporter.
 */
export default class FlakyReporter implements Reporter {
  private failures = new Map<TestCase, string[]>();
  private ran = 0;

  onTestEnd(test: TestCase, result: TestResult) {
    this.ran++;
    if (result.status === 'failed' || result.status === 'timedOut') {
      const first = result.errors[0]?.message?.split('\n').find((l) => l.trim()) ?? result.status;
      this.failures.set(test, [...(this.failures.get(test) ?? []), `attempt ${result.retry + 1}: ${strip(first).slice(0, 200)}`]);
    }
  }

  onEnd(_result: FullResult) {
    const flaky = [...this.failures.keys()].filter((t) => t.outcome() === 'flaky');
    const title = (t: TestCase) => `${t.location.file.replace(process.cwd() + '/', '')}:${t.location.line} › ${t.title}`;
    if (!this.ran) return;
    if (!flaky.length) {
      console.log('\nFlaky tests: none (no test needed a retry).');
      return;
    }
    console.log(`\n⚠ Flaky tests: ${flaky.length} passed only on retry — fix them, do not rely on retries:`);
    for (const t of flaky) {
      console.log(`  • [${t.parent.project()?.name}] ${title(t)}`);
      for (const f of this.failures.get(t)!) console.log(`      ${f}`);
    }
  }

  printsToStdio() {
    return false;
  }
}

// eslint-disable-next-line no-control-regex -- the terminal's colour codes start with ESC
const strip = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');
