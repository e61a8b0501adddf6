import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 33 §1 "nothing loaded when not set": the API's static import graph — app.ts, server.ts and
 * worker.ts and every file of ours they import, statically, as loaded before the config is read —
 * reaches no OpenTelemetry package; tracing-otel.ts (the only file that imports them) is reached
 * only through tracing.ts's dynamic `import()`, which `startTracing` makes when an OTLP endpoint
 * is configured. (tracing.test.ts checks the other side: with an endpoint, real spans are exported.)
 *
 * This walks the source instead of importing the whole API in two fresh processes and recording
 * what they resolve, which took a minute of CPU beside CI's other stages and proved the same of
 * our code.
 */
const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// `import … from '…'`, `import '…'`, `export … from '…'` — not `import type` (erased), not `import('…')`.
// The part before `from` stays inside one statement (no quote, no semicolon).
const STATIC = /^\s*(?:import(?!\s+type\s)(?:[^;'"]*?\sfrom)?|export(?!\s+type\s)[^;'"]*?\sfrom)\s*['"]([^'"]+)['"]/gm;

function resolveOwn(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const f of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (fs.existsSync(f) && fs.statSync(f).isFile()) return f;
  return null;
}

/** Every file of ours statically reachable from the entries, and every package they import. */
function staticGraph(entries: string[]) {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(STATIC)) {
      const spec = m[1]!;
      if (spec.startsWith('.')) {
        const target = resolveOwn(file, spec);
        if (target) queue.push(target);
        else if (!/\.(json|css)$/.test(spec)) throw new Error(`${path.relative(SRC, file)}: cannot resolve ${spec}`);
      } else if (!packages.has(spec)) packages.set(spec, path.relative(SRC, file));
    }
  }
  return { files, packages };
}

describe('tracing is loaded only when configured', () => {
  const { files, packages } = staticGraph(['app.ts', 'server.ts', 'worker.ts'].map((f) => path.join(SRC, f)));

  it('the static graph is the whole API (the walk follows real imports)', () => {
    expect(files.size).toBeGreaterThan(200);
    expect(files.has(path.join(SRC, 'platform/tracing.ts'))).toBe(true);
    expect(packages.has('fastify')).toBe(true);
  });

  it('reaches no OpenTelemetry package and not tracing-otel.ts, which tracing.ts imports dynamically', () => {
    const otel = [...packages].filter(([spec]) => spec.startsWith('@opentelemetry/')).map(([spec, by]) => `${spec} (from ${by})`);
    expect(otel).toEqual([]);
    expect(files.has(path.join(SRC, 'platform/tracing-otel.ts'))).toBe(false);
    expect(fs.readFileSync(path.join(SRC, 'platform/tracing.ts'), 'utf8')).toMatch(/await import\('\.\/tracing-otel'\)/);
  });

  it('the detector itself sees a static OpenTelemetry import (tracing-otel.ts walked as an entry)', () => {
    const g = staticGraph([path.join(SRC, 'platform/tracing-otel.ts')]);
    expect([...g.packages.keys()]).toEqual(expect.arrayContaining(['@opentelemetry/api', '@opentelemetry/sdk-trace', '@opentelemetry/exporter-trace-otlp-http']));
  });
});
