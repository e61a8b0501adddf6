import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * After the run, the 10 slowest test files of each project (vitest.config.ts adds this reporter
 * when CI is set; `.ci/run` shows it): the time from the file's start to its end — import,
 * hooks and tests — as the worker saw it.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const byProject = new Map<string, Array<{ file: string; ms: number; tests: number }>>();
    for (const m of testModules) {
      const d = m.diagnostic();
      const ms = d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
      const list = byProject.get(m.project.name) ?? [];
      list.push({ file: path.relative(process.cwd(), m.moduleId), ms, tests: [...m.children.allTests()].length });
      byProject.set(m.project.name, list);
    }
    for (const [project, files] of byProject) {
      files.sort((a, b) => b.ms - a.ms);
      const total = files.reduce((s, f) => s + f.ms, 0);
      console.log(`\nSlowest test files, ${project} (${files.length} files, ${(total / 1000).toFixed(0)} s summed over workers):`);
      for (const f of files.slice(0, 10)) console.log(`  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.file} (${f.tests} tests)`);
    }
  }
}
